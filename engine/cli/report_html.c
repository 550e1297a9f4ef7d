/* The HTML report of a comparison: one self-contained file (inline CSS and
 * SVG, no scripts, nothing fetched), readable offline and easy to mail. */
#include <stdio.h>
#include <string.h>

#include "stats.h"

#define COL_A "#c0392b"
#define COL_B "#2471a3"

static void esc(FILE *f, const char *s)
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

/* Paired bars: for each label, A's and B's value (0..vmax), with optional
 * interval whiskers (lo/hi may be NULL). */
static void bars(FILE *f, const char *title, int n, const char *const *labels, const double *va, const double *vb,
                 const double *lo_a, const double *hi_a, const double *lo_b, const double *hi_b, double vmax,
                 const char *unit)
{
    int bw = n > 30 ? 8 : 14, gap = 10, h = 180, left = 40, bottom = 60;
    int width = left + n * (2 * bw + gap) + 20;
    if (vmax <= 0)
        vmax = 1;
    fprintf(f, "<h3>");
    esc(f, title);
    fprintf(f, "</h3>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\">\n", width,
            h + bottom + 10);
    for (int t = 0; t <= 4; t++) {
        double y = 10 + h - h * t / 4.0;
        fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                "<text x=\"2\" y=\"%.1f\" font-size=\"10\">%.3g%s</text>\n", left, width - 10, y, y, y + 3,
                vmax * t / 4, unit);
    }
    for (int i = 0; i < n; i++) {
        double x = left + i * (2 * bw + gap);
        for (int s = 0; s < 2; s++) {
            const double *v = s ? vb : va, *lo = s ? lo_b : lo_a, *hi = s ? hi_b : hi_a;
            double bh = h * (v[i] > vmax ? vmax : v[i]) / vmax;
            double bx = x + s * bw;
            fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%.1f\" fill=\"%s\"><title>%s: %.2f%s"
                    "</title></rect>\n", bx, 10 + h - bh, bw - 1, bh, s ? COL_B : COL_A, s ? "B" : "A", v[i], unit);
            if (lo && hi) {
                double y1 = 10 + h - h * lo[i] / vmax, y2 = 10 + h - h * (hi[i] > vmax ? vmax : hi[i]) / vmax;
                fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#333\"/>\n",
                        bx + bw / 2.0, bx + bw / 2.0, y1, y2);
            }
        }
        fprintf(f, "<text transform=\"translate(%.1f,%d) rotate(40)\" font-size=\"10\">", x + 2, h + 22);
        esc(f, labels[i]);
        fprintf(f, "</text>\n");
    }
    fprintf(f, "</svg>\n");
}

