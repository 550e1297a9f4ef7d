/* Confidence intervals, p-values and Holm's correction (stats.h). */
#include "stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void accum_merge(Accum *a, const Accum *b)
{
    a->n += b->n;
    a->sum += b->sum;
    a->sumsq += b->sumsq;
}

double accum_mean(const Accum *a) { return a->n > 0 ? a->sum / a->n : NAN; }

double accum_var(const Accum *a)
{
    if (a->n < 2)
        return NAN;
    double m = a->sum / a->n, v = (a->sumsq - a->n * m * m) / (a->n - 1);
    return v > 0 ? v : 0;
}

/* ---- distributions ---- */

double stats_normal_cdf(double x) { return 0.5 * erfc(-x / sqrt(2.0)); }

/* Bisection on the CDF: slow but exact to the last bits that matter here. */
double stats_normal_quantile(double p)
{
    if (!(p > 0 && p < 1))
        return NAN;
    double lo = -40, hi = 40;
    for (int i = 0; i < 200 && hi - lo > 1e-15; i++) {
        double mid = 0.5 * (lo + hi);
        if (stats_normal_cdf(mid) < p)
            lo = mid;
        else
            hi = mid;
    }
    return 0.5 * (lo + hi);
}

/* The continued fraction of the regularized incomplete beta function,
 * evaluated by the modified Lentz method; converges for x < (a+1)/(a+b+2). */
static double beta_fraction(double a, double b, double x)
{
    const double tiny = 1e-300;
    double c = 1, d = 1 - (a + b) * x / (a + 1);
    d = fabs(d) < tiny ? tiny : d;
    d = 1 / d;
    double f = d;
    for (int m = 1; m <= 20000; m++) {
        double m2 = 2.0 * m;
        double num = m * (b - m) * x / ((a + m2 - 1) * (a + m2));   /* even step */
        d = 1 + num * d;
        d = fabs(d) < tiny ? tiny : d;
        c = 1 + num / c;
        c = fabs(c) < tiny ? tiny : c;
        d = 1 / d;
        f *= d * c;
        num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));   /* odd step */
        d = 1 + num * d;
        d = fabs(d) < tiny ? tiny : d;
        c = 1 + num / c;
        c = fabs(c) < tiny ? tiny : c;
        d = 1 / d;
        double step = d * c;
        f *= step;
        if (fabs(step - 1) < 1e-15)
            break;
    }
    return f;
}

/* I_x(a, b), the regularized incomplete beta function. */
static double beta_regularized(double a, double b, double x)
{
    if (x <= 0)
        return 0;
    if (x >= 1)
        return 1;
    double front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
    if (x < (a + 1) / (a + b + 2))
        return front * beta_fraction(a, b, x) / a;
    return 1 - front * beta_fraction(b, a, 1 - x) / b;
}

double stats_t_cdf(double t, double df)
{
    if (!(df > 0) || isnan(t))
        return NAN;
    if (isinf(t))
        return t > 0 ? 1 : 0;
    double tail = 0.5 * beta_regularized(df / 2, 0.5, df / (df + t * t));
    return t >= 0 ? 1 - tail : tail;
}

double stats_t_quantile(double p, double df)
{
    if (!(p > 0 && p < 1) || !(df > 0))
        return NAN;
    double lo = -1, hi = 1;
    while (stats_t_cdf(lo, df) > p && lo > -1e12)
        lo *= 2;
    while (stats_t_cdf(hi, df) < p && hi < 1e12)
        hi *= 2;
    for (int i = 0; i < 300 && hi - lo > 1e-14 * (1 + fabs(lo)); i++) {
        double mid = 0.5 * (lo + hi);
        if (stats_t_cdf(mid, df) < p)
            lo = mid;
        else
            hi = mid;
    }
    return 0.5 * (lo + hi);
}

static double z_of(double conf) { return stats_normal_quantile(1 - (1 - conf) / 2); }

/* ---- rates ---- */

static int wilson_z(double k, double n, double z, double *lo, double *hi)
{
    if (!(n > 0)) {
        *lo = *hi = NAN;
        return 0;
    }
    double p = k / n;
    p = p < 0 ? 0 : p > 1 ? 1 : p;
    double z2 = z * z, den = 1 + z2 / n;
    double centre = (p + z2 / (2 * n)) / den;
    double half = z * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / den;
    *lo = centre - half < 0 ? 0 : centre - half;
    *hi = centre + half > 1 ? 1 : centre + half;
    if (p == 0)
        *lo = 0;   /* exact ends: no rounding below 0 or above 1 */
    if (p == 1)
        *hi = 1;
    return 1;
}

int stats_wilson(double k, double n, double conf, double *lo, double *hi)
{
    return wilson_z(k, n, z_of(conf), lo, hi);
}

