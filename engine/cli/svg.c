/* Inline SVG charts (svg.h). */
#include "svg.h"

#include <math.h>
#include <string.h>

#define FONT 12
#define CHAR_W 7      /* a generous average width of a 12px sans-serif character */
#define PLOT_W 440
#define N_W 120

static void text_esc(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f);
        }
    }
}

void svg_ticks(double lo, double hi, int most, double *first, double *step, int *count)
{
    if (!(hi > lo)) {
        lo -= 0.5;
        hi = lo + 1;
    }
    double raw = (hi - lo) / (most > 1 ? most : 1), mag = pow(10, floor(log10(raw))), norm = raw / mag;
    *step = (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * mag;
    *first = floor(lo / *step + 1e-9) * *step;
    double last = ceil(hi / *step - 1e-9) * *step;
    *count = (int)lround((last - *first) / *step) + 1;
}

void svg_tick_text(char *out, int len, double v, double step, const char *unit)
{
    int decimals = step >= 1 ? 0 : (int)ceil(-log10(step) - 1e-9);
    if (fabs(v) < step * 1e-6)
        v = 0;
    snprintf(out, (size_t)len, "%.*f%s", decimals, v, unit ? unit : "");
}

static void legend(FILE *f, int x, int y, const SvgSeries *s, int n)
{
    for (int i = 0; i < n; i++) {
        if (!s[i].name)
            continue;
        fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/><text x=\"%d\" y=\"%d\" "
                "font-size=\"%d\">", x, y - 9, s[i].colour, x + 14, y, FONT);
        text_esc(f, s[i].name);
        fputs("</text>\n", f);
        x += 24 + CHAR_W * (int)strlen(s[i].name);
    }
}

/* The value range a chart must show. */
static void hchart_range(const SvgChart *c, double *lo, double *hi)
{
    *lo = c->dots ? INFINITY : 0;
    *hi = c->dots ? -INFINITY : 0;
    if (!isnan(c->ref)) {
        *lo = fmin(*lo, c->ref);
        *hi = fmax(*hi, c->ref);
    }
    for (int s = 0; s < c->nseries; s++)
        for (int i = 0; i < c->rows; i++) {
            const SvgSeries *se = &c->s[s];
            double v[3] = { se->v[i], se->lo ? se->lo[i] : NAN, se->hi ? se->hi[i] : NAN };
            for (int k = 0; k < 3; k++)
                if (!isnan(v[k])) {
                    *lo = fmin(*lo, v[k]);
                    *hi = fmax(*hi, v[k]);
                }
        }
    if (!isfinite(*lo) || !isfinite(*hi)) {
        *lo = 0;
        *hi = 1;
    }
}

static void hchart_axis(FILE *f, int left, int top, int bottom, double first, double step, int count,
                        const SvgChart *c)
{
    double span = step * (count - 1);
    for (int t = 0; t < count; t++) {
        double v = first + t * step, x = left + (v - first) / span * PLOT_W;
        char txt[32];
        svg_tick_text(txt, sizeof txt, v, step, c->unit);
        fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#e4e4e4\"/>"
                "<text class=\"tick\" x=\"%.1f\" y=\"%d\" font-size=\"%d\" text-anchor=\"middle\">%s</text>\n",
                x, x, top, bottom, x, bottom + 14, FONT - 1, txt);
    }
    fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"#888\"/>\n", left, left + PLOT_W, bottom,
            bottom);
    if (c->axis) {   /* from the plot's left edge: svg_hchart makes the chart wide enough for it */
        fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"%d\">", left, bottom + 30, FONT);
        text_esc(f, c->axis);
        fputs("</text>\n", f);
    }
    if (!isnan(c->ref)) {
        double x = left + (c->ref - first) / span * PLOT_W;
        fprintf(f, "<line class=\"ref\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#333\" "
                "stroke-dasharray=\"4 3\"/>\n", x, x, top - 4, bottom);
        if (c->ref_label) {
            fprintf(f, "<text x=\"%.1f\" y=\"%d\" font-size=\"%d\" text-anchor=\"middle\">", x, top - 8, FONT - 1);
            text_esc(f, c->ref_label);
            fputs("</text>\n", f);
        }
    }
}

