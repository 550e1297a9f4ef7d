/* Result streams of compare and balance: what a run planned, and reading a
 * stream back into per-batch sums.
 *
 * A run is a list of batches (a compare side; a balance baseline, hold or
 * deal run; a value of a sweep), each a sim_run over the same seeds. Its
 * result stream is JSON lines in this order:
 *   one plan line      {"plan":{command, a, b, seats, games, seed, sweep?, batches}}
 *   coverage lines     one per batch (coverage.h), in batch order
 *   game lines         (record.h) with "batch", sorted by batch then seed
 * A shard (--shard I/N) writes the same for its share of each batch's seeds;
 * merge puts shards back in this order (coverage summed), which gives the
 * bytes of the whole run, and its report. */
#ifndef VQ_PLAN_H
#define VQ_PLAN_H

#include <stdint.h>
#include <stdio.h>

#include "coverage.h"
#include "summary.h"

#define PLAN_MAX_SWEEP 32
#define PLAN_MAX_BATCHES 4096

typedef struct PlanBatch {
    char label[96];            /* "A", "B", "2p base", "2p hold CARD", "2p deal CARD @ bonus=2" */
    char method[8];            /* "side" (compare), "base", "hold", "deal" (balance) */
    char card[REC_NAME];       /* balance: the power held or dealt */
    int players;
    int sweep;                 /* index into Plan.sweep, -1: no sweep */
    uint64_t games, seed;      /* the whole run's games and first seed */
} PlanBatch;

typedef struct Plan {
    char command[16];          /* "compare" or "balance" */
    char a[256], b[256];       /* compare: the sides' specs */
    char seats[128];           /* bots, as given */
    uint64_t games, seed;
    char sweep_name[PARAM_NAME_LEN];
    int nsweep;
    double sweep[PLAN_MAX_SWEEP];
    int nbatch;
    PlanBatch *batch;          /* malloc'd */
} Plan;

/* Appends a batch; returns it (zeroed, sweep -1), or NULL when full. */
PlanBatch *plan_add(Plan *p);
void plan_free(Plan *p);
void plan_write(FILE *out, const Plan *p);
/* Parses the object under "plan"; 0 or -1 with a message. */
int  plan_from_json(const void *json, Plan *p, char *err, int errlen);

/* A stream read back. */
typedef struct ResultSet {
    int has_plan;
    Plan plan;
    int nbatch;
    Summary *sum;              /* per batch */
    Coverage **cov;            /* per batch, NULL when the stream had none */
    const char **made;         /* per batch: the first game line's "made", or NULL */
    ErrorTally errors;         /* all batches */
    int made_mismatch;         /* a batch whose lines disagree on how they were made */
} ResultSet;

/* Reads every line of f ("name" labels errors: "name:LINE: ..."). Lines of a
 * batch the plan does not have, or a plan line after games, are errors; rs
 * must be freed (results_free) whatever it returns. */
int  results_read(FILE *f, const char *name, ResultSet *rs, char *err, int errlen);
/* Checks that every batch of the plan has all its games. */
int  results_complete(const ResultSet *rs, char *err, int errlen);
void results_free(ResultSet *rs);

#endif

/* ---- running a plan (plan_run.c) ---- */

struct SimConfig;
/* Runs batch k of the plan with configs[k] (its batch, seed, games, shard and
 * progress are set here) and writes the whole stream to out. Returns 0, or 1
 * after printing the error. */
int plan_run(const Plan *p, const struct SimConfig *configs, int shard_i, int shard_n, FILE *out, const char *cmd);
/* Reads a stream back from f, checks it is complete and consistent (lines of
 * a batch all made the same way), prints errors prefixed by cmd. On failure
 * rs holds nothing (results_free on it does nothing). */
int plan_read_back(FILE *f, const char *name, const char *cmd, ResultSet *rs);
