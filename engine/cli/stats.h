/* Simulation results: the record of one game (sim writes it as one JSON line,
 * merge and compare read it back), batches of games run by sim_run, summaries
 * over many records, and the 95% confidence intervals reports print.
 *
 * Contracts:
 *  - record_write and record_parse are inverse: a parsed line written again is
 *    the same line. Lines carry only the game's public outcome.
 *  - sim_run plays games seed, seed+1, ... seed+games-1, keeps those whose
 *    index k has k % shard_n == shard_i, and writes their lines in seed order,
 *    whatever `jobs` is: the same arguments give the same bytes.
 *  - Intervals: a proportion uses Wilson's score interval; a mean uses the
 *    normal approximation (mean +- 1.96 s / sqrt(n)); a difference between two
 *    independent samples adds the variances. Two rule sets played on the same
 *    seeds are treated as independent (their games diverge after the first
 *    differing rule), which errs on the wide side. */
#ifndef VQ_STATS_H
#define VQ_STATS_H

#include <stdint.h>
#include <stdio.h>

#include "bot.h"
#include "cli.h"
#include "score.h"

#define Z95 1.959964

/* ---- one game ---- */

#define REC_MAX_POWERS 64
#define REC_NAME 32

typedef struct PowerRecord {
    uint8_t seat, slot, level;
    uint16_t turn;               /* turn of the unlock */
    char card[REC_NAME];
} PowerRecord;

typedef struct GameRecord {
    uint64_t seed;
    int players, setup;
    char variant[VARIANT_LEN];
    char seats[MAX_PLAYERS][REC_NAME];   /* bot spec per seat */
    int first_player;
    int winners;                         /* bitmask; ties share */
    int turns, decisions;
    char end[16];                        /* end reason name */
    ScoreLine score[MAX_PLAYERS];
    int caldera_bought[MAX_PLAYERS];
    int caldera_held[MAX_PLAYERS];
    int npowers;
    PowerRecord powers[REC_MAX_POWERS];
} GameRecord;

void record_write(FILE *out, const GameRecord *r);
/* Returns 0, or -1 with a message naming the field that is wrong. */
int  record_parse(const char *line, GameRecord *r, char *err, int errlen);
/* Reads every line of f (blank lines skipped). *out is malloc'd; returns the
 * count, or -1 with a message "name:line: ..." (name labels the stream). */
int  records_read(FILE *f, const char *name, GameRecord **out, char *err, int errlen);

/* ---- running games ---- */

#define COVER_MAX 256

/* How often each rules-script handler fired in real play (bots' thinking excluded). */
typedef struct Coverage {
    int count;
    char chunk[COVER_MAX][96];
    char event[COVER_MAX][32];
    long priority[COVER_MAX];
    uint64_t fired[COVER_MAX];
} Coverage;

typedef struct SimConfig {
    const char *root;              /* rules folder, NULL for the default */
    const char *mods;              /* comma-separated mods to enable, NULL for none */
    GameOptions options;
    BotConfig seats[MAX_PLAYERS];
    uint64_t seed, games;
    int shard_i, shard_n;          /* 0/1: every game */
    int jobs;                      /* worker processes, >= 1 */
    int check;                     /* invariant checks after every decision */
    const char *label;             /* for the progress line */
    int progress_lines;            /* when stderr is not a terminal: a progress line every
                                      this many seconds (0: none) */
} SimConfig;

/* Plays the batch; writes lines to out; fills cov (may be NULL). Progress goes
 * to stderr: a bar on a terminal, else lines if progress_lines asks. Returns 0, or 1 after printing
 * the error (a failed game names its seed and decision). */
int sim_run(const SimConfig *c, FILE *out, Coverage *cov);
/* A SimConfig with the defaults sim and compare share (2 players, seed 1, one job). */
void sim_config_defaults(SimConfig *c);
/* Parses the options sim and compare share at a->argv[i]: the game options
 * (cli_game_option), --games (at most max_games), --jobs and --seats (into
 * *seats). Sets *used to the arguments consumed (0: not one of these).
 * Returns 0, or -1 on a bad value (message printed). */