/* One series' mark in one row: a bar or a dot, its error bar, its n. */
static void hchart_mark(FILE *f, const SvgChart *c, const SvgSeries *se, int i, double y, int left, double first,
                        double span)
{
#define XOF(v) (left + ((v) - first) / span * PLOT_W)
    double v = se->v[i];
    if (isnan(v)) {
        fprintf(f, "<text x=\"%d\" y=\"%.1f\" font-size=\"%d\" fill=\"#777\">no data</text>\n", left + 4, y + 4,
                FONT - 1);
    } else if (c->dots) {
        fprintf(f, "<circle class=\"dot\" cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"/>\n", XOF(v), y, se->colour);
    } else {
        double x0 = XOF(0), x1 = XOF(v);
        fprintf(f, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"11\" fill=\"%s\" "
                "fill-opacity=\"0.75\"/>\n", fmin(x0, x1), y - 5.5, fabs(x1 - x0), se->colour);
    }
    if (!isnan(v) && se->lo && se->hi && !isnan(se->lo[i]) && !isnan(se->hi[i])) {
        double a = XOF(se->lo[i]), b = XOF(se->hi[i]);
        fprintf(f, "<g class=\"err\" stroke=\"#222\"><line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/>"
                "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/><line x1=\"%.1f\" x2=\"%.1f\" "
                "y1=\"%.1f\" y2=\"%.1f\"/></g>\n", a, b, y, y, a, a, y - 4, y + 4, b, b, y - 4, y + 4);
    }
    if (se->n)
        fprintf(f, "<text class=\"n\" x=\"%d\" y=\"%.1f\" font-size=\"%d\">n=%.0f%s%s</text>\n",
                left + PLOT_W + 10, y + 4, FONT - 1, se->n[i], se->name ? " " : "", se->name ? se->name : "");
#undef XOF
}

void svg_hchart(FILE *f, const SvgChart *c)
{
    int maxlen = 4;
    for (int i = 0; i < c->rows; i++)
        maxlen = (int)strlen(c->labels[i]) > maxlen ? (int)strlen(c->labels[i]) : maxlen;
    int left = maxlen * CHAR_W + 14, row_h = c->nseries * 15 + 9, top = 34;
    int bottom = top + c->rows * row_h, width = left + PLOT_W + N_W, height = bottom + 44;
    int caption = c->axis ? left + CHAR_W * (int)strlen(c->axis) + 10 : 0;
    width = caption > width ? caption : width;
    double lo, hi, first, step;
    int count;
    hchart_range(c, &lo, &hi);
    svg_ticks(lo, hi, 6, &first, &step, &count);
    double span = step * (count - 1);
    fputs("<h3>", f);
    text_esc(f, c->title);
    fprintf(f, "</h3>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "font-family=\"sans-serif\">\n", width, height);
    legend(f, left, 14, c->s, c->nseries);
    hchart_axis(f, left, top, bottom, first, step, count, c);
    for (int i = 0; i < c->rows; i++) {
        double y0 = top + i * row_h;
        if (i % 2)
            fprintf(f, "<rect x=\"0\" y=\"%.1f\" width=\"%d\" height=\"%d\" fill=\"#f6f6f6\"/>\n", y0, left, row_h);
        fprintf(f, "<text class=\"label\" x=\"%d\" y=\"%.1f\" font-size=\"%d\" text-anchor=\"end\">", left - 6,
                y0 + row_h / 2.0 + 4, FONT);
        text_esc(f, c->labels[i]);
        fputs("</text>\n", f);
        for (int s = 0; s < c->nseries; s++)
            hchart_mark(f, c, &c->s[s], i, y0 + 5 + s * 15 + 6, left, first, span);
    }
    fputs("</svg>\n", f);
}

/* ---- histograms ---- */

void svg_histogram(FILE *f, const char *title, const char *xname, int nbins, int first, int nseries,
                   const double *const *share, const char *const *names, const char *const *colours,
                   const double *n)
{
    int bw = nbins * nseries > 0 ? 560 / (nbins * nseries) : 10;
    bw = bw < 3 ? 3 : bw > 16 ? 16 : bw;
    int left = 52, top = 30, h = 180, plot_w = nbins * nseries * bw + nbins * 2, bottom = top + h;
    double vmax = 0, ystep, yfirst, xstep, xfirst;
    int ycount, xcount;
    for (int s = 0; s < nseries; s++)
        for (int i = 0; i < nbins; i++)
            vmax = fmax(vmax, share[s][i]);
    svg_ticks(0, vmax > 0 ? vmax : 1, 5, &yfirst, &ystep, &ycount);
    double ytop = yfirst + ystep * (ycount - 1);
    fputs("<h3>", f);
    text_esc(f, title);
    fprintf(f, "</h3>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "font-family=\"sans-serif\">\n", left + plot_w + 40, bottom + 46);
    for (int s = 0; s < nseries; s++) {
        char name[96];
        snprintf(name, sizeof name, "%s (n=%.0f)", names[s], n[s]);
        SvgSeries se = { name, colours[s], NULL, NULL, NULL, NULL };
        legend(f, left + s * 220, 14, &se, 1);
    }
    for (int t = 0; t < ycount; t++) {
        double v = yfirst + t * ystep, y = bottom - v / ytop * h;
        char txt[32];
        svg_tick_text(txt, sizeof txt, v, ystep, "%");
        fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#e4e4e4\"/><text class=\"tick\" "
                "x=\"%d\" y=\"%.1f\" font-size=\"%d\" text-anchor=\"end\">%s</text>\n", left, left + plot_w, y, y,
                left - 4, y + 4, FONT - 1, txt);
    }
    int slot = nseries * bw + 2;
    for (int i = 0; i < nbins; i++)
        for (int s = 0; s < nseries; s++) {
            double bh = share[s][i] / ytop * h;
            fprintf(f, "<rect class=\"bar\" x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%.1f\" fill=\"%s\">"
                    "<title>%d: %.2f%%</title></rect>\n", left + i * slot + s * bw, bottom - bh, bw - 1, bh,
                    colours[s], first + i, share[s][i]);
        }
    svg_ticks(first, first + nbins - 1, 10, &xfirst, &xstep, &xcount);
    xstep = xstep < 1 ? 1 : xstep;
    for (double v = ceil(first / xstep) * xstep; v <= first + nbins - 1; v += xstep)
        fprintf(f, "<text class=\"tick\" x=\"%.1f\" y=\"%d\" font-size=\"%d\" text-anchor=\"middle\">%.0f</text>\n",
                left + (v - first) * slot + slot / 2.0, bottom + 14, FONT - 1, v);
    fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"#888\"/><text x=\"%d\" y=\"%d\" "
            "font-size=\"%d\" text-anchor=\"middle\">", left, left + plot_w, bottom, bottom, left + plot_w / 2,
            bottom + 32, FONT);
    text_esc(f, xname);
    fputs("</text>\n</svg>\n", f);
}

