/* Report rows with intervals and Holm's correction (rows.h). */
#include "rows.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void row_name(Row *r, const char *group, const char *metric)
{
    snprintf(r->group, sizeof r->group, "%s", group);
    snprintf(r->metric, sizeof r->metric, "%s", metric);
}

static void untested(Row *r)
{
    r->p = r->p_adj = NAN;
    r->tested = r->flagged = 0;
}

void row_rates(Row *r, double ka, double na, double kb, double nb, double min_n)
{
    r->percent = 1;
    r->fixed_a = 0;
    r->na = na;
    r->nb = nb;
    r->a = na > 0 ? 100 * ka / na : NAN;
    r->b = nb > 0 ? 100 * kb / nb : NAN;
    stats_wilson(ka, na, ROWS_CONF, &r->a_lo, &r->a_hi);
    stats_wilson(kb, nb, ROWS_CONF, &r->b_lo, &r->b_hi);
    r->a_lo *= 100; r->a_hi *= 100; r->b_lo *= 100; r->b_hi *= 100;
    r->diff = r->b - r->a;
    stats_newcombe(ka, na, kb, nb, ROWS_CONF, &r->d_lo, &r->d_hi);
    r->d_lo *= 100;
    r->d_hi *= 100;
    untested(r);
    if (na >= min_n && nb >= min_n && na > 0 && nb > 0) {
        stats_newcombe_p(ka, na, kb, nb, &r->p);
        r->tested = 1;
    }
}

void row_means(Row *r, const Accum *a, const Accum *b, double min_n)
{
    r->percent = 0;
    r->fixed_a = 0;
    r->na = a->n;
    r->nb = b->n;
    r->a = accum_mean(a);
    r->b = accum_mean(b);
    stats_mean_ci(a, ROWS_CONF, &r->a_lo, &r->a_hi);
    stats_mean_ci(b, ROWS_CONF, &r->b_lo, &r->b_hi);
    r->diff = r->b - r->a;
    double p = NAN;
    int ok = stats_welch(a, b, ROWS_CONF, &r->d_lo, &r->d_hi, &p);
    untested(r);
    if (ok && a->n >= min_n && b->n >= min_n) {
        r->p = p;
        r->tested = 1;
    }
}

void row_rate_vs(Row *r, double k, double n, double p0, double min_n)
{
    r->percent = 1;
    r->fixed_a = 1;
    r->na = NAN;
    r->nb = n;
    r->a = r->a_lo = r->a_hi = 100 * p0;
    r->b = n > 0 ? 100 * k / n : NAN;
    stats_wilson(k, n, ROWS_CONF, &r->b_lo, &r->b_hi);
    r->b_lo *= 100;
    r->b_hi *= 100;
    r->diff = r->b - r->a;
    r->d_lo = r->b_lo - r->a;
    r->d_hi = r->b_hi - r->a;
    untested(r);
    if (n >= min_n && n > 0 && stats_wilson_p(k, n, p0, &r->p))
        r->tested = 1;
}

int rows_correct(Row *rows, int n)
{
    double *p = calloc((size_t)(n > 0 ? n : 1), sizeof *p);
    if (!p)
        return 0;
    int tested = 0;
    for (int i = 0; i < n; i++) {
        p[i] = rows[i].tested ? rows[i].p : NAN;
        tested += rows[i].tested;
    }
    stats_holm(p, n, p);
    for (int i = 0; i < n; i++) {
        rows[i].p_adj = p[i];
        rows[i].flagged = rows[i].tested && p[i] < ROWS_ALPHA;
    }
    free(p);
    return tested;
}

void row_format(char *out, int len, double v, double lo, double hi, int percent, int sign)
{
    if (isnan(v)) {
        snprintf(out, (size_t)len, "n/a");
        return;
    }
    const char *u = percent ? sign ? " pp" : "%" : "";
    if (isnan(lo))
        snprintf(out, (size_t)len, sign ? "%+.1f%s [n/a]" : "%.1f%s [n/a]", v, u);
    else if (sign)
        snprintf(out, (size_t)len, "%+.1f%s [%+.1f, %+.1f]", v, u, lo, hi);
    else
        snprintf(out, (size_t)len, "%.1f%s [%.1f, %.1f]", v, u, lo, hi);
}
