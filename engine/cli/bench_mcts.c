/* bench: MCTS iterations per second on positions from real games. */
#include "bench.h"

double bench_mcts_rate(Session *s, const BotConfig *cfg, uint64_t seed, int decisions)
{
    static Option opts[MAX_OPTIONS];
    static Game g;
    GameOptions o = { .players = 2, .setup_variation = 1 };
    char err[256];
    Bot b, mover;
    BotConfig rnd;
    bot_config_default(&rnd, BOT_RANDOM);
    bot_init(&b, cfg, seed);
    double spent = 0;
    uint64_t done = 0;
    /* Random play moves the game on; every 7th decision with a choice, mcts
     * thinks on it from a fresh tree (nothing is observed, so no tree is kept). */
    for (uint64_t k = 0; done < (uint64_t)decisions && k < 1000; k++) {
        if (game_init(&g, &s->rules, &o, seed + k, session_hooks(), s, err, sizeof err))
            break;
        s->current = &g;
        bot_init(&mover, &rnd, seed + k);
        for (int d = 0; !game_over(&g) && done < (uint64_t)decisions; d++) {
            int n = game_options(&g, opts, MAX_OPTIONS);
            if (n > 1 && d % 7 == 0) {
                uint64_t before = b.iterations;
                double t0 = bench_cpu_now();
                bot_choose(&b, &g, opts, n);
                spent += bench_cpu_now() - t0;
                done += b.iterations > before;
            }
            if (game_apply(&g, bot_choose(&mover, &g, opts, n), err, sizeof err))
                break;
        }
    }
    s->current = &s->game;
    double rate = spent > 0 ? b.iterations / spent : 0;
    bot_free(&b);
    return rate;
}