int stats_wilson_p(double k, double n, double p0, double *p)
{
    if (!(n > 0) || !(p0 > 0 && p0 < 1)) {
        *p = NAN;
        return 0;
    }
    double z = fabs(k / n - p0) / sqrt(p0 * (1 - p0) / n);
    *p = erfc(z / sqrt(2.0));
    return 1;
}

/* Newcombe's bounds of p2 - p1 at normal quantile z. */
static int newcombe_z(double k1, double n1, double k2, double n2, double z, double *lo, double *hi)
{
    double l1, u1, l2, u2;
    if (!wilson_z(k1, n1, z, &l1, &u1) || !wilson_z(k2, n2, z, &l2, &u2)) {
        *lo = *hi = NAN;
        return 0;
    }
    double p1 = k1 / n1, p2 = k2 / n2, d = p2 - p1;
    *lo = d - sqrt((p2 - l2) * (p2 - l2) + (u1 - p1) * (u1 - p1));
    *hi = d + sqrt((u2 - p2) * (u2 - p2) + (p1 - l1) * (p1 - l1));
    return 1;
}

int stats_newcombe(double k1, double n1, double k2, double n2, double conf, double *lo, double *hi)
{
    return newcombe_z(k1, n1, k2, n2, z_of(conf), lo, hi);
}

int stats_newcombe_p(double k1, double n1, double k2, double n2, double *p)
{
    double lo, hi;
    if (!newcombe_z(k1, n1, k2, n2, 0, &lo, &hi)) {
        *p = NAN;
        return 0;
    }
    double d = k2 / n2 - k1 / n1;
    if (d == 0) {
        *p = 1;
        return 1;
    }
    /* The bound nearer 0 moves towards it as z grows: find where it reaches 0. */
    double zlo = 0, zhi = 40;
    for (int i = 0; i < 200 && zhi - zlo > 1e-13; i++) {
        double z = 0.5 * (zlo + zhi);
        newcombe_z(k1, n1, k2, n2, z, &lo, &hi);
        int excludes = d > 0 ? lo > 0 : hi < 0;
        if (excludes)
            zlo = z;
        else
            zhi = z;
    }
    *p = erfc(0.5 * (zlo + zhi) / sqrt(2.0));
    return 1;
}

/* ---- means ---- */

int stats_mean_ci(const Accum *a, double conf, double *lo, double *hi)
{
    if (a->n < 2) {
        *lo = *hi = NAN;
        return 0;
    }
    double m = accum_mean(a), half = stats_t_quantile(1 - (1 - conf) / 2, a->n - 1) * sqrt(accum_var(a) / a->n);
    *lo = m - half;
    *hi = m + half;
    return 1;
}

int stats_welch(const Accum *a, const Accum *b, double conf, double *lo, double *hi, double *p)
{
    if (a->n < 2 || b->n < 2) {
        *lo = *hi = *p = NAN;
        return 0;
    }
    double d = accum_mean(b) - accum_mean(a);
    double va = accum_var(a) / a->n, vb = accum_var(b) / b->n, se = sqrt(va + vb);
    if (se == 0) {   /* both sides constant: the difference is known exactly */
        *lo = *hi = d;
        *p = d == 0 ? 1 : 0;
        return 1;
    }
    double df = (va + vb) * (va + vb) / (va * va / (a->n - 1) + vb * vb / (b->n - 1));
    double half = stats_t_quantile(1 - (1 - conf) / 2, df) * se;
    *lo = d - half;
    *hi = d + half;
    *p = 2 * stats_t_cdf(-fabs(d) / se, df);
    return 1;
}

/* ---- many rows ---- */

static const double *sort_base;
static int by_p(const void *x, const void *y)
{
    double a = sort_base[*(const int *)x], b = sort_base[*(const int *)y];
    if (a != b)
        return a < b ? -1 : 1;
    return *(const int *)x - *(const int *)y;
}

void stats_holm(const double *p, int n, double *adj)
{
    int *order = malloc((size_t)(n > 0 ? n : 1) * sizeof *order);
    double *val = malloc((size_t)(n > 0 ? n : 1) * sizeof *val);
    if (!order || !val) {   /* no memory: report nothing as adjusted rather than guess */
        for (int i = 0; i < n; i++)
            adj[i] = NAN;
        free(order);
        free(val);
        return;
    }
    memcpy(val, p, (size_t)n * sizeof *val);
    int m = 0;
    for (int i = 0; i < n; i++)
        if (!isnan(val[i]))
            order[m++] = i;
    sort_base = val;
    qsort(order, (size_t)m, sizeof *order, by_p);
    for (int i = 0; i < n; i++)
        adj[i] = NAN;
    double running = 0;
    for (int j = 0; j < m; j++) {
        double a = (m - j) * val[order[j]];
        a = a > 1 ? 1 : a;
        running = a > running ? a : running;
        adj[order[j]] = running;
    }
    free(order);
    free(val);
}
