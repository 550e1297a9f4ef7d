/* The engine and the bots keep no static scratch state: two games played at
 * once on two threads end exactly as the same games played one after the
 * other. Core only (no scripts), bots that think (greedy, mcts with its tree
 * kept between decisions). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "core/fixtures.h"
#include "harness.h"
#include "harness_game.h"

typedef struct ThreadGame {
    uint64_t seed;
    int seats[2];        /* BotKind per seat */
    uint64_t hash;       /* game_hash at the end */
    int decisions, failed;
} ThreadGame;

static void play(ThreadGame *t)
{
    static const GameOptions o = { .players = 2, .setup_variation = 1 };
    Game *g = calloc(1, sizeof *g);
    Option *opts = malloc(sizeof *opts * MAX_OPTIONS);
    char err[200];
    t->failed = !g || !opts || game_init(g, fx_rules(), &o, t->seed, NULL, NULL, err, sizeof err) != 0;
    Bot bots[2];
    for (int p = 0; p < 2; p++) {
        BotConfig c;
        bot_config_default(&c, t->seats[p]);
        c.iterations = 12;
        bot_init(&bots[p], &c, t->seed * 31 + (uint64_t)p);
    }
    for (t->decisions = 0; !t->failed && !game_over(g) && t->decisions < 160; t->decisions++) {
        int n = game_options(g, opts, MAX_OPTIONS);
        int pick = bot_choose(&bots[g->pending.player], g, opts, n);
        for (int p = 0; p < 2 && pick >= 0; p++)
            bot_observe(&bots[p], g, pick);
        t->failed = pick < 0 || game_apply(g, pick, err, sizeof err) != 0;
    }
    t->failed = t->failed || th_script_error(NULL, g) != NULL;   /* no th_fail off the main thread */
    t->hash = t->failed ? 0 : game_hash(g);
    bot_free(&bots[0]);
    bot_free(&bots[1]);
    free(opts);
    free(g);
}

static void *play_thread(void *arg)
{
    play(arg);
    return NULL;
}

TEST(two_games_on_two_threads_end_as_they_do_one_after_the_other)
{
    fx_rules();   /* the fixture's rules are loaded once, before any thread starts */
    ThreadGame alone[2] = { { .seed = 11, .seats = { BOT_GREEDY, BOT_MCTS } },
                            { .seed = 12, .seats = { BOT_MCTS, BOT_RANDOM } } };
    ThreadGame both[2];
    memcpy(both, alone, sizeof both);
    play(&alone[0]);
    play(&alone[1]);
    pthread_t th[2];
    for (int i = 0; i < 2; i++)
        REQUIRE(pthread_create(&th[i], NULL, play_thread, &both[i]) == 0);
    for (int i = 0; i < 2; i++)
        REQUIRE(pthread_join(th[i], NULL) == 0);
    for (int i = 0; i < 2; i++) {
        CHECK(!alone[i].failed && !both[i].failed);
        CHECK(alone[i].decisions > 20);
        CHECK_EQ(both[i].decisions, alone[i].decisions);
        CHECK(both[i].hash == alone[i].hash);
    }
    CHECK(alone[0].hash != alone[1].hash);
}