struct CliArgs;
int sim_config_option(const struct CliArgs *a, int i, SimConfig *c, uint64_t max_games, const char **seats,
                      int *used);
/* Parses "random,greedy,mcts:300" into seats; missing seats repeat the last
 * one given. Returns 0 or -1 (message printed). */
int sim_parse_seats(const char *list, int players, BotConfig seats[MAX_PLAYERS]);

/* ---- statistics ---- */

typedef struct Accum { double n, sum, sumsq; } Accum;

static inline void accum_add(Accum *a, double x) { a->n += 1; a->sum += x; a->sumsq += x * x; }
double accum_mean(const Accum *a);
double accum_var(const Accum *a);         /* sample variance, 0 below two values */
/* Half-width of the 95% interval of the mean. */
double accum_half(const Accum *a);
/* Wilson interval for k successes in n (k may be fractional for shared wins). */
void   wilson(double k, double n, double *lo, double *hi);
/* 95% interval of mean(b) - mean(a). */
void   diff_ci(const Accum *a, const Accum *b, double *diff, double *half);

#define SUM_MAX_CARDS 48
#define SUM_MAX_ENDS 8
#define SUM_PARTS 10

typedef struct Summary {
    int games, players;
    Accum seat_win[MAX_PLAYERS];       /* 1 per win, 1/k for a k-way tie */
    Accum first_win;                   /* the first player's win */
    Accum win_score, lose_score;       /* winners' and losers' totals */
    Accum win_part[SUM_PARTS], lose_part[SUM_PARTS];   /* breakdown, in score_part_name order */
    Accum turns, decisions;
    int nend;
    char end_name[SUM_MAX_ENDS][16];
    Accum end[SUM_MAX_ENDS];           /* 1 if the game ended this way */
    int ncard;
    char card[SUM_MAX_CARDS][REC_NAME];
    Accum card_unlocked[SUM_MAX_CARDS];  /* per game: 1 if anyone unlocked it */
    Accum card_holder_win[SUM_MAX_CARDS];/* per player holding it: 1 if they won */
    Accum card_turn[SUM_MAX_CARDS];      /* turn of each unlock */
    Accum caldera_bought;              /* per player-game */
    Accum caldera_stars;               /* per player-game: stars kept */
    Accum score_all;                   /* every player's total, for distributions */
    int hist_lo, hist_n;               /* score histogram: totals hist_lo.. (bucket 1) */
    int hist[64];
} Summary;

const char *score_part_name(int i);
int score_part(const ScoreLine *l, int i);
void summary_init(Summary *s);
void summary_add(Summary *s, const GameRecord *r);

/* ---- reports (cmd_compare.c, report_html.c) ---- */

/* One line of a comparison: a metric on both sides with 95% intervals, and
 * the difference B - A with its interval. Percentages are stored as 0..100. */
typedef struct CompareRow {
    char group[16];
    char metric[48];
    int percent;
    double a, a_lo, a_hi, b, b_lo, b_hi, diff, d_lo, d_hi;
} CompareRow;

/* Fills rows (at most max) comparing two summaries; returns the count. */
int compare_rows(const Summary *a, const Summary *b, CompareRow *rows, int max);
/* Whether the interval of the difference excludes zero. */
static inline int row_significant(const CompareRow *r) { return r->d_lo > 0 || r->d_hi < 0; }

/* The HTML report of a comparison: self-contained, inline SVG charts (score
 * distributions, seat win rates, win rate of each power's holders), the rows
 * and rule coverage. Returns 0, or -1 with the error printed. */
int report_html(const char *path, const char *name_a, const char *name_b, const Summary *a,
                const Summary *b, const CompareRow *rows, int nrows, const Coverage *ca, const Coverage *cb);

#endif
