/* Inline SVG charts for the HTML reports: horizontal bars or dots with 95%
 * error bars and the sample size of every row, histograms, and a measure
 * against a swept parameter. Every chart is self-contained SVG text; axes
 * have round ticks (1, 2 or 5 times a power of ten); labels are never cut.
 *
 * Elements carry classes a test can look for: "label" (row names), "bar",
 * "dot", "err" (an error bar), "n" (a sample size, "n=123"), "tick" (an axis
 * tick label), "ref" (a reference line). */
#ifndef VQ_SVG_H
#define VQ_SVG_H

#include <stdio.h>

typedef struct SvgSeries {
    const char *name;          /* for the legend; NULL with a single series */
    const char *colour;
    const double *v, *lo, *hi; /* per row; lo and hi may be NULL; NaN: nothing to draw */
    const double *n;           /* per row sample size, may be NULL */
} SvgSeries;

typedef struct SvgChart {
    const char *title;
    const char *unit;          /* after tick values: "%", "" */
    const char *axis;          /* what the value axis measures */
    int rows;
    const char *const *labels;
    int nseries;               /* 1 or 2 */
    SvgSeries s[2];
    int dots;                  /* 1: a dot with its error bar (differences); 0: bars from 0 */
    double ref;                /* a reference line (NaN: none), e.g. 0 or a fair share */
    const char *ref_label;
} SvgChart;

/* One row per label, values along x. */
void svg_hchart(FILE *f, const SvgChart *c);

/* Shares (0..100) of values first, first+1, ... for one or two series. */
void svg_histogram(FILE *f, const char *title, const char *xname, int nbins, int first, int nseries,
                   const double *const *share, const char *const *names, const char *const *colours,
                   const double *n);

/* A measure (v, lo, hi, n per point) against a parameter's values xs. */
void svg_sweep(FILE *f, const char *title, const char *xname, const char *unit, int npoints, const double *xs,
               const double *v, const double *lo, const double *hi, const double *n);

/* Round ticks covering [lo, hi], at most about `most`: the first tick, the
 * step and the count. Exposed for tests. */
void svg_ticks(double lo, double hi, int most, double *first, double *step, int *count);
/* A tick value with the decimals its step needs. */
void svg_tick_text(char *out, int len, double v, double step, const char *unit);

#endif