/* ---- sweeps ---- */

typedef struct Frame {
    int left, top, w, h, bottom;
    double xf, xstep, yf, ystep;
    int xc, yc;
} Frame;

static double frame_x(const Frame *fr, double x) { return fr->left + (x - fr->xf) / (fr->xstep * (fr->xc - 1)) * fr->w; }
static double frame_y(const Frame *fr, double y)
{
    return fr->bottom - (y - fr->yf) / (fr->ystep * (fr->yc - 1)) * fr->h;
}

static void sweep_axes(FILE *f, const Frame *fr, const char *unit, const char *xname)
{
    char txt[32];
    for (int t = 0; t < fr->yc; t++) {
        double v = fr->yf + t * fr->ystep, y = frame_y(fr, v);
        svg_tick_text(txt, sizeof txt, v, fr->ystep, unit);
        fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#e4e4e4\"/><text class=\"tick\" "
                "x=\"%d\" y=\"%.1f\" font-size=\"%d\" text-anchor=\"end\">%s</text>\n", fr->left, fr->left + fr->w, y,
                y, fr->left - 4, y + 4, FONT - 1, txt);
    }
    for (int t = 0; t < fr->xc; t++) {
        double v = fr->xf + t * fr->xstep;
        svg_tick_text(txt, sizeof txt, v, fr->xstep, "");
        fprintf(f, "<text class=\"tick\" x=\"%.1f\" y=\"%d\" font-size=\"%d\" text-anchor=\"middle\">%s</text>\n",
                frame_x(fr, v), fr->bottom + 14, FONT - 1, txt);
    }
    fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"#888\"/><text x=\"%d\" y=\"%d\" "
            "font-size=\"%d\" text-anchor=\"middle\">", fr->left, fr->left + fr->w, fr->bottom, fr->bottom,
            fr->left + fr->w / 2, fr->bottom + 32, FONT);
    text_esc(f, xname);
    fputs("</text>\n", f);
}

