/* The balance report as one self-contained HTML page with SVG charts
 * (balance.h, svg.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "balance.h"
#include "svg.h"

#define COL "#2471a3"
#define COL_HELD "#c0392b"

/* Per-power columns for a chart, in the group's order. */
typedef struct Cols {
    int n;
    const char **label;
    char (*text)[REC_NAME + 4];
    double *v, *lo, *hi, *size;
} Cols;

static int cols_alloc(Cols *c, int n)
{
    memset(c, 0, sizeof *c);
    int m = n ? n : 1;
    c->label = calloc((size_t)m, sizeof *c->label);
    c->text = calloc((size_t)m, sizeof *c->text);
    c->v = calloc((size_t)m, sizeof *c->v);
    c->lo = calloc((size_t)m, sizeof *c->lo);
    c->hi = calloc((size_t)m, sizeof *c->hi);
    c->size = calloc((size_t)m, sizeof *c->size);
    return c->label && c->text && c->v && c->lo && c->hi && c->size ? 0 : -1;
}

static void cols_free(Cols *c)
{
    free(c->label);
    free(c->text);
    free(c->v);
    free(c->lo);
    free(c->hi);
    free(c->size);
}

/* Adds a row: the label gets " *" when the row stands out. */
static void cols_add(Cols *c, const char *label, const Row *r, int diff)
{
    int i = c->n++;
    snprintf(c->text[i], sizeof c->text[i], "%s%s", label, r && r->flagged ? " *" : "");
    c->label[i] = c->text[i];
    if (!r)
        return;
    c->v[i] = diff ? r->diff : r->b;
    c->lo[i] = diff ? r->d_lo : r->b_lo;
    c->hi[i] = diff ? r->d_hi : r->b_hi;
    c->size[i] = diff && !r->fixed_a ? fmin(r->na, r->nb) : r->nb;
}

static void chart(FILE *f, const char *title, const char *unit, const char *axis, const Cols *c, int dots, double ref,
                  const char *ref_label, const char *colour)
{
    SvgChart ch = { title, unit, axis, c->n, c->label, 1, { { NULL, colour, c->v, c->lo, c->hi, c->size } }, dots,
                    ref, ref_label };
    if (c->n)
        svg_hchart(f, &ch);
}

static void seats_chart(FILE *f, const BalanceGroup *g)
{
    Cols c;
    if (cols_alloc(&c, g->players + 1))
        return;
    char name[16];
    for (int s = 0; s < g->players; s++) {
        snprintf(name, sizeof name, "seat %c", record_seat(s));
        cols_add(&c, name, &g->seat[s], 0);
    }
    cols_add(&c, "first player", &g->first, 0);
    chart(f, "Win rate by seat and of the first player (baseline)", "%", "games won (n: games)", &c, 0,
          100.0 / g->players, "fair share", COL);
    cols_free(&c);
}

static void held_charts(FILE *f, const BalanceGroup *g)
{
    Cols win, score;
    if (cols_alloc(&win, g->npowers) || cols_alloc(&score, g->npowers)) {
        cols_free(&win);
        cols_free(&score);
        return;
    }
    for (int i = 0; i < g->npowers; i++)
        if (g->powers[i].hold_batch >= 0) {
            cols_add(&win, g->powers[i].card, &g->powers[i].held_win, 1);
            cols_add(&score, g->powers[i].card, &g->powers[i].held_score, 1);
        }
    chart(f, "Held from the start: change in the holder's win rate", " pp",
          "holder's win rate minus the same seat's in the baseline (percentage points; n: games a side)", &win, 1, 0,
          "no effect", COL_HELD);
    chart(f, "Held from the start: change in the holder's final score", "",
          "holder's score minus the same seat's in the baseline (points; n: games a side)", &score, 1, 0, "no effect",
          COL_HELD);
    cols_free(&win);
    cols_free(&score);
}

static void dealt_charts(FILE *f, const BalanceGroup *g)
{
    Cols win;
    if (cols_alloc(&win, g->npowers))
        return;
    for (int i = 0; i < g->npowers; i++)
        if (g->powers[i].deal_batch >= 0)
            cols_add(&win, g->powers[i].card, &g->powers[i].dealt_win, 1);
    chart(f, "Dealt to the grid: win rate of the players who unlocked it, against unlockers of any power", " pp",
          "holders' win rate minus the baseline's unlockers' (percentage points; n: the smaller side)", &win, 1, 0,
          "no difference", COL);
    cols_free(&win);
}

