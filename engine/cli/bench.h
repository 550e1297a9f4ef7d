/* Pieces of `bench` (cmd_bench.c): timing, listing placements over sampled
 * positions against a bare loop, and MCTS iterations. Figures only: nothing
 * here asserts a time. */
#ifndef VQ_BENCH_H
#define VQ_BENCH_H

#include "bot.h"
#include "cli.h"
#include "session.h"

double bench_now(void);   /* monotonic seconds */
/* "cpu ... (N logical CPUs listed; NOTE)": the machine as /proc/cpuinfo names it. */
void bench_print_cpu(const char *note);
/* bench --serve (bench_serve.c): the table server under load. */
int  bench_serve(const CliArgs *a);
double bench_cpu_now(void);   /* this thread's CPU seconds: time other processes take is not counted */

/* Positions where a bought land tile waits to be placed, copied out of games. */
typedef struct BenchPositions {
    Game *games;
    int count, cap;
} BenchPositions;

/* Plays `games` 2-player games of `bot` against itself, scripts on (seeds
 * seed, seed+1, ...), and keeps every placement decision, up to 2000. */
int  bench_sample_positions(Session *s, const BotConfig *bot, uint64_t seed, int games, BenchPositions *out);
void bench_positions_free(BenchPositions *p);

/* Listing time at one position: list_placements and the bare loop over the
 * same stacks with facing masks computed beforehand, in microseconds a call. */
typedef struct ListTiming {
    double list_us, bare_us;
    int placements;
} ListTiming;

ListTiming bench_listing(const Game *g, int reps);
/* Prints median and 99th percentile of the listing times over the positions. */
void bench_listing_report(const char *what, const BenchPositions *p, int reps);

/* MCTS iterations per second of `cfg` (iterations per decision) over the
 * first decisions with a choice of the 2-player games seed.., scripts on. */
double bench_mcts_rate(Session *s, const BotConfig *cfg, uint64_t seed, int decisions);

#endif
