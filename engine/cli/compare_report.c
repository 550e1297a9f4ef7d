/* The report of a comparison of two rule sets: rows with intervals and
 * Holm's correction, rule coverage by handler identity, as text, JSON or
 * HTML (report.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "plan.h"
#include "report.h"
#include "svg.h"

#define COL_A "#c0392b"
#define COL_B "#2471a3"
#define MAX_ROWS 256

static Row *next_row(Row *rows, int *n, const char *group, const char *metric)
{
    if (*n >= MAX_ROWS)
        return NULL;
    Row *r = &rows[(*n)++];
    memset(r, 0, sizeof *r);
    row_name(r, group, metric);
    return r;
}

static void rate(Row *rows, int *n, const char *g, const char *m, double ka, double na, double kb, double nb,
                 double min_n)
{
    Row *r = next_row(rows, n, g, m);
    if (r)
        row_rates(r, ka, na, kb, nb, min_n);
}

static void mean(Row *rows, int *n, const char *g, const char *m, const Accum *a, const Accum *b, double min_n)
{
    Row *r = next_row(rows, n, g, m);
    if (r)
        row_means(r, a, b, min_n);
}

static void name_rows(Row *rows, int *n, const char *g, const char *fmt, const NameCount *a, const NameCount *b,
                      int ga, int gb, double min_n)
{
    char m[64];
    for (int side = 0; side < 2; side++) {
        const NameCount *s = side ? b : a;
        for (int e = 0; e < s->n; e++) {
            if (side && namecount_find(a, s->name[e]) >= 0)
                continue;
            int ia = namecount_find(a, s->name[e]), ib = namecount_find(b, s->name[e]);
            snprintf(m, sizeof m, fmt, s->name[e]);
            rate(rows, n, g, m, ia >= 0 ? a->count[ia] : 0, ga, ib >= 0 ? b->count[ib] : 0, gb, min_n);
        }
    }
}

static void power_rows(Row *rows, int *n, const Summary *a, const Summary *b, double min_n)
{
    static const Accum none;
    char m[64];
    for (int side = 0; side < 2; side++) {
        const Summary *s = side ? b : a;
        for (int c = 0; c < s->ncard; c++) {
            if (side && summary_card(a, s->card[c]) >= 0)
                continue;
            int ia = summary_card(a, s->card[c]), ib = summary_card(b, s->card[c]);
            snprintf(m, sizeof m, "%.30s unlocked", s->card[c]);
            rate(rows, n, "powers", m, ia >= 0 ? a->card_games[ia] : 0, a->games, ib >= 0 ? b->card_games[ib] : 0,
                 b->games, min_n);
            const Accum *ha = ia >= 0 ? &a->card_holder_win[ia] : &none, *hb = ib >= 0 ? &b->card_holder_win[ib]
                                                                                         : &none;
            snprintf(m, sizeof m, "%.30s holders win", s->card[c]);
            rate(rows, n, "powers", m, ha->sum, ha->n, hb->sum, hb->n, min_n);
        }
    }
}

/* Every row of a comparison, then Holm's correction; returns the count. */
static int compare_rows(const Summary *a, const Summary *b, Row *rows, double min_n, int *tested)
{
    int n = 0, players = a->players > b->players ? a->players : b->players;
    char m[64];
    for (int p = 0; p < players; p++) {
        snprintf(m, sizeof m, "seat %c wins", record_seat(p));
        rate(rows, &n, "wins", m, a->seat_win[p].sum, a->seat_win[p].n, b->seat_win[p].sum, b->seat_win[p].n, min_n);
    }
    rate(rows, &n, "wins", "first player wins", a->first_win.sum, a->first_win.n, b->first_win.sum, b->first_win.n,
         min_n);
    mean(rows, &n, "score", "winning score", &a->win_score, &b->win_score, min_n);
    mean(rows, &n, "score", "losing score", &a->lose_score, &b->lose_score, min_n);
    mean(rows, &n, "score", "winner's margin", &a->margin, &b->margin, min_n);
    for (int i = 0; i < REC_PARTS; i++) {
        snprintf(m, sizeof m, "winners' %s", record_part_name(i));
        mean(rows, &n, "breakdown", m, &a->win_part[i], &b->win_part[i], min_n);
    }
    for (int i = 0; i < REC_PARTS; i++) {
        snprintf(m, sizeof m, "losers' %s", record_part_name(i));
        mean(rows, &n, "breakdown", m, &a->lose_part[i], &b->lose_part[i], min_n);
    }
    mean(rows, &n, "length", "turns", &a->turns, &b->turns, min_n);
    mean(rows, &n, "length", "decisions", &a->decisions, &b->decisions, min_n);
    mean(rows, &n, "length", "lead changes", &a->lead, &b->lead, min_n);
    name_rows(rows, &n, "end", "ends by %s", &a->ends, &b->ends, a->games, b->games, min_n);
    name_rows(rows, &n, "end", "first trigger: %s", &a->triggers, &b->triggers, a->games, b->games, min_n);
    power_rows(rows, &n, a, b, min_n);
    mean(rows, &n, "caldera", "cards bought per player", &a->caldera_bought, &b->caldera_bought, min_n);
    mean(rows, &n, "caldera", "stars kept per player", &a->caldera_stars, &b->caldera_stars, min_n);
    *tested = rows_correct(rows, n);
    return n;
}

