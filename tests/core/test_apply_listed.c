/* game_apply_listed, the loop callers' fast path: the options it returns are
 * game_options' of the state it leaves, and the game it plays is the one
 * game_apply plays (same hashes at every step), with every power in play. */
#include <string.h>

#include "fixtures.h"
#include "harness.h"
#include "harness_game.h"
#include "session.h"

static bool same_options(const Option *a, const Option *b, int n)
{
    for (int i = 0; i < n; i++)
        if (memcmp(&a[i], &b[i], sizeof(Option)) != 0)
            return false;
    return true;
}

/* Plays one random game twice in step, through game_apply_listed (fast) and
 * game_apply (checked); returns the decisions made, or -1 after a failure. */
static int play_in_step(Session *s, Game *fast, Game *checked, uint64_t seed)
{
    static Option listed[MAX_OPTIONS], fresh[MAX_OPTIONS];
    char err[300];
    Rng r;
    rng_seed(&r, seed);
    int n = game_options(fast, listed, MAX_OPTIONS), d = 0;
    for (; d < 3000 && !game_over(fast); d++) {
        int pick = (int)rng_below(&r, (uint32_t)n);
        s->current = checked;
        REQUIRE(game_apply(checked, pick, err, sizeof err) == 0);
        s->current = fast;
        n = game_apply_listed(fast, &listed[pick], listed, err, sizeof err);
        REQUIRE(n >= 0);
        int m = game_options(fast, fresh, MAX_OPTIONS);
        if (m != n || !same_options(listed, fresh, n) || game_hash(fast) != game_hash(checked)) {
            th_fail(__FILE__, __LINE__, "seed %llu, decision %d: the fast path left %d options, game_options %d%s",
                    (unsigned long long)seed, d, n, m, game_hash(fast) != game_hash(checked) ? ", hashes differ" : "");
            return -1;
        }
    }
    CHECK(game_over(fast));
    return d;
}

TEST(apply_listed_returns_the_next_listing_and_plays_the_same_game)
{
    static Session s;
    static Game fast, checked;
    char err[300];
    REQUIRE(session_open(&s, fx_root(), err, sizeof err) == 0);
    s.quiet = 1;
    int cards = s.rules.power_card_count, decisions = 0;
    for (uint64_t k = 0; k < 12; k++) {
        GameOptions go = { .players = (uint8_t)(2 + k % 3), .setup_variation = 1 };
        for (int j = 0; j < 3 && cards > 0; j++)   /* three powers a game, every one across the run */
            go.deal |= (uint64_t)1 << ((3 * (int)k + j) % cards);
        REQUIRE(game_init(&fast, &s.rules, &go, 100 + k, session_hooks(), &s, err, sizeof err) == 0);
        fast.log = NULL;
        checked = fast;
        int d = play_in_step(&s, &fast, &checked, 100 + k);
        if (d < 0)
            break;
        decisions += d;
        CHECK_NO_SCRIPT_ERROR(NULL, &fast, "seed %llu", (unsigned long long)(100 + k));
    }
    s.current = &s.game;
    CHECK(decisions > 1000);
    session_close(&s);
}

/* Debug builds check every game; release builds the recorded games whose
 * hooks ask for it (GameHooks.verify_listed: mods that take part in listing). */
static void check_refused(Game *g)
{
    static Option o[MAX_OPTIONS];
    char err[400];
    int n = game_options(g, o, MAX_OPTIONS);
    REQUIRE(n > 0);
    uint64_t before = game_hash(g);
    Option bogus = { VERB_RESOURCE, 200, 0, 0, 0 };
    CHECK_EQ(game_apply_listed(g, &bogus, o, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "not listed for the same position when listed again");
    CHECK(game_hash(g) == before);
}

TEST(apply_listed_checks_the_choice_when_the_game_asks_it)
{
    static Game g;
    static ActionLog log;
    fx_game(&g, 2);
    g.verify_listed = 1;
    g.log = &log;   /* the recorded game: a bot's clone (no log) is not checked in release builds */
    check_refused(&g);
    CHECK_EQ(log.len, 0);
    action_log_free(&log);
}

#ifndef NDEBUG
TEST(apply_listed_checks_the_choice_in_debug_builds)
{
    static Game g;
    static Option o[MAX_OPTIONS];
    char err[400];
    fx_game(&g, 2);
    int n = game_options(&g, o, MAX_OPTIONS);
    REQUIRE(n > 0);
    uint64_t before = game_hash(&g);
    Option bogus = { VERB_RESOURCE, 200, 0, 0, 0 };
    CHECK_EQ(game_apply_listed(&g, &bogus, o, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "not listed");
    CHECK(game_hash(&g) == before);
}
#endif