static void unlock_chart(FILE *f, const ResultSet *rs, const BalanceGroup *g)
{
    Cols c;
    if (cols_alloc(&c, g->npowers))
        return;
    for (int i = 0; i < g->npowers; i++) {
        const BalancePower *p = &g->powers[i];
        if (p->deal_batch < 0)
            continue;
        int k = c.n;
        cols_add(&c, p->card, NULL, 0);
        c.v[k] = p->unlocked;
        c.lo[k] = p->unlocked_lo;
        c.hi[k] = p->unlocked_hi;
        c.size[k] = rs->sum[p->deal_batch].games;
    }
    chart(f, "Dealt to the grid: games in which someone unlocked it", "%", "games (n: games)", &c, 0, NAN, NULL, COL);
    cols_free(&c);
}

static void triggers_chart(FILE *f, const Summary *s)
{
    Cols c;
    if (cols_alloc(&c, s->triggers.n))
        return;
    for (int t = 0; t < s->triggers.n; t++) {
        cols_add(&c, s->triggers.name[t], NULL, 0);
        c.v[t] = 100 * s->triggers.count[t] / s->games;
        stats_wilson(s->triggers.count[t], s->games, ROWS_CONF, &c.lo[t], &c.hi[t]);
        c.lo[t] *= 100;
        c.hi[t] *= 100;
        c.size[t] = s->games;
    }
    chart(f, "How the game's end was triggered (baseline)", "%", "games (n: games)", &c, 0, NAN, NULL, COL);
    cols_free(&c);
}

static void histogram(FILE *f, const char *title, const char *xname, const Hist *h, int games)
{
    int top = hist_top(h), low = 0;
    while (low < top && h->count[low] == 0)   /* start at the lowest value seen */
        low++;
    static double share[SUM_HIST];
    for (int i = low; i <= top; i++)
        share[i - low] = games > 0 ? 100.0 * h->count[i] / games : 0;
    const double *shares[1] = { share }, n[1] = { games };
    const char *names[1] = { "baseline games" }, *cols[1] = { COL };
    if (top >= 0)
        svg_histogram(f, title, xname, top - low + 1, low, 1, shares, names, cols, n);
}

static void power_table(FILE *f, const BalanceGroup *g)
{
    fputs("<table><tr><th>power</th><th>held: holder wins</th><th>change</th><th>score change</th>"
          "<th>handler calls per game</th><th>dealt: unlocked</th><th>holders win</th><th>n</th><th>against "
          "unlockers</th></tr>\n", f);
    for (int i = 0; i < g->npowers; i++) {
        const BalancePower *p = &g->powers[i];
        char a[64] = "", b[64] = "", c[64] = "", d[64] = "", e[64] = "";
        if (p->hold_batch >= 0) {
            row_format(a, sizeof a, p->held_win.b, p->held_win.b_lo, p->held_win.b_hi, 1, 0);
            row_format(b, sizeof b, p->held_win.diff, p->held_win.d_lo, p->held_win.d_hi, 1, 1);
            row_format(c, sizeof c, p->held_score.diff, p->held_score.d_lo, p->held_score.d_hi, 0, 1);
        }
        char g2[64] = "";
        if (p->deal_batch >= 0) {
            row_format(d, sizeof d, p->unlocked, p->unlocked_lo, p->unlocked_hi, 1, 0);
            row_format(e, sizeof e, p->dealt_win.b, p->dealt_win.b_lo, p->dealt_win.b_hi, 1, 0);
            row_format(g2, sizeof g2, p->dealt_win.diff, p->dealt_win.d_lo, p->dealt_win.d_hi, 1, 1);
        }
        int sig = p->held_win.flagged || p->held_score.flagged || p->dealt_win.flagged;
        fprintf(f, "<tr%s><td>", sig ? " class=\"sig\"" : "");
        report_html_esc(f, p->card);
        fprintf(f, "</td><td>%s</td><td>%s%s</td><td>%s%s</td><td>", a, b, p->held_win.flagged ? " *" : "", c,
                p->held_score.flagged ? " *" : "");
        if (p->hold_batch >= 0)
            fprintf(f, isnan(p->fired) ? "?" : p->fired == 0 ? "0 (never ran)" : "%.2f", p->fired);
        fprintf(f, "</td><td>%s</td><td>%s</td><td>%.0f</td><td>%s%s</td></tr>\n", d, e,
                p->deal_batch >= 0 ? p->dealt_win.nb : 0.0, g2, p->dealt_win.flagged ? " *" : "");
    }
    fputs("</table>\n", f);
}