void svg_sweep(FILE *f, const char *title, const char *xname, const char *unit, int npoints, const double *xs,
               const double *v, const double *lo, const double *hi, const double *n)
{
    Frame fr = { .left = 60, .top = 30, .w = 440, .h = 180, .bottom = 210 };
    double xlo = INFINITY, xhi = -INFINITY, ylo = INFINITY, yhi = -INFINITY;
    for (int i = 0; i < npoints; i++) {
        xlo = fmin(xlo, xs[i]);
        xhi = fmax(xhi, xs[i]);
        double a = isnan(lo[i]) ? v[i] : lo[i], b = isnan(hi[i]) ? v[i] : hi[i];
        if (!isnan(a)) {
            ylo = fmin(ylo, a);
            yhi = fmax(yhi, b);
        }
    }
    svg_ticks(xlo, xhi, 6, &fr.xf, &fr.xstep, &fr.xc);
    svg_ticks(isfinite(ylo) ? ylo : 0, isfinite(yhi) ? yhi : 1, 5, &fr.yf, &fr.ystep, &fr.yc);
    fputs("<h3>", f);
    text_esc(f, title);
    fprintf(f, "</h3>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "font-family=\"sans-serif\">\n", fr.left + fr.w + 40, fr.bottom + 46);
    sweep_axes(f, &fr, unit, xname);
    fputs("<polyline fill=\"none\" stroke=\"#2471a3\" points=\"", f);
    for (int i = 0; i < npoints; i++)
        if (!isnan(v[i]))
            fprintf(f, "%.1f,%.1f ", frame_x(&fr, xs[i]), frame_y(&fr, v[i]));
    fputs("\"/>\n", f);
    for (int i = 0; i < npoints; i++) {
        if (isnan(v[i]))
            continue;
        double x = frame_x(&fr, xs[i]), y = frame_y(&fr, v[i]);
        if (!isnan(lo[i]))
            fprintf(f, "<g class=\"err\" stroke=\"#222\"><line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/>"
                    "</g>\n", x, x, frame_y(&fr, lo[i]), frame_y(&fr, hi[i]));
        fprintf(f, "<circle class=\"dot\" cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"#2471a3\"/><text class=\"n\" "
                "x=\"%.1f\" y=\"%.1f\" font-size=\"%d\">n=%.0f</text>\n", x, y, x + 6, y - 6, FONT - 2, n[i]);
    }
    fputs("</svg>\n", f);
}
