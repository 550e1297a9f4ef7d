/* strength: how much better one bot plays than another. Each pairing plays
 * N 2-player games: N/2 seeds with the first bot in seat A, then the same
 * seeds with the seats swapped, so neither seat nor seed favours a side.
 * Prints each pairing's win rate (shared wins count as halves) with its 95%
 * Wilson interval, then an Elo ladder, then how long each searching bot
 * thinks per decision. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "stats.h"

#define LADDER_MAX 8

/* A played pairing: the stronger-listed bot's wins (shared ones as halves). */
typedef struct Pairing {
    double wins, games;
} Pairing;

static int play_pairing(const CliArgs *a, const BotConfig *x, const BotConfig *y, uint64_t seed, uint64_t seeds,
                        int jobs, double *wins_out, double *games_out)
{
    double wins = 0, games = 0, ties = 0;
    for (int swap = 0; swap < 2; swap++) {
        SimConfig c;
        sim_config_defaults(&c);
        c.root = a->root;
        c.seed = seed;
        c.games = seeds;
        c.jobs = jobs;
        c.label = "strength";
        c.progress_lines = 5;
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
    *wins_out = wins;
    *games_out = games;
    return 0;
}

/* Elo difference for a score rate p (clamped off 0 and 1). */
static double elo_of(double p)
{
    if (p < 1e-4)
        p = 1e-4;
    if (p > 1 - 1e-4)
        p = 1 - 1e-4;
    return -400.0 * log10(1.0 / p - 1.0);
}

/* The Elo ladder along the adjacent pairings (the first bot at 0): each step
 * is the Elo of the step's score with half a win added to each side (so a
 * clean sweep gives a finite step), its 95% interval the Elo of the score's
 * Wilson interval; steps' half-widths add in quadrature. */
static void print_ladder(const BotConfig *bots, int n, const Pairing *adjacent)
{
    printf("\nladder (Elo, first bot 0, 95%% interval):\n");
    double elo = 0, var = 0;
    char name[40], below[40];
    printf("  %-12s %6.0f\n", bot_spec(&bots[0], name, sizeof name), 0.0);
    for (int i = 1; i < n; i++) {
        const Pairing *p = &adjacent[i - 1];
        double lo, hi;
        wilson(p->wins, p->games, &lo, &hi);
        double step = elo_of((p->wins + 0.5) / (p->games + 1.0));
        double half = (elo_of(hi) - elo_of(lo)) / 2;
        elo += step;
        var += half * half;
        printf("  %-12s %6.0f  [%6.0f, %6.0f]  (%+.0f over %s)\n", bot_spec(&bots[i], name, sizeof name), elo,
               elo - sqrt(var), elo + sqrt(var), step, bot_spec(&bots[i - 1], below, sizeof below));
    }
}

static double clock_ms(clockid_t which)
{
    struct timespec ts;
    clock_gettime(which, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}
static double now_ms(void) { return clock_ms(CLOCK_MONOTONIC); }
/* CPU time of this thread: what a decision costs, whatever else the machine runs. */
static double cpu_ms(void) { return clock_ms(CLOCK_THREAD_CPUTIME_ID); }

/* Thinking time of `bot` per decision (CPU time of this thread, so other
 * processes on the machine do not count) over one game against greedy (the
 * seed's game, bot in seat A). */
static int time_bot(const CliArgs *a, const BotConfig *bot, uint64_t seed)
{
    static Session s;
    char err[512];
    if (cli_open(&s, a) || session_new_game(&s, &(GameOptions){ .players = 2, .setup_variation = 1 }, seed, err,
                                            sizeof err)) {
        fprintf(stderr, "volcanique strength: cannot start the timing game\n");
        return 1;
    }
    Game *g = &s.game;
    g->log = NULL;
    Bot seats[2];
    BotConfig greedy;
    bot_config_default(&greedy, BOT_GREEDY);
    bot_init(&seats[0], bot, seed);
    bot_init(&seats[1], &greedy, seed + 1);
    static Option opts[MAX_OPTIONS];
    double total = 0, worst = 0, last_line = now_ms();
    int decisions = 0, rc = 0;
    while (!game_over(g) && rc == 0) {
        int n = game_options(g, opts, MAX_OPTIONS), p = g->pending.player;
        double t0 = cpu_ms();
        int pick = bot_choose(&seats[p], g, opts, n);
        double t = cpu_ms() - t0;
        if (p == 0 && n > 1) {
            total += t;
            worst = t > worst ? t : worst;
            decisions++;
        }
        for (int q = 0; q < 2; q++)
            bot_observe(&seats[q], g, pick);
        rc = game_apply(g, pick, err, sizeof err);
        if (now_ms() - last_line > 5000) {
            fprintf(stderr, "strength: timing, %d decisions so far\n", decisions);
            last_line = now_ms();
        }
    }
    char name[40];
    if (rc == 0)
        printf("  %-12s %8.1f ms CPU per decision (mean of %d decisions, longest %.0f ms)\n",
               bot_spec(bot, name, sizeof name), decisions ? total / decisions : 0, decisions, worst);
    else
        fprintf(stderr, "volcanique strength: timing game: %s\n", err);
    bot_free(&seats[0]);
    bot_free(&seats[1]);
    session_close(&s);
    return rc != 0;
}

static int parse_ladder(const char *list, BotConfig *bots, int *n)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    *n = 0;
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (*n >= LADDER_MAX || bot_parse(tok, &bots[*n]) != 0) {
            fprintf(stderr, "volcanique strength: --ladder: '%s' is not a bot (random, greedy, mcts, mcts:N, "
                    "mcts:Nms)%s\n", tok, *n >= LADDER_MAX ? " or the ladder has more than 8 rungs" : "");
            return -1;
        }
        (*n)++;
    }
    if (*n < 2) {
        fprintf(stderr, "volcanique strength: --ladder: name at least two bots\n");
        return -1;
    }
    return 0;
}