int report_html(const char *path, const char *name_a, const char *name_b, const Summary *a, const Summary *b,
                const CompareRow *rows, int nrows, const Coverage *ca, const Coverage *cb)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "volcanique compare: %s: cannot write the report\n", path);
        return -1;
    }
    fprintf(f, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Volcanique rules comparison</title>\n"
            "<style>body{font-family:sans-serif;margin:2em;max-width:70em}table{border-collapse:collapse}"
            "td,th{padding:2px 8px;border-bottom:1px solid #eee;text-align:right}td:first-child,th:first-child"
            "{text-align:left}tr.sig td{background:#fff3cd}.a{color:" COL_A "}.b{color:" COL_B "}</style>"
            "</head><body>\n<h1>Volcanique: comparing two rule sets</h1>\n<p><b class=\"a\">A</b>: ");
    esc(f, name_a);
    fprintf(f, "<br><b class=\"b\">B</b>: ");
    esc(f, name_b);
    fprintf(f, "<br>%d games a side on the same seeds. Intervals are 95%%; highlighted rows differ "
            "(the interval of B &minus; A excludes 0).</p>\n", a->games);

    /* Score distributions. */
    static char hl[64][8];
    const char *labels[64];
    double va[64], vb[64], vmax = 0;
    int top = 0;
    for (int i = 0; i < 64; i++)
        if (a->hist[i] || b->hist[i])
            top = i;
    double na = a->score_all.n > 0 ? a->score_all.n : 1, nb = b->score_all.n > 0 ? b->score_all.n : 1;
    for (int i = 0; i <= top; i++) {
        snprintf(hl[i], sizeof hl[i], "%d", i);
        labels[i] = hl[i];
        va[i] = 100.0 * a->hist[i] / na;
        vb[i] = 100.0 * b->hist[i] / nb;
        vmax = va[i] > vmax ? va[i] : vmax;
        vmax = vb[i] > vmax ? vb[i] : vmax;
    }
    bars(f, "Final scores (share of players with each total)", top + 1, labels, va, vb, NULL, NULL, NULL, NULL,
         vmax, "%");

    /* Seat win rates. */
    static const char *const SEATS[] = { "seat A", "seat B", "seat C", "seat D", "seat E" };
    double la[MAX_PLAYERS], ha[MAX_PLAYERS], lb[MAX_PLAYERS], hb[MAX_PLAYERS];
    int players = a->players > b->players ? a->players : b->players;
    for (int p = 0; p < players; p++) {
        va[p] = 100 * accum_mean(&a->seat_win[p]);
        vb[p] = 100 * accum_mean(&b->seat_win[p]);
        wilson(a->seat_win[p].sum, a->seat_win[p].n, &la[p], &ha[p]);
        wilson(b->seat_win[p].sum, b->seat_win[p].n, &lb[p], &hb[p]);
        la[p] *= 100; ha[p] *= 100; lb[p] *= 100; hb[p] *= 100;
    }
    bars(f, "Win rate by seat", players, (const char *const *)SEATS, va, vb, la, ha, lb, hb, 100, "%");

    /* Win rate of each power's holders (A's cards, then B's new ones). */
    static char cl[SUM_MAX_CARDS * 2][REC_NAME];
    int nc = 0;
    for (int side = 0; side < 2; side++) {
        const Summary *s = side ? b : a;
        for (int c = 0; c < s->ncard && nc < SUM_MAX_CARDS; c++) {
            int dup = 0;
            for (int k = 0; k < nc; k++)
                dup |= strcmp(cl[k], s->card[c]) == 0;
            if (!dup)
                snprintf(cl[nc++], REC_NAME, "%s", s->card[c]);
        }
    }
    for (int k = 0; k < nc; k++) {
        labels[k % 64] = cl[k];
        va[k % 64] = vb[k % 64] = 0;
        for (int c = 0; c < a->ncard; c++)
            if (strcmp(a->card[c], cl[k]) == 0)
                va[k % 64] = 100 * accum_mean(&a->card_holder_win[c]);
        for (int c = 0; c < b->ncard; c++)
            if (strcmp(b->card[c], cl[k]) == 0)
                vb[k % 64] = 100 * accum_mean(&b->card_holder_win[c]);
    }
    if (nc > 0)
        bars(f, "Win rate of players holding each power", nc > 64 ? 64 : nc, labels, va, vb, NULL, NULL, NULL,
             NULL, 100, "%");
    else
        fprintf(f, "<h3>Win rate of players holding each power</h3><p>No power was unlocked.</p>\n");

    fprintf(f, "<h2>All figures</h2>\n<table><tr><th>metric</th><th class=\"a\">A</th><th>95%%</th>"
            "<th class=\"b\">B</th><th>95%%</th><th>B &minus; A</th><th>95%%</th></tr>\n");
    for (int i = 0; i < nrows; i++) {
        const CompareRow *r = &rows[i];
        const char *u = r->percent ? "%" : "";
        fprintf(f, "<tr%s><td>", row_significant(r) ? " class=\"sig\"" : "");
        esc(f, r->metric);
        fprintf(f, "</td><td>%.2f%s</td><td>%.2f &ndash; %.2f</td><td>%.2f%s</td><td>%.2f &ndash; %.2f</td>"
                "<td>%+.2f</td><td>%+.2f &ndash; %+.2f</td></tr>\n", r->a, u, r->a_lo, r->a_hi, r->b, u, r->b_lo,
                r->b_hi, r->diff, r->d_lo, r->d_hi);
    }
    fprintf(f, "</table>\n<h2>Rule coverage</h2>\n<p>Firings of each rules-script handler per game "
            "(bots' lookahead excluded). A handler that never fires is a rule these games never used.</p>\n"
            "<table><tr><th>script</th><th>event</th><th class=\"a\">A</th><th class=\"b\">B</th></tr>\n");
    for (int i = 0; i < ca->count || i < cb->count; i++) {
        const Coverage *c = i < ca->count ? ca : cb;
        double fa = i < ca->count ? (double)ca->fired[i] / (a->games ? a->games : 1) : 0;
        double fb = i < cb->count ? (double)cb->fired[i] / (b->games ? b->games : 1) : 0;
        fprintf(f, "<tr%s><td>", fa == 0 && fb == 0 ? " class=\"sig\"" : "");
        esc(f, c->chunk[i]);
        fprintf(f, "</td><td>");
        esc(f, c->event[i]);
        fprintf(f, "</td><td>%.2f</td><td>%.2f</td></tr>\n", fa, fb);
    }
    fprintf(f, "</table>\n</body></html>\n");
    if (fclose(f) != 0) {
        fprintf(stderr, "volcanique compare: %s: write failed\n", path);
        return -1;
    }
    return 0;
}