/* ---- coverage by identity ---- */

typedef struct Pair { const CoverEntry *a, *b; } Pair;

static int pair_coverage(const Coverage *a, const Coverage *b, Pair *out)
{
    int n = 0;
    for (int i = 0; a && i < a->count; i++) {
        int k = b ? coverage_find(b, &a->e[i]) : -1;
        out[n++] = (Pair){ &a->e[i], k >= 0 ? &b->e[k] : NULL };
    }
    for (int i = 0; b && i < b->count && n < 2 * COVER_MAX; i++)
        if (!a || coverage_find(a, &b->e[i]) < 0)
            out[n++] = (Pair){ NULL, &b->e[i] };
    return n;
}

static const char *pair_note(const Pair *p, double fa, double fb)
{
    if (!p->a)
        return "B only";
    if (!p->b)
        return "A only";
    return fa == 0 && fb == 0 ? "never fired" : "";
}

static double per_game(const CoverEntry *e, const Coverage *c)
{
    return e && c && c->games > 0 ? (double)e->fired / c->games : NAN;
}

static void text_coverage(const Coverage *ca, const Coverage *cb)
{
    static Pair pairs[2 * COVER_MAX];
    int n = pair_coverage(ca, cb, pairs);
    printf("\nrule coverage: handler calls per game in real play (bots' look-ahead excluded), "
           "matched by script, event and card (action:NAME an action taken, answer:NAME a question answered)\n");
    int w = 6, wc = 4, we = 18;
    for (int i = 0; i < n; i++) {
        const CoverEntry *e = pairs[i].a ? pairs[i].a : pairs[i].b;
        w = (int)strlen(e->script) > w ? (int)strlen(e->script) : w;
        wc = (int)strlen(e->card) > wc ? (int)strlen(e->card) : wc;
        we = (int)strlen(e->event) > we ? (int)strlen(e->event) : we;
    }
    printf("%-*s %-*s %-*s %9s %9s\n", w, "script", we, "event", wc, "card", "A", "B");
    for (int i = 0; i < n; i++) {
        const CoverEntry *e = pairs[i].a ? pairs[i].a : pairs[i].b;
        double fa = per_game(pairs[i].a, ca), fb = per_game(pairs[i].b, cb);
        char sa[16], sb[16];
        snprintf(sa, sizeof sa, isnan(fa) ? "-" : "%.2f", fa);
        snprintf(sb, sizeof sb, isnan(fb) ? "-" : "%.2f", fb);
        const char *note = pair_note(&pairs[i], fa, fb);
        printf("%-*s %-*s %-*s %9s %9s%s%s\n", w, e->script, we, e->event, wc, e->card, sa, sb,
               *note ? "  " : "", note);
    }
}

static void json_coverage(const Coverage *ca, const Coverage *cb)
{
    static Pair pairs[2 * COVER_MAX];
    int n = pair_coverage(ca, cb, pairs);
    fputs(",\"coverage\":[", stdout);
    for (int i = 0; i < n; i++) {
        const CoverEntry *e = pairs[i].a ? pairs[i].a : pairs[i].b;
        fputs(i ? ",{\"script\":" : "{\"script\":", stdout);
        report_json_string(stdout, e->script);
        fputs(",\"event\":", stdout);
        report_json_string(stdout, e->event);
        fputs(",\"card\":", stdout);
        report_json_string(stdout, e->card);
        printf(",\"ordinal\":%d,\"a\":", e->ordinal);
        report_json_num(stdout, per_game(pairs[i].a, ca));
        fputs(",\"b\":", stdout);
        report_json_num(stdout, per_game(pairs[i].b, cb));
        printf(",\"only\":%s}", !pairs[i].a ? "\"B\"" : !pairs[i].b ? "\"A\"" : "null");
    }
    fputc(']', stdout);
}

/* ---- HTML ---- */