int cmd_strength(const CliArgs *a)
{
    uint64_t games = 200, seed = 1, jobs = 1;
    BotConfig bots[LADDER_MAX];
    int n = 3, timing = 0;
    bot_config_default(&bots[0], BOT_RANDOM);
    bot_config_default(&bots[1], BOT_GREEDY);
    bot_config_default(&bots[2], BOT_MCTS);
    for (int i = 0; i < a->argc;) {
        const char *opt = a->argv[i], *val = i + 1 < a->argc ? a->argv[i + 1] : NULL;
        if (strcmp(opt, "--timing") == 0) {
            timing = 1;
            i++;
            continue;
        }
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
            if (bot_parse(val, &bots[2]) || bots[2].kind != BOT_MCTS) {
                fprintf(stderr, "volcanique strength: --mcts: expected mcts, mcts:N or mcts:Nms, got '%s'\n", val);
                return 2;
            }
            n = 3;
        } else if (strcmp(opt, "--ladder") == 0 && val) {
            if (parse_ladder(val, bots, &n))
                return 2;
        } else {
            fprintf(stderr, "volcanique strength: unknown or incomplete option '%s' (see volcanique --help)\n", opt);
            return 2;
        }
        i += 2;
    }
    uint64_t seeds = (games + 1) / 2;
    Pairing adjacent[LADDER_MAX];
    for (int i = 1; i < n; i++) {
        adjacent[i - 1] = (Pairing){ 0, 0 };
        if (play_pairing(a, &bots[i], &bots[i - 1], seed, seeds, (int)jobs, &adjacent[i - 1].wins,
                         &adjacent[i - 1].games))
            return 1;
    }
    /* Every bot past the second also meets the second (greedy in the default ladder). */
    for (int i = 3; i < n; i++) {
        double w, g;
        if (play_pairing(a, &bots[i], &bots[1], seed, seeds, (int)jobs, &w, &g))
            return 1;
    }
    print_ladder(bots, n, adjacent);
    if (timing) {
        printf("\nthinking time (one game against greedy, seed %llu):\n", (unsigned long long)seed);
        for (int i = 0; i < n; i++)
            if (bots[i].kind != BOT_RANDOM && time_bot(a, &bots[i], seed))
                return 1;
    }
    return 0;
}
