/* strength: how much better one bot plays than another. Each pairing plays
 * N 2-player games: N/2 seeds with the first bot in seat A, then the same
 * seeds with the seats swapped, so neither seat nor seed favours a side.
 * Prints each bot's win rate (shared wins count as halves) with its 95%
 * Wilson interval. */
#include <stdlib.h>
#include <string.h>

#include "simrun.h"

static int play_pairing(RunArgs *r, const BotConfig *x, const BotConfig *y, uint64_t seeds, Progress *pr,
                        ErrorTally *tally)
{
    double wins = 0, games = 0, ties = 0;
    for (int swap = 0; swap < 2; swap++) {
        SimConfig c = r->c;
        c.games = seeds;
        c.progress = pr;
        c.seats[0] = swap ? *y : *x;
        c.seats[1] = swap ? *x : *y;
        FILE *tmp = tmpfile();
        if (!tmp || sim_run(&c, tmp, NULL, tally)) {
            if (tmp)
                fclose(tmp);
            return 1;
        }
        rewind(tmp);
        char *line = NULL;
        size_t cap = 0;
        static GameRecord rec;
        char err[300];
        int xs = swap ? 1 : 0;
        while (getline(&line, &cap, tmp) >= 0) {
            if (record_parse(line, &rec, err, sizeof err)) {
                fprintf(stderr, "volcanique strength: %s\n", err);
                free(line);
                fclose(tmp);
                return 1;
            }
            int k = __builtin_popcount((unsigned)rec.winners);
            wins += (rec.winners >> xs) & 1 ? 1.0 / k : 0;
            ties += k > 1;
            games += 1;
        }
        free(line);
        fclose(tmp);
    }
    char nx[40], ny[40];
    bot_spec(x, nx, sizeof nx);
    bot_spec(y, ny, sizeof ny);
    double lo, hi;
    stats_wilson(wins, games, 0.95, &lo, &hi);
    printf("%-10s vs %-10s %4.0f games (%llu seeds, seats swapped): %s wins %5.1f%% [%5.1f, %5.1f], "
           "%s wins %5.1f%%, shared %.0f%s\n", nx, ny, games, (unsigned long long)seeds, nx, 100 * wins / games,
           100 * lo, 100 * hi, ny, 100 * (games - wins) / games, ties,
           lo > 0.5 ? "  (stronger)" : hi < 0.5 ? "  (weaker)" : "  (no clear difference)");
    fflush(stdout);
    return 0;
}

static int parse_args(const CliArgs *a, RunArgs *r, BotConfig *mcts)
{
    for (int i = 0; i < a->argc;) {
        const char *opt = a->argv[i], *val = i + 1 < a->argc ? a->argv[i + 1] : NULL;
        int used;
        if (strcmp(opt, "--mcts") == 0 && val) {
            if (bot_parse(val, mcts) || mcts->kind != BOT_MCTS) {
                fprintf(stderr, "volcanique strength: --mcts: expected mcts, mcts:N or mcts:Nms, got '%s'\n", val);
                return -1;
            }
            i += 2;
            continue;
        }
        if (run_args_option(a, i, r, 1000000, &used))
            return -1;
        if (!used || strcmp(opt, "--seats") == 0 || strcmp(opt, "--bots") == 0 || strcmp(opt, "--shard") == 0) {
            fprintf(stderr, "volcanique strength: unknown or incomplete option '%s' (see volcanique --help; "
                    "strength plays its own pairings, unsharded)\n", opt);
            return -1;
        }
        i += used;
    }
    if (r->c.games < 2) {
        fprintf(stderr, "volcanique strength: --games: at least 2\n");
        return -1;
    }
    if (r->sweep.count > 1) {
        fprintf(stderr, "volcanique strength: --set takes one value here (a sweep belongs to balance or sim)\n");
        return -1;
    }
    return 0;
}

int cmd_strength(const CliArgs *a)
{
    static RunArgs r;
    BotConfig mcts, greedy, random;
    bot_config_default(&mcts, BOT_MCTS);
    bot_config_default(&greedy, BOT_GREEDY);
    bot_config_default(&random, BOT_RANDOM);
    run_args_init(&r, a);
    r.c.games = 200;
    if (parse_args(a, &r, &mcts) || run_args_finish(&r, "strength", 0)) {
        run_args_free(&r);
        return 2;
    }
    if (r.c.options.players != 2) {
        fprintf(stderr, "volcanique strength: pairings are 2-player games (the scenario or --players says %d)\n",
                r.c.options.players);
        run_args_free(&r);
        return 2;
    }
    uint64_t seeds = (r.c.games + 1) / 2;
    Progress pr;
    progress_start(&pr, "strength", 4 * seeds);
    ErrorTally tally;
    memset(&tally, 0, sizeof tally);
    int rc = play_pairing(&r, &greedy, &random, seeds, &pr, &tally) ||
             play_pairing(&r, &mcts, &greedy, seeds, &pr, &tally);
    progress_end(&pr);
    if (rc == 0)
        rc = sim_errors_verdict("strength", &tally, r.allow_errors);
    run_args_free(&r);
    return rc;
}