static void group_section(FILE *f, const ResultSet *rs, const BalanceGroup *g)
{
    const Summary *base = &rs->sum[g->base];
    fputs("<h2>", f);
    report_html_esc(f, g->title);
    fprintf(f, "</h2>\n<p>%d baseline games; every power batch plays the same seeds.</p>\n", base->games);
    seats_chart(f, g);
    held_charts(f, g);
    dealt_charts(f, g);
    unlock_chart(f, rs, g);
    triggers_chart(f, base);
    histogram(f, base->stalled ? "Game length (baseline; games stalled at the turn limit left out)"
                               : "Game length (baseline)", "turns", &base->turns_hist, base->games - base->stalled);
    histogram(f, "Winner's margin (baseline)", "points ahead of the next player", &base->margin_hist, base->games);
    histogram(f, "Lead changes during the game (baseline)", "times the leader on points changed",
              &base->lead_hist, base->games);
    Row seats[MAX_PLAYERS + 1];
    memcpy(seats, g->seat, (size_t)g->players * sizeof *seats);
    seats[g->players] = g->first;
    report_html_rows(f, seats, g->players + 1, "fair share", "baseline", -1);
    if (g->npowers)
        power_table(f, g);
}

/* A measure of the baseline against the swept value, for one player count. */
static void sweep_chart(FILE *f, const ResultSet *rs, const Balance *b, int players, const char *title,
                        const char *unit, int which)
{
    double xs[PLAN_MAX_SWEEP], v[PLAN_MAX_SWEEP], lo[PLAN_MAX_SWEEP], hi[PLAN_MAX_SWEEP], n[PLAN_MAX_SWEEP];
    int k = 0;
    for (int gi = 0; gi < b->ngroups && k < PLAN_MAX_SWEEP; gi++) {
        const BalanceGroup *g = &b->group[gi];
        if (g->players != players || g->sweep < 0)
            continue;
        const Summary *s = &rs->sum[g->base];
        xs[k] = rs->plan.sweep[g->sweep];
        const Accum *a = which == 0 ? &s->turns : which == 1 ? &s->margin : which == 2 ? &s->lead : NULL;
        if (a) {
            v[k] = accum_mean(a);
            stats_mean_ci(a, ROWS_CONF, &lo[k], &hi[k]);
            n[k] = a->n;
        } else {
            const Row *r = which == 3 ? &g->seat[0] : &g->first;
            v[k] = r->b;
            lo[k] = r->b_lo;
            hi[k] = r->b_hi;
            n[k] = r->nb;
        }
        k++;
    }
    char t[160];
    snprintf(t, sizeof t, "%s against %s (%d players)", title, rs->plan.sweep_name, players);
    if (k)
        svg_sweep(f, t, rs->plan.sweep_name, unit, k, xs, v, lo, hi, n);
}

static void sweep_section(FILE *f, const ResultSet *rs, const Balance *b)
{
    fputs("<h2>Sweep of ", f);
    report_html_esc(f, rs->plan.sweep_name);
    fputs("</h2>\n", f);
    int seen[MAX_PLAYERS + 1] = { 0 };
    for (int gi = 0; gi < b->ngroups; gi++) {
        int p = b->group[gi].players;
        if (seen[p]++)
            continue;
        sweep_chart(f, rs, b, p, "Seat A's win rate", "%", 3);
        sweep_chart(f, rs, b, p, "First player's win rate", "%", 4);
        sweep_chart(f, rs, b, p, "Game length (turns)", "", 0);
        sweep_chart(f, rs, b, p, "Winner's margin (points)", "", 1);
        sweep_chart(f, rs, b, p, "Lead changes per game", "", 2);
    }
}

int balance_html(const char *path, const ResultSet *rs, const Balance *b, const ReportSide *sides, int nsides)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "volcanique balance: %s: cannot write the report\n", path);
        return 1;
    }
    report_html_begin(f, "Volcanique: balance of the powers and the game", sides, nsides);
    fprintf(f, "<p>%llu games a batch, bots %s. Powers are measured two ways: <b>held</b> from the start by the "
            "seat that rotates with the seed (compared with that seat in the baseline games on the same seeds), and "
            "<b>dealt</b> to the Power Grid first (the win rate of whoever unlocked it, against that of the players "
            "who unlocked any power in the baseline: unlocking goes with leading, so the fair share is no reference). "
            "%d rows were tested together; * marks those that stand out after Holm's correction.</p>\n",
            (unsigned long long)rs->plan.games, rs->plan.seats, b->tested);
    if (rs->plan.nsweep)
        sweep_section(f, rs, b);
    for (int gi = 0; gi < b->ngroups; gi++)
        group_section(f, rs, &b->group[gi]);
    report_html_end(f);
    if (fclose(f) != 0) {
        fprintf(stderr, "volcanique balance: %s: write failed\n", path);
        return 1;
    }
    return 0;
}