static void html_seats(FILE *f, const Summary *a, const Summary *b)
{
    static const char *const SEATS[] = { "seat A", "seat B", "seat C", "seat D", "seat E" };
    double v[2][MAX_PLAYERS], lo[2][MAX_PLAYERS], hi[2][MAX_PLAYERS], n[2][MAX_PLAYERS];
    int players = a->players > b->players ? a->players : b->players;
    for (int s = 0; s < 2; s++)
        for (int p = 0; p < players; p++) {
            const Accum *w = &(s ? b : a)->seat_win[p];
            v[s][p] = 100 * accum_mean(w);
            stats_wilson(w->sum, w->n, ROWS_CONF, &lo[s][p], &hi[s][p]);
            lo[s][p] *= 100;
            hi[s][p] *= 100;
            n[s][p] = w->n;
        }
    SvgChart c = { "Win rate by seat", "%", "games won (shared wins count a share)", players, SEATS, 2,
                   { { "A", COL_A, v[0], lo[0], hi[0], n[0] }, { "B", COL_B, v[1], lo[1], hi[1], n[1] } },
                   0, 100.0 / players, "fair share" };
    svg_hchart(f, &c);
}

/* Rows of one kind (rates or means) as differences with their intervals. */
static void html_diffs(FILE *f, const Row *rows, int n, int percent)
{
    static const char *labels[MAX_ROWS];
    static double v[MAX_ROWS], lo[MAX_ROWS], hi[MAX_ROWS], nb[MAX_ROWS];
    int k = 0;
    for (int i = 0; i < n; i++)
        if (rows[i].percent == percent) {
            labels[k] = rows[i].metric;
            v[k] = rows[i].diff;
            lo[k] = rows[i].d_lo;
            hi[k] = rows[i].d_hi;
            nb[k++] = fmin(rows[i].na, rows[i].nb);
        }
    SvgChart c = { percent ? "Differences B - A in rates (percentage points, 95% intervals)"
                           : "Differences B - A in means (95% intervals)",
                   percent ? " pp" : "", "B - A", k, labels, 1, { { NULL, COL_B, v, lo, hi, nb } }, 1, 0, "0" };
    if (k)
        svg_hchart(f, &c);
}

static void html_scores(FILE *f, const Summary *a, const Summary *b)
{
    int top = hist_top(&a->score_hist) > hist_top(&b->score_hist) ? hist_top(&a->score_hist)
                                                                  : hist_top(&b->score_hist);
    static double sa[SUM_HIST], sb[SUM_HIST];
    double na = a->games * a->players, nb = b->games * b->players;
    for (int i = 0; i <= top; i++) {
        sa[i] = na > 0 ? 100.0 * a->score_hist.count[i] / na : 0;
        sb[i] = nb > 0 ? 100.0 * b->score_hist.count[i] / nb : 0;
    }
    const double *shares[2] = { sa, sb }, ns[2] = { na, nb };
    const char *names[2] = { "A", "B" }, *cols[2] = { COL_A, COL_B };
    if (top >= 0)
        svg_histogram(f, "Final scores (share of players with each total)", "final score", top + 1, 0, 2, shares,
                      names, cols, ns);
}

static void html_holders(FILE *f, const Summary *a, const Summary *b)
{
    static const char *labels[2 * SUM_MAX_CARDS];
    static double v[2][2 * SUM_MAX_CARDS], lo[2][2 * SUM_MAX_CARDS], hi[2][2 * SUM_MAX_CARDS], n[2][2 * SUM_MAX_CARDS];
    int k = 0;
    for (int side = 0; side < 2; side++) {
        const Summary *s = side ? b : a;
        for (int c = 0; c < s->ncard; c++) {
            if (side && summary_card(a, s->card[c]) >= 0)
                continue;
            labels[k] = s->card[c];
            for (int t = 0; t < 2; t++) {
                const Summary *u = t ? b : a;
                int i = summary_card(u, s->card[c]);
                const Accum *w = i >= 0 ? &u->card_holder_win[i] : NULL;
                n[t][k] = w ? w->n : 0;
                v[t][k] = w && w->n > 0 ? 100 * accum_mean(w) : NAN;
                stats_wilson(w ? w->sum : 0, n[t][k], ROWS_CONF, &lo[t][k], &hi[t][k]);
                lo[t][k] *= 100;
                hi[t][k] *= 100;
            }
            k++;
        }
    }
    SvgChart c = { "Win rate of players who unlocked each power", "%", "holders' win rate (n: holder-games)", k,
                   labels, 2, { { "A", COL_A, v[0], lo[0], hi[0], n[0] }, { "B", COL_B, v[1], lo[1], hi[1], n[1] } },
                   0, 100.0 / (a->players ? a->players : 2), "fair share" };
    if (k)
        svg_hchart(f, &c);
    else
        fputs("<h3>Win rate of players who unlocked each power</h3><p>No power was unlocked.</p>\n", f);
}

