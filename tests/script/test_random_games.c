/* Whole games played by uniformly random choices through the decision model. */
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "harness_game.h"
#include "invariants.h"
#include "score.h"
#include "session.h"

static uint64_t mix(uint64_t *x)
{
    *x ^= *x << 13; *x ^= *x >> 7; *x ^= *x << 17;
    return *x;
}

/* Plays one game to the end; returns decisions made, or -1 on an error (a
 * refused apply, a stall, a broken invariant or a script error). */
static int play_random_game(Session *s, int players, const char *variant, uint64_t seed, int check)
{
    GameOptions o = { .players = (uint8_t)players, .setup_variation = 1, .variant = "" };
    snprintf(o.variant, sizeof o.variant, "%s", variant);
    char err[256];
    if (session_new_game(s, &o, seed, err, sizeof err)) {
        printf("  new game: %s\n", err);
        return -1;
    }
    static Option opts[MAX_OPTIONS];
    uint64_t pick = seed * 2654435761u + 1;
    int decisions = 0;
    while (!game_over(&s->game)) {
        int n = game_options(&s->game, opts, MAX_OPTIONS);
        if (n <= 0) {
            printf("  seed %llu: no options at a %s decision\n", (unsigned long long)seed,
                   decision_kind_name(s->game.pending.kind));
            return -1;
        }
        if (game_apply(&s->game, (int)(mix(&pick) % (uint64_t)n), err, sizeof err)) {
            printf("  seed %llu: %s\n", (unsigned long long)seed, err);
            return -1;
        }
        decisions++;
        const char *script_error = th_script_error(s, &s->game);
        if (script_error) {
            printf("  seed %llu, decision %d: %s\n", (unsigned long long)seed, decisions, script_error);
            return -1;
        }
        if (check && invariants_check(&s->game, err, sizeof err)) {
            printf("  seed %llu, decision %d: invariant broken: %s\n", (unsigned long long)seed,
                   decisions, err);
            return -1;
        }
        if (decisions > 200000) {
            printf("  seed %llu: no end after 200000 decisions\n", (unsigned long long)seed);
            return -1;
        }
    }
    return decisions;
}

/* 1,000 seeded games per player count in the release build; fewer under the
 * sanitizers, which run every decision some ten times slower. */
#if defined(__SANITIZE_ADDRESS__)
#define GAMES_PER_COUNT 60
#else
#define GAMES_PER_COUNT 1000
#endif

static void play_many(int players, const char *variant)
{
    static Session s;
    char err[256];
    REQUIRE(session_open(&s, ".", err, sizeof err) == 0);
    s.quiet = 1;   /* a script error fails its game below, with its message */
    int failures = 0;
    for (uint64_t seed = 1; seed <= GAMES_PER_COUNT && failures < 3; seed++)
        failures += play_random_game(&s, players, variant, seed, 1) < 0;
    CHECK_EQ(failures, 0);
    session_close(&s);
}

TEST(random_games_two_players_finish_with_invariants_held) { play_many(2, ""); }
TEST(random_games_three_players_symbiosis_finish_with_invariants_held) { play_many(3, "symbiosis"); }
TEST(random_games_four_players_to_the_left_finish_with_invariants_held) { play_many(4, "to_the_left"); }
TEST(random_games_five_players_symbiosis_finish_with_invariants_held) { play_many(5, "symbiosis"); }

/* The check every game-playing test shares (tests/harness_game.h): a script
 * error recorded the way the script layer records it is reported with its
 * message; a clone's errors, which carry no message, by their count. */
TEST(random_games_report_a_script_error_with_its_message)
{
    static Session s;
    static Game clone;
    char err[256];
    REQUIRE(session_open(&s, ".", err, sizeof err) == 0);
    s.quiet = 1;
    GameOptions o = { .players = 2, .setup_variation = 1 };
    REQUIRE(session_new_game(&s, &o, 5, err, sizeof err) == 0);
    CHECK(th_script_error(&s, &s.game) == NULL);
    session_script_error(&s, &s.game, "collect", "scripts/powers/x.lua:3: attempt to index a nil value");
    s.game.script_errors++;
    CHECK_STR_CONTAINS(th_script_error(&s, &s.game), "x.lua:3: attempt to index a nil value");
    clone = s.game;
    CHECK_STR_CONTAINS(th_script_error(&s, &clone), "1 script error");
    CHECK_STR_CONTAINS(th_script_error(NULL, &clone), "1 script error");
    session_close(&s);
}
