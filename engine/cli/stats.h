/* Statistics for simulation reports: running sums, confidence intervals for a
 * rate, a mean, a difference of two rates and a difference of two means, the
 * p-values that go with them, and Holm's correction for many rows at once.
 * docs/simulation.md names each method with its reference.
 *
 * Contracts:
 *  - `conf` is a confidence level in (0, 1), e.g. 0.95.
 *  - A rate's successes k may be fractional (a shared win counts 1/k to each
 *    winner); 0 <= k <= n.
 *  - Functions that return int return 1 when the interval exists and 0 when
 *    the data cannot give one (an empty side, fewer than two values for a
 *    mean); the outputs are then NaN. Nothing here prints.
 *  - p-values are those of the test the interval inverts: the interval at
 *    level conf excludes 0 exactly when p < 1 - conf. */
#ifndef VQ_STATS_H
#define VQ_STATS_H

typedef struct Accum { double n, sum, sumsq; } Accum;

static inline void accum_add(Accum *a, double x) { a->n += 1; a->sum += x; a->sumsq += x * x; }
/* Adds every value of b to a. */
void   accum_merge(Accum *a, const Accum *b);
double accum_mean(const Accum *a);          /* NaN when empty */
double accum_var(const Accum *a);           /* sample variance (n - 1); NaN below two values */

/* The normal distribution's CDF and its inverse (0 < p < 1). */
double stats_normal_cdf(double x);
double stats_normal_quantile(double p);
/* Student's t distribution with df > 0 degrees of freedom. */
double stats_t_cdf(double t, double df);
double stats_t_quantile(double p, double df);

/* Wilson's score interval for k successes in n trials (Wilson 1927). */
int stats_wilson(double k, double n, double conf, double *lo, double *hi);
/* The p-value of "the rate is p0" (0 < p0 < 1) that the Wilson interval
 * inverts: the score test, 2 (1 - Phi(|k/n - p0| / sqrt(p0 (1 - p0) / n))). */
int stats_wilson_p(double k, double n, double p0, double *p);
/* Newcombe's hybrid score interval for p2 - p1 (Newcombe 1998, method 10),
 * built from the two Wilson intervals. */
int stats_newcombe(double k1, double n1, double k2, double n2, double conf, double *lo, double *hi);
/* The p-value of "p1 = p2" matching stats_newcombe: 1 - the largest level
 * whose interval still excludes 0 (1 when the estimates are equal). */
int stats_newcombe_p(double k1, double n1, double k2, double n2, double *p);
/* Student's t interval for a mean. */
int stats_mean_ci(const Accum *a, double conf, double *lo, double *hi);
/* Welch's interval for mean(b) - mean(a) (Welch 1947, Satterthwaite degrees
 * of freedom), and its two-sided p-value. */
int stats_welch(const Accum *a, const Accum *b, double conf, double *lo, double *hi, double *p);

/* Holm's step-down adjustment (Holm 1979) of the n p-values of p; a NaN
 * p-value is a row not tested: it stays NaN and does not count in n.
 * adj may be p. */
void stats_holm(const double *p, int n, double *adj);

#endif