static void html_coverage(FILE *f, const Coverage *ca, const Coverage *cb)
{
    static Pair pairs[2 * COVER_MAX];
    int n = pair_coverage(ca, cb, pairs);
    fputs("<h2>Rule coverage</h2>\n<p>Handler calls per game in real play (bots' look-ahead excluded), matched by "
          "script, event and card: a handler of one side only is marked so.</p>\n<table><tr><th>script</th>"
          "<th>event</th><th>card</th><th>A</th><th>B</th><th></th></tr>\n", f);
    for (int i = 0; i < n; i++) {
        const CoverEntry *e = pairs[i].a ? pairs[i].a : pairs[i].b;
        double fa = per_game(pairs[i].a, ca), fb = per_game(pairs[i].b, cb);
        const char *note = pair_note(&pairs[i], fa, fb);
        fprintf(f, "<tr%s><td>", *note ? " class=\"sig\"" : "");
        report_html_esc(f, e->script);
        fputs("</td><td>", f);
        report_html_esc(f, e->event);
        fputs("</td><td>", f);
        report_html_esc(f, e->card);
        fprintf(f, isnan(fa) ? "</td><td>&ndash;" : "</td><td>%.2f", fa);
        fprintf(f, isnan(fb) ? "</td><td>&ndash;" : "</td><td>%.2f", fb);
        fprintf(f, "</td><td>%s</td></tr>\n", note);
    }
    fputs("</table>\n", f);
}

static int write_html(const char *path, const ReportSide *sides, const Summary *a, const Summary *b, const Row *rows,
                      int n, int tested, const Coverage *ca, const Coverage *cb)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "volcanique compare: %s: cannot write the report\n", path);
        return 1;
    }
    report_html_begin(f, "Volcanique: comparing two rule sets", sides, 2);
    fprintf(f, "<p>%d games a side on the same seeds.</p>\n", a->games);
    html_seats(f, a, b);
    html_diffs(f, rows, n, 1);
    html_diffs(f, rows, n, 0);
    html_scores(f, a, b);
    html_holders(f, a, b);
    fputs("<h2>All figures</h2>\n", f);
    report_html_rows(f, rows, n, "A", "B", tested);
    html_coverage(f, ca, cb);
    report_html_end(f);
    if (fclose(f) != 0) {
        fprintf(stderr, "volcanique compare: %s: write failed\n", path);
        return 1;
    }
    return 0;
}

int compare_report(const ResultSet *rs, const ReportOpts *o)
{
    if (rs->nbatch != 2) {
        fprintf(stderr, "volcanique compare: the results hold %d batches, a comparison has 2\n", rs->nbatch);
        return 1;
    }
    static Row rows[MAX_ROWS];
    const Summary *a = &rs->sum[0], *b = &rs->sum[1];
    int tested, n = compare_rows(a, b, rows, o->min_n, &tested);
    char na[300], nb[300];
    snprintf(na, sizeof na, "A (%s)", rs->plan.a[0] ? rs->plan.a : "defaults");
    snprintf(nb, sizeof nb, "B (%s)", rs->plan.b[0] ? rs->plan.b : "defaults");
    ReportSide sides[2] = { { na, &a->errors, rs->made[0] }, { nb, &b->errors, rs->made[1] } };
    if (o->json) {
        printf("{\"command\":\"compare\",\"a\":");
        report_json_string(stdout, rs->plan.a);
        printf(",\"b\":");
        report_json_string(stdout, rs->plan.b);
        printf(",\"games\":%d,\"seats\":", a->games);
        report_json_string(stdout, rs->plan.seats);
        printf(",\"min_n\":%.0f,\"tested\":%d,\"stalled\":{\"a\":%d,\"b\":%d},", o->min_n, tested, a->stalled,
               b->stalled);
        report_json_head(stdout, sides, 2);
        putchar(',');
        report_json_rows(stdout, rows, n);
        json_coverage(rs->cov[0], rs->cov[1]);
        printf("}\n");
    } else {
        report_text_head(stdout, "volcanique compare", sides, 2);
        printf("%d games a side on the same seeds (bots %s); rows need %.0f games (or players) a side to be "
               "tested\n", a->games, rs->plan.seats, o->min_n);
        printf("stalled games (ended at the turn limit: left out of turns and decisions): A %d, B %d\n", a->stalled,
               b->stalled);
        report_text_rows(stdout, rows, n, "A", "B", tested);
        text_coverage(rs->cov[0], rs->cov[1]);
    }
    int rc = o->html ? write_html(o->html, sides, a, b, rows, n, tested, rs->cov[0], rs->cov[1]) : 0;
    fflush(stdout);
    if (report_any_errors(sides, 2) && !o->allow_errors) {
        fprintf(stderr, "volcanique compare: games had script errors or switched-off mods (see the top of the "
                "report); exit status 1 (--allow-errors accepts them)\n");
        rc = 1;
    }
    return rc;
}
