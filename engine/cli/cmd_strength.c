/* strength: how much better one bot plays than another. Each pairing plays
 * N 2-player games: N/2 seeds with the first bot in seat A, then the same
 * seeds with the seats swapped, so neither seat nor seed favours a side.
 * Prints each pairing's win rate (shared wins count as halves) with its 95%
 * Wilson interval, then (with --ladder) an Elo ladder, and (with --timing)
 * how long each searching bot thinks per decision. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "simrun.h"

#define LADDER_MAX 8

/* A played pairing: the first-named bot's wins (shared ones as halves). */
typedef struct Pairing {
    double wins, games;
} Pairing;

static int play_pairing(RunArgs *r, const BotConfig *x, const BotConfig *y, uint64_t seeds, Progress *pr,
                        ErrorTally *tally, Pairing *out)
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
    out->wins = wins;
    out->games = games;
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
        stats_wilson(p->wins, p->games, 0.95, &lo, &hi);
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
static int time_bot(const CliArgs *a, const RunArgs *r, const BotConfig *bot, uint64_t seed)
{
    static Session s;
    char err[512];
    if (cli_open(&s, a))
        return 1;
    if (cli_start_game(&s, &r->c.options, seed, r->c.scenario, err, sizeof err)) {
        fprintf(stderr, "volcanique strength: cannot start the timing game: %s\n", err);
        session_close(&s);
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
    int n = game_options(g, opts, MAX_OPTIONS);
    while (!game_over(g) && rc == 0) {
        int p = g->pending.player;
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
        if (pick < 0)
            snprintf(err, sizeof err, "a bot could not allocate its workspace");
        n = pick < 0 ? -1 : game_apply_listed(g, &opts[pick], opts, err, sizeof err);
        rc = n < 0;
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
                    "mcts:Nms, mcts+ likewise)%s\n", tok, *n >= LADDER_MAX ? " or the ladder has more than 8 rungs" : "");
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

static int parse_args(const CliArgs *a, RunArgs *r, BotConfig *bots, int *n, int *timing)
{
    for (int i = 0; i < a->argc;) {
        const char *opt = a->argv[i], *val = i + 1 < a->argc ? a->argv[i + 1] : NULL;
        int used;
        if (strcmp(opt, "--timing") == 0) {
            *timing = 1;
            i++;
            continue;
        }
        if (strcmp(opt, "--ladder") == 0 && val) {
            if (parse_ladder(val, bots, n))
                return -1;
            i += 2;
            continue;
        }
        if (strcmp(opt, "--mcts") == 0 && val) {
            *n = 3;
            if (bot_parse(val, &bots[2]) || bots[2].kind != BOT_MCTS) {
                fprintf(stderr, "volcanique strength: --mcts: expected mcts, mcts:N or mcts:Nms (or mcts+ likewise), got '%s'\n", val);
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

/* Whether --ladder was given (the ladder is printed only then). */
static int a_has_ladder(const CliArgs *a)
{
    for (int i = 0; i < a->argc; i++)
        if (strcmp(a->argv[i], "--ladder") == 0)
            return 1;
    return 0;
}

int cmd_strength(const CliArgs *a)
{
    static RunArgs r;
    BotConfig bots[LADDER_MAX];
    int n = 3, timing = 0, ladder;
    bot_config_default(&bots[0], BOT_RANDOM);
    bot_config_default(&bots[1], BOT_GREEDY);
    bot_config_default(&bots[2], BOT_MCTS);
    run_args_init(&r, a);
    r.c.games = 200;
    if (parse_args(a, &r, bots, &n, &timing) || run_args_finish(&r, "strength", 0)) {
        run_args_free(&r);
        return 2;
    }
    if (r.c.options.players != 2) {
        fprintf(stderr, "volcanique strength: pairings are 2-player games (the scenario or --players says %d)\n",
                r.c.options.players);
        run_args_free(&r);
        return 2;
    }
    ladder = a_has_ladder(a);
    uint64_t seeds = (r.c.games + 1) / 2;
    int pairings = (n - 1) + (n > 3 ? n - 3 : 0);
    Progress pr;
    progress_start(&pr, "strength", 2 * (uint64_t)pairings * seeds);
    ErrorTally tally;
    memset(&tally, 0, sizeof tally);
    Pairing adjacent[LADDER_MAX], other;
    int rc = 0;
    for (int i = 1; i < n && rc == 0; i++)
        rc = play_pairing(&r, &bots[i], &bots[i - 1], seeds, &pr, &tally, &adjacent[i - 1]);
    /* Every bot past the third also meets the second (greedy in the default ladder). */
    for (int i = 3; i < n && rc == 0; i++)
        rc = play_pairing(&r, &bots[i], &bots[1], seeds, &pr, &tally, &other);
    progress_end(&pr);
    if (rc == 0 && ladder)
        print_ladder(bots, n, adjacent);
    if (rc == 0 && timing) {
        printf("\nthinking time (one game against greedy, seed %llu):\n", (unsigned long long)r.c.seed);
        for (int i = 0; i < n && rc == 0; i++)
            if (bots[i].kind != BOT_RANDOM)
                rc = time_bot(a, &r, &bots[i], r.c.seed);
    }
    if (rc == 0)
        rc = sim_errors_verdict("strength", &tally, r.allow_errors);
    run_args_free(&r);
    return rc;
}
