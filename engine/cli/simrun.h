/* Batches of bot games: sim_run plays them and writes their result lines,
 * and the command-line options that sim, compare, balance and strength share.
 *
 * Contracts:
 *  - sim_run plays games seed, seed+1, ... seed+games-1, keeps those whose
 *    index k has k % shard_n == shard_i, and writes their lines (record.h) in
 *    seed order, whatever `jobs` is: the same arguments give the same bytes.
 *  - Game k is set up from the config alone: the same options, cards and
 *    scenario, seed + k, and bots seeded from that seed.
 *  - Coverage counts only real play: handler calls in bots' look-ahead
 *    clones and in the lead tracking's scoring clones are subtracted. */
#ifndef VQ_SIMRUN_H
#define VQ_SIMRUN_H

#include <stdint.h>
#include <stdio.h>

#include "bot.h"
#include "cli.h"
#include "coverage.h"
#include "progress.h"
#include "summary.h"

typedef struct SimConfig {
    const char *root;              /* rules folder, NULL for the default */
    const char *mods;              /* comma-separated mods to enable, NULL for none */
    GameOptions options;           /* players, variant, set-up, parameters */
    const char *deal;              /* card names dealt to the grid first, NULL for none */
    const char *hold[MAX_PLAYERS]; /* card names each seat holds from the start */
    const char *rotate_hold;       /* card names that seat k % players holds in game k (balance) */
    const CliScenario *scenario;   /* NULL: games start from set-up */
    BotConfig seats[MAX_PLAYERS];
    uint64_t seed, games;
    int shard_i, shard_n;          /* 0/1: every game */
    int jobs;                      /* worker processes, >= 1 */
    int check;                     /* invariant checks after every decision */
    int batch;                     /* written into every line; -1: none */
    Progress *progress;            /* NULL: sim_run reports its own progress */
    const char *label;             /* for the progress line */
} SimConfig;

/* Plays the batch; writes its lines to out; fills cov and adds to tally
 * (either may be NULL). Returns 0, or 1 after printing the error (a failed
 * game names its seed and decision). */
int sim_run(const SimConfig *c, FILE *out, Coverage *cov, ErrorTally *tally);
/* Games of the shard out of `games`. */
uint64_t sim_shard_games(uint64_t games, int shard_i, int shard_n);
/* Parses "random,greedy,mcts:300" into seats; missing seats repeat the last
 * one given. Returns 0 or -1 (message printed). */
int sim_parse_seats(const char *list, int players, BotConfig seats[MAX_PLAYERS]);

/* The options sim, compare, balance and strength share. */
typedef struct RunArgs {
    SimConfig c;
    const char *seats;             /* --seats or --bots */
    int players_given;
    const char *scenario_path;
    CliScenario scenario;
    CliSweep sweep;
    int allow_errors;              /* --allow-errors */
    int sharded;                   /* --shard given */
} RunArgs;

/* Defaults: 2 players, seed 1, random bots, one job, every game. */
void run_args_init(RunArgs *r, const CliArgs *a);
/* Parses the option at a->argv[i] if it is one of the shared ones: the game
 * options (cli_game_option), --games (at most max_games), --jobs, --seats,
 * --bots, --set, --scenario, --shard, --check, --allow-errors. Sets *used to
 * the arguments consumed (0: not one of these). Returns 0, or -1 on a bad
 * value (message printed). */
int run_args_option(const CliArgs *a, int i, RunArgs *r, uint64_t max_games, int *used);
/* After parsing: loads the scenario (its player count wins; a different
 * --players is an error), parses the seats for `players` (0: the options'),
 * takes the --deal, --hold and --mods lists. Returns 0 or -1 (message printed). */
int run_args_finish(RunArgs *r, const char *cmd, int players);
void run_args_free(RunArgs *r);

/* Prints the script errors and switched-off mods of a run to stderr.
 * Returns 1 when there were any and !allow (the command then exits 1). */
int sim_errors_verdict(const char *cmd, const ErrorTally *t, int allow);

#endif
