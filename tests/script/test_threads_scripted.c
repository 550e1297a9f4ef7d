/* The script layer keeps no state between sessions: two sessions playing
 * scripted games (every power dealt across them) and saving and loading them
 * back, on two threads at once, end exactly as they do one after the other.
 * tests/bot/test_threads.c is the same rule for the core and the bots. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness.h"
#include "save.h"
#include "session.h"

#define THREAD_GAMES 12

typedef struct ScriptedRun {
    uint64_t seed;
    int players;
    uint64_t hashes[THREAD_GAMES];   /* game_hash of each game at its end */
    int decisions, failed;
    char why[300];
} ScriptedRun;

static uint64_t next_pick(uint64_t *x)
{
    *x ^= *x << 13; *x ^= *x >> 7; *x ^= *x << 17;
    return *x;
}

/* Game k of the run: three powers dealt, the next three of the list each game. */
static int play_one(Session *s, ScriptedRun *r, int k)
{
    GameOptions o = { .players = (uint8_t)r->players, .setup_variation = 1 };
    int cards = s->rules.power_card_count;
    for (int j = 0; j < 3 && cards > 0; j++)
        o.deal |= (uint64_t)1 << ((3 * k + j) % cards);
    char err[256];
    if (session_new_game(s, &o, r->seed + (uint64_t)k, err, sizeof err)) {
        snprintf(r->why, sizeof r->why, "new game %d: %s", k, err);
        return -1;
    }
    Option *opts = s->option_scratch;   /* the session's own room, as a reader's */
    uint64_t pick = r->seed * 2654435761u + (uint64_t)k + 1;
    for (int d = 0; !game_over(&s->game); d++, r->decisions++) {
        int n = game_options(&s->game, opts, MAX_OPTIONS);
        if (n <= 0 || d > 20000 || game_apply(&s->game, (int)(next_pick(&pick) % (uint64_t)n), err, sizeof err) ||
            s->game.script_errors) {
            snprintf(r->why, sizeof r->why, "game %d, decision %d: %.200s", k, d,
                     s->game.script_errors ? s->error : n <= 0 ? "no options" : err);
            return -1;
        }
    }
    /* Its save, parsed and restored: the save parser's memory counts are per thread. */
    SaveMeta meta;
    session_save_meta(s, &meta);
    char *text = save_to_string(&s->game, &s->log, &meta);
    LoadedSave ls;
    Game *back = malloc(sizeof *back);
    int bad = !text || !back || save_parse(text, &ls, err, sizeof err) != 0;
    if (!bad) {
        bad = save_restore(back, &s->rules, &ls, NULL, session_hooks(), s, err, sizeof err) != 0 ||
              game_hash(back) != game_hash(&s->game);
        loaded_save_free(&ls);
    }
    s->current = &s->game;
    free(back);
    free(text);
    if (bad) {
        snprintf(r->why, sizeof r->why, "game %d: its save does not load back: %s", k, err);
        return -1;
    }
    r->hashes[k] = game_hash(&s->game);
    return 0;
}

static void *run_games(void *arg)
{
    ScriptedRun *r = arg;
    Session *s = calloc(1, sizeof *s);
    char err[256];
    r->failed = !s || session_open(s, ".", err, sizeof err) != 0;
    if (r->failed) {
        snprintf(r->why, sizeof r->why, "session: %s", s ? err : "out of memory");
        free(s);
        return NULL;
    }
    s->quiet = 1;   /* a script error fails the run below, with its message */
    for (int k = 0; k < THREAD_GAMES && !r->failed; k++)
        r->failed = play_one(s, r, k) != 0;
    session_close(s);
    free(s);
    return NULL;
}

TEST(two_scripted_sessions_on_two_threads_end_as_they_do_one_after_the_other)
{
    ScriptedRun alone[2] = { { .seed = 501, .players = 2 }, { .seed = 777, .players = 3 } };
    ScriptedRun both[2] = { alone[0], alone[1] };
    run_games(&alone[0]);
    run_games(&alone[1]);
    pthread_t th[2];
    for (int i = 0; i < 2; i++)
        REQUIRE(pthread_create(&th[i], NULL, run_games, &both[i]) == 0);
    for (int i = 0; i < 2; i++)
        REQUIRE(pthread_join(th[i], NULL) == 0);
    for (int i = 0; i < 2; i++) {
        if (alone[i].failed || both[i].failed)
            printf("  run %d: %s%s\n", i, alone[i].why, both[i].why);
        CHECK(!alone[i].failed && !both[i].failed);
        CHECK(alone[i].decisions > 100 * THREAD_GAMES);
        CHECK_EQ(both[i].decisions, alone[i].decisions);
        for (int k = 0; k < THREAD_GAMES; k++)
            CHECK(both[i].hashes[k] == alone[i].hashes[k]);
    }
    CHECK(alone[0].hashes[0] != alone[1].hashes[0]);
}
