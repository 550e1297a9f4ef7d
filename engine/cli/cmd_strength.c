/* strength: how much better one bot plays than another. Each pairing plays
 * N 2-player games: N/2 seeds with the first bot in seat A, then the same
 * seeds with the seats swapped, so neither seat nor seed favours a side.
 * Prints each bot's win rate (shared wins count as halves) with its 95%
 * Wilson interval. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "stats.h"

static int play_pairing(const CliArgs *a, const BotConfig *x, const BotConfig *y, uint64_t seed, uint64_t seeds,
                        int jobs)
{
    double wins = 0, games = 0, ties = 0;
    for (int swap = 0; swap < 2; swap++) {
        SimConfig c;
        memset(&c, 0, sizeof c);
        c.root = a->root;
        c.options = (GameOptions){ .players = 2, .setup_variation = 1, .variant = "symbiosis" };
        c.seed = seed;
        c.games = seeds;
        c.shard_n = 1;
        c.jobs = jobs;
        c.label = "strength";
        c.seats[0] = swap ? *y : *x;
        c.seats[1] = swap ? *x : *y;
        FILE *tmp = tmpfile();
        if (!tmp || sim_run(&c, tmp, NULL)) {
            if (tmp)
                fclose(tmp);
            return 1;
        }
        rewind(tmp);
        GameRecord *recs;
        char err[300];
        int n = records_read(tmp, "strength", &recs, err, sizeof err);
        fclose(tmp);
        if (n < 0) {
            fprintf(stderr, "volcanique strength: %s\n", err);
            return 1;
        }
        int xs = swap ? 1 : 0;
        for (int i = 0; i < n; i++) {
            int k = __builtin_popcount((unsigned)recs[i].winners);
            if ((recs[i].winners >> xs) & 1)
                wins += 1.0 / k;
            ties += k > 1;
            games += 1;
        }
        free(recs);
    }
    char nx[40], ny[40];
    bot_spec(x, nx, sizeof nx);
    bot_spec(y, ny, sizeof ny);
    double lo, hi;
    wilson(wins, games, &lo, &hi);
    printf("%-10s vs %-10s %4.0f games (%llu seeds, seats swapped): %s wins %5.1f%% [%5.1f, %5.1f], "
           "%s wins %5.1f%%, shared %.0f%s\n", nx, ny, games, (unsigned long long)seeds, nx, 100 * wins / games,
           100 * lo, 100 * hi, ny, 100 * (games - wins) / games, ties,
           lo > 0.5 ? "  (stronger)" : hi < 0.5 ? "  (weaker)" : "  (no clear difference)");
    fflush(stdout);
    return 0;
}

int cmd_strength(const CliArgs *a)
{
    uint64_t games = 200, seed = 1, jobs = 1;
    BotConfig mcts, greedy, random;
    bot_config_default(&mcts, BOT_MCTS);
    bot_config_default(&greedy, BOT_GREEDY);
    bot_config_default(&random, BOT_RANDOM);
    for (int i = 0; i < a->argc;) {
        const char *opt = a->argv[i], *val = i + 1 < a->argc ? a->argv[i + 1] : NULL;
        if (strcmp(opt, "--games") == 0 && val) {
            if (cli_number(val, "--games", 2, 1000000, &games))
                return 2;
        } else if (strcmp(opt, "--seed") == 0 && val) {
            if (cli_number(val, "--seed", 0, UINT64_MAX, &seed))
                return 2;
        } else if (strcmp(opt, "--jobs") == 0 && val) {
            if (cli_number(val, "--jobs", 1, 64, &jobs))
                return 2;
        } else if (strcmp(opt, "--mcts") == 0 && val) {
            if (bot_parse(val, &mcts) || mcts.kind != BOT_MCTS) {
                fprintf(stderr, "volcanique strength: --mcts: expected mcts, mcts:N or mcts:Nms, got '%s'\n", val);
                return 2;
            }
        } else {
            fprintf(stderr, "volcanique strength: unknown or incomplete option '%s' (see volcanique --help)\n", opt);
            return 2;
        }
        i += 2;
    }
    uint64_t seeds = (games + 1) / 2;
    if (play_pairing(a, &greedy, &random, seed, seeds, (int)jobs) ||
        play_pairing(a, &mcts, &greedy, seed, seeds, (int)jobs))
        return 1;
    return 0;
}
