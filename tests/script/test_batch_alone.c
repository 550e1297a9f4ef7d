/* A game played as a later game of a batch is the game played alone: the
 * base rules alone, then each folder of mods/ on top of them, play games of
 * every player count with every power card dealt in turn, one session for
 * all, and each is played again alone in a fresh session
 * (session_replay_alone) to the same state hash after every action. A mod
 * added to mods/ is covered without touching this file. The check itself
 * fails when a hash or an action differs. */
#include <dirent.h>
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "harness_game.h"
#include "session.h"

#define SEEDS_PER_COUNT 3
#define MAX_ACTIONS 20000

static Option actions[MAX_ACTIONS];
static uint64_t hashes[MAX_ACTIONS + 1];

typedef struct Start {
    GameOptions go;
    uint64_t seed;
} Start;

static int start(Session *s, void *ud, char *err, int errlen)
{
    const Start *st = ud;
    return session_new_game(s, &st->go, st->seed, err, errlen);
}

/* Plays s's game with option (seed * 7 + k * 13) % n at decision k,
 * recording each action and the hash after it; returns how many. */
static int play_out(Session *s)
{
    static Option o[MAX_OPTIONS];
    char err[256];
    uint64_t seed = s->game.seed;
    hashes[0] = game_hash(&s->game);
    int k = 0;
    for (; k < MAX_ACTIONS && !game_over(&s->game); k++) {
        int n = game_options(&s->game, o, MAX_OPTIONS);
        REQUIRE(n > 0);
        actions[k] = o[(seed * 7 + (uint64_t)k * 13) % (uint64_t)n];
        Option taken = actions[k];
        REQUIRE(game_apply_option(&s->game, &taken, err, sizeof err) == 0);
        hashes[k + 1] = game_hash(&s->game);
    }
    CHECK(game_over(&s->game));
    return k;
}

/* Opens the rules with `mods` (NULL: none), then plays 2-5 player games,
 * every card dealt to the grid in some game, each checked alone. */
static void check_batch_alone(const char *mods)
{
    static Session s;
    char err[1024];
    int rc = session_open_mods(&s, ".", mods, err, sizeof err);
    if (rc)
        printf("    %s: %s\n", mods ? mods : "base rules", err);
    REQUIRE(rc == 0);
    s.quiet = 1;
    int cards = s.rules.power_card_count, game = 0;
    for (int players = 2; players <= 5; players++)
        for (uint64_t seed = 1; seed <= SEEDS_PER_COUNT; seed++, game++) {
            Start st = { .go = { .players = (uint8_t)players, .setup_variation = (uint8_t)(1 + seed % 2) },
                         .seed = seed };
            snprintf(st.go.variant, sizeof st.go.variant, "%s", seed % 2 ? "symbiosis" : "to_the_left");
            for (int j = 0; j < 4; j++)
                st.go.deal |= (uint64_t)1 << ((game * 4 + j) % cards);
            REQUIRE(session_new_game(&s, &st.go, seed, err, sizeof err) == 0);
            int n = play_out(&s);
            CHECK_NO_SCRIPT_ERROR(&s, &s.game, "%s, %d players, seed %llu", mods ? mods : "base rules",
                                  players, (unsigned long long)seed);
            rc = session_replay_alone(&s, start, &st, actions, hashes, n, err, sizeof err);
            if (rc)
                printf("    %s, %d players, seed %llu: %s\n", mods ? mods : "base rules", players,
                       (unsigned long long)seed, err);
            CHECK(rc == 0);
        }
    session_close(&s);
}

TEST(batch_games_play_as_alone_with_the_base_rules)
{
    check_batch_alone(NULL);
}

TEST(batch_games_play_as_alone_with_every_shipped_mod)
{
    DIR *d = opendir("mods");
    REQUIRE(d != NULL);
    int checked = 0;
    for (struct dirent *e; (e = readdir(d));) {
        char manifest[600];
        snprintf(manifest, sizeof manifest, "mods/%s/mod.lua", e->d_name);
        FILE *f = e->d_name[0] != '.' ? fopen(manifest, "r") : NULL;
        if (!f)
            continue;
        fclose(f);
        check_batch_alone(e->d_name);
        checked++;
    }
    closedir(d);
    CHECK(checked >= 2);
}

/* The check names the first action after which the game alone differs, and
 * an action that is not legal alone. */
TEST(batch_alone_check_names_the_first_differing_action)
{
    static Session s;
    char err[1024];
    REQUIRE(session_open_mods(&s, ".", NULL, err, sizeof err) == 0);
    s.quiet = 1;
    Start st = { .go = { .players = 2, .setup_variation = 1 }, .seed = 9 };
    REQUIRE(session_new_game(&s, &st.go, st.seed, err, sizeof err) == 0);
    int n = play_out(&s);
    REQUIRE(n > 20);
    CHECK_EQ(session_replay_alone(&s, start, &st, actions, hashes, n, err, sizeof err), 0);
    hashes[13] ^= 1;
    CHECK_EQ(session_replay_alone(&s, start, &st, actions, hashes, n, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "the game differs when played alone from action 12 (");
    hashes[13] ^= 1;
    hashes[0] ^= 1;
    CHECK_EQ(session_replay_alone(&s, start, &st, actions, hashes, n, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "from its start");
    hashes[0] ^= 1;
    actions[5].verb = VERB_PASS;
    actions[5].cell = 0;
    CHECK_EQ(session_replay_alone(&s, start, &st, actions, hashes, n, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "action 5 (");
    session_close(&s);
}
