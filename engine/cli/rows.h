/* Rows of a report: one measure on two sides (A and B, or a baseline and a
 * measured run) with 95% intervals, the difference B - A with its interval
 * and p-value, and whether it stands out after Holm's correction over all
 * rows of the report tested together.
 *
 * A row is tested only when both sides have at least `min_n` trials (rates)
 * or values (means); an untested row keeps its intervals, has p = NaN and is
 * never flagged. Values are stored as shown: rates in percent (0..100). */
#ifndef VQ_ROWS_H
#define VQ_ROWS_H

#include "stats.h"

#define ROWS_CONF 0.95
#define ROWS_ALPHA 0.05

typedef struct Row {
    char group[16];
    char metric[64];
    int percent;                 /* a rate, shown in percent */
    int fixed_a;                 /* side A is a fixed reference (a fair share), not a sample */
    double a, a_lo, a_hi, na;
    double b, b_lo, b_hi, nb;
    double diff, d_lo, d_hi;     /* B - A; NaN when a side has no data */
    double p, p_adj;             /* NaN: not tested */
    int tested, flagged;
} Row;

/* Two rates: ka of na against kb of nb (Wilson each; Newcombe for B - A). */
void row_rates(Row *r, double ka, double na, double kb, double nb, double min_n);
/* Two means (Student t each; Welch for B - A). */
void row_means(Row *r, const Accum *a, const Accum *b, double min_n);
/* A rate against a fixed share p0 (0..1): the Wilson interval less p0, the score test. */
void row_rate_vs(Row *r, double k, double n, double p0, double min_n);
/* Holm's correction over the tested rows; sets p_adj and flagged. Returns how many rows were tested. */
int  rows_correct(Row *rows, int n);
/* Sets the labels of a row. */
void row_name(Row *r, const char *group, const char *metric);

/* Writes "12.3% [10.1, 14.6]" (or "n/a") into out. */
void row_format(char *out, int len, double v, double lo, double hi, int percent, int sign);

#endif
