/* The balance report's rows, as text and JSON (balance.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "balance.h"

/* ---- building ---- */

static int group_of(Balance *b, const PlanBatch *pb)
{
    for (int g = 0; g < b->ngroups; g++)
        if (b->group[g].players == pb->players && b->group[g].sweep == pb->sweep)
            return g;
    BalanceGroup *grown = realloc(b->group, (size_t)(b->ngroups + 1) * sizeof *grown);
    if (!grown)
        return -1;
    b->group = grown;
    BalanceGroup *g = &b->group[b->ngroups];
    memset(g, 0, sizeof *g);
    g->players = pb->players;
    g->sweep = pb->sweep;
    g->base = -1;
    return b->ngroups++;
}

static BalancePower *power_of(BalanceGroup *g, const char *card)
{
    for (int i = 0; i < g->npowers; i++)
        if (strcmp(g->powers[i].card, card) == 0)
            return &g->powers[i];
    BalancePower *grown = realloc(g->powers, (size_t)(g->npowers + 1) * sizeof *grown);
    if (!grown)
        return NULL;
    g->powers = grown;
    BalancePower *p = &g->powers[g->npowers++];
    memset(p, 0, sizeof *p);
    snprintf(p->card, sizeof p->card, "%s", card);
    p->hold_batch = p->deal_batch = -1;
    p->fired = p->unlocked = p->unlocked_lo = p->unlocked_hi = NAN;
    return p;
}

/* Handler calls per game of the scripts that declare `card`. */
static double fired_per_game(const Coverage *c, const char *card)
{
    if (!c || c->games <= 0)
        return NAN;
    uint64_t n = 0;
    for (int i = 0; i < c->count; i++)
        if (strcmp(c->e[i].card, card) == 0)
            n += c->e[i].fired;
    return (double)n / c->games;
}

static void power_rows(const ResultSet *rs, const BalanceGroup *g, BalancePower *p, double min_n)
{
    const Summary *base = &rs->sum[g->base];
    char m[64];
    if (p->hold_batch >= 0) {
        const Summary *h = &rs->sum[p->hold_batch];
        snprintf(m, sizeof m, "%.30s held: holder wins", p->card);
        row_name(&p->held_win, "held", m);
        row_rates(&p->held_win, base->rot_win.sum, base->rot_win.n, h->held_win.sum, h->held_win.n, min_n);
        snprintf(m, sizeof m, "%.30s held: holder's score", p->card);
        row_name(&p->held_score, "held", m);
        row_means(&p->held_score, &base->rot_score, &h->held_score, min_n);
        p->fired = fired_per_game(rs->cov[p->hold_batch], p->card);
    }
    if (p->deal_batch >= 0) {
        const Summary *d = &rs->sum[p->deal_batch];
        int c = summary_card(d, p->card);
        double unlocked = c >= 0 ? d->card_games[c] : 0;
        static const Accum none;
        const Accum *w = c >= 0 ? &d->card_holder_win[c] : &none;
        snprintf(m, sizeof m, "%.30s dealt: holders win", p->card);
        row_name(&p->dealt_win, "dealt", m);
        row_rates(&p->dealt_win, base->unlocker_win.sum, base->unlocker_win.n, w->sum, w->n, min_n);
        p->unlocked = d->games > 0 ? 100 * unlocked / d->games : NAN;
        stats_wilson(unlocked, d->games, ROWS_CONF, &p->unlocked_lo, &p->unlocked_hi);
        p->unlocked_lo *= 100;
        p->unlocked_hi *= 100;
    }
}

static void group_rows(const ResultSet *rs, BalanceGroup *g, double min_n)
{
    const Summary *base = &rs->sum[g->base];
    char m[64];
    for (int s = 0; s < g->players; s++) {
        snprintf(m, sizeof m, "seat %c wins", record_seat(s));
        row_name(&g->seat[s], "seats", m);
        row_rate_vs(&g->seat[s], base->seat_win[s].sum, base->seat_win[s].n, 1.0 / g->players, min_n);
    }
    row_name(&g->first, "seats", "first player wins");
    row_rate_vs(&g->first, base->first_win.sum, base->first_win.n, 1.0 / g->players, min_n);
    for (int i = 0; i < g->npowers; i++)
        power_rows(rs, g, &g->powers[i], min_n);
}

/* Holm over every tested row of the report at once. */
static void correct_all(Balance *b)
{
    int n = 0;
    for (int k = 0; k < b->ngroups; k++)
        n += b->group[k].players + 1 + 3 * b->group[k].npowers;
    Row **ptr = malloc((size_t)(n ? n : 1) * sizeof *ptr);
    Row *tmp = malloc((size_t)(n ? n : 1) * sizeof *tmp);
    if (!ptr || !tmp) {
        free(ptr);
        free(tmp);
        return;
    }
    int i = 0;
    for (int k = 0; k < b->ngroups; k++) {
        BalanceGroup *g = &b->group[k];
        for (int s = 0; s < g->players; s++)
            ptr[i++] = &g->seat[s];
        ptr[i++] = &g->first;
        for (int p = 0; p < g->npowers; p++) {
            ptr[i++] = &g->powers[p].held_win;
            ptr[i++] = &g->powers[p].held_score;
            ptr[i++] = &g->powers[p].dealt_win;
        }
    }
    for (int k = 0; k < n; k++)
        tmp[k] = *ptr[k];
    b->tested = rows_correct(tmp, n);
    for (int k = 0; k < n; k++)
        *ptr[k] = tmp[k];
    free(ptr);
    free(tmp);
}

static void group_title(const ResultSet *rs, BalanceGroup *g)
{
    if (g->sweep >= 0)
        snprintf(g->title, sizeof g->title, "%d players, %s = %g", g->players, rs->plan.sweep_name,
                 rs->plan.sweep[g->sweep]);
    else
        snprintf(g->title, sizeof g->title, "%d players", g->players);
}

int balance_build(const ResultSet *rs, double min_n, Balance *b, char *err, int errlen)
{
    memset(b, 0, sizeof *b);
    for (int k = 0; k < rs->plan.nbatch; k++) {
        const PlanBatch *pb = &rs->plan.batch[k];
        int gi = group_of(b, pb);
        if (gi < 0)
            return snprintf(err, (size_t)errlen, "out of memory"), -1;
        BalanceGroup *g = &b->group[gi];
        tally_merge(&g->errors, &rs->sum[k].errors);
        if (strcmp(pb->method, "base") == 0) {
            g->base = k;
            continue;
        }
        BalancePower *p = power_of(g, pb->card);
        if (!p)
            return snprintf(err, (size_t)errlen, "out of memory"), -1;
        if (strcmp(pb->method, "hold") == 0)
            p->hold_batch = k;
        else
            p->deal_batch = k;
    }
    for (int gi = 0; gi < b->ngroups; gi++) {
        BalanceGroup *g = &b->group[gi];
        if (g->base < 0)
            return snprintf(err, (size_t)errlen, "the plan has no baseline for %d players", g->players), -1;
        group_title(rs, g);
        group_rows(rs, g, min_n);
    }
    correct_all(b);
    return 0;
}

void balance_free(Balance *b)
{
    for (int g = 0; g < b->ngroups; g++)
        free(b->group[g].powers);
    free(b->group);
    memset(b, 0, sizeof *b);
}

/* ---- text ---- */

static void text_mean(const char *what, const Accum *a, const char *unit)
{
    double lo, hi;
    stats_mean_ci(a, ROWS_CONF, &lo, &hi);
    printf("  %-30s %7.2f%s [%.2f, %.2f]  n=%.0f\n", what, accum_mean(a), unit, lo, hi, a->n);
}

static void text_rate(const char *what, double k, double n)
{
    double lo, hi;
    stats_wilson(k, n, ROWS_CONF, &lo, &hi);
    printf("  %-30s %6.1f%%  [%.1f, %.1f]  n=%.0f\n", what, n > 0 ? 100 * k / n : NAN, 100 * lo, 100 * hi, n);
}

static void text_game(const Summary *s)
{
    char what[64];
    text_mean("turns", &s->turns, "");
    text_mean("winner's margin (points)", &s->margin, "");
    text_mean("lead changes per game", &s->lead, "");
    text_rate("games with a lead change", s->lead.n - s->lead_hist.count[0], s->lead.n);
    for (int t = 0; t < s->triggers.n; t++) {
        snprintf(what, sizeof what, "end trigger: %s", s->triggers.name[t]);
        text_rate(what, s->triggers.count[t], s->games);
    }
    for (int e = 0; e < s->ends.n; e++) {
        snprintf(what, sizeof what, "ends by: %s", s->ends.name[e]);
        text_rate(what, s->ends.count[e], s->games);
    }
    printf("  %-30s %7d (ended at the turn limit: left out of turns)\n", "stalled games", s->stalled);
}

static void cell(char *out, int len, const Row *r, int sign)
{
    if (sign)
        row_format(out, len, r->diff, r->d_lo, r->d_hi, r->percent, 1);
    else
        row_format(out, len, r->b, r->b_lo, r->b_hi, r->percent, 0);
    if (r->flagged)
        strncat(out, " *", (size_t)len - strlen(out) - 1);
    else if (!r->tested)
        strncat(out, " -", (size_t)len - strlen(out) - 1);
}

static void text_powers(const BalanceGroup *g)
{
    int w = 5;
    for (int i = 0; i < g->npowers; i++)
        w = (int)strlen(g->powers[i].card) > w ? (int)strlen(g->powers[i].card) : w;
    printf("\n  powers: held (seat k %% %d holds it from the start in game k, against that seat in the baseline)"
           " and dealt (to the grid first; its holders against the players who unlocked any power in the baseline)\n",
           g->players);
    printf("  %-*s %-26s %-28s %-28s %8s | %-22s %-26s %6s %s\n", w, "power", "held: holder wins",
           "held: win change", "held: score change", "calls/g", "dealt: unlocked", "dealt: holders win", "n",
           "against unlockers");
    for (int i = 0; i < g->npowers; i++) {
        const BalancePower *p = &g->powers[i];
        char hw[48] = "", hd[48] = "", hs[48] = "", un[48] = "", dw[48] = "", dd[48] = "", fired[16] = "";
        if (p->hold_batch >= 0) {
            cell(hw, sizeof hw, &p->held_win, 0);
            cell(hd, sizeof hd, &p->held_win, 1);
            cell(hs, sizeof hs, &p->held_score, 1);
            snprintf(fired, sizeof fired, isnan(p->fired) ? "?" : "%.2f", p->fired);
        }
        if (p->deal_batch >= 0) {
            row_format(un, sizeof un, p->unlocked, p->unlocked_lo, p->unlocked_hi, 1, 0);
            row_format(dw, sizeof dw, p->dealt_win.b, p->dealt_win.b_lo, p->dealt_win.b_hi, 1, 0);
            cell(dd, sizeof dd, &p->dealt_win, 1);
        }
        printf("  %-*s %-26s %-28s %-28s %8s | %-22s %-26s %6.0f %s%s\n", w, p->card, hw, hd, hs, fired, un, dw,
               p->deal_batch >= 0 ? p->dealt_win.nb : 0.0, dd,
               p->hold_batch >= 0 && p->fired == 0 ? "  (its rules never ran when held)" : "");
    }
}

static void print_text(const ResultSet *rs, const Balance *b, const ReportSide *sides, int nsides, double min_n)
{
    report_text_head(stdout, "volcanique balance", sides, nsides);
    printf("%llu games a batch (bots %s); rows need %.0f games a side to be tested; %d rows tested together; "
           "* = significant after Holm's correction, - = not tested\n", (unsigned long long)rs->plan.games,
           rs->plan.seats, min_n, b->tested);
    for (int gi = 0; gi < b->ngroups; gi++) {
        const BalanceGroup *g = &b->group[gi];
        printf("\n== %s\n", g->title);
        Row seats[MAX_PLAYERS + 1];
        memcpy(seats, g->seat, (size_t)g->players * sizeof *seats);
        seats[g->players] = g->first;
        report_text_rows(stdout, seats, g->players + 1, "fair share", "baseline", -1);
        printf("\n  the game (baseline):\n");
        text_game(&rs->sum[g->base]);
        if (g->npowers)
            text_powers(g);
    }
}

/* ---- JSON ---- */

static void json_row(const char *key, const Row *r)
{
    printf("\"%s\":", key);
    report_json_row(stdout, r);
}

static void json_mean(const char *key, const Accum *a)
{
    double lo, hi;
    stats_mean_ci(a, ROWS_CONF, &lo, &hi);
    printf("\"%s\":{\"mean\":", key);
    report_json_num(stdout, accum_mean(a));
    fputs(",\"lo\":", stdout);
    report_json_num(stdout, lo);
    fputs(",\"hi\":", stdout);
    report_json_num(stdout, hi);
    printf(",\"n\":%.0f}", a->n);
}

static void json_game(const Summary *s)
{
    json_mean("turns", &s->turns);
    putchar(',');
    json_mean("margin", &s->margin);
    putchar(',');
    json_mean("lead_changes", &s->lead);
    fputs(",\"triggers\":[", stdout);
    for (int t = 0; t < s->triggers.n; t++) {
        double lo, hi;
        stats_wilson(s->triggers.count[t], s->games, ROWS_CONF, &lo, &hi);
        printf("%s{\"trigger\":", t ? "," : "");
        report_json_string(stdout, s->triggers.name[t]);
        printf(",\"rate\":%.6g,\"lo\":%.6g,\"hi\":%.6g,\"n\":%d}", 100 * s->triggers.count[t] / s->games, 100 * lo,
               100 * hi, s->games);
    }
    fputs("],\"ends\":[", stdout);
    for (int e = 0; e < s->ends.n; e++) {
        printf("%s{\"end\":", e ? "," : "");
        report_json_string(stdout, s->ends.name[e]);
        printf(",\"games\":%.0f}", s->ends.count[e]);
    }
    printf("],\"stalled\":%d", s->stalled);
}

static void json_power(const BalancePower *p)
{
    fputs("{\"card\":", stdout);
    report_json_string(stdout, p->card);
    if (p->hold_batch >= 0) {
        fputs(",\"held\":{", stdout);
        json_row("win", &p->held_win);
        putchar(',');
        json_row("score", &p->held_score);
        fputs(",\"handler_calls_per_game\":", stdout);
        report_json_num(stdout, p->fired);
        putchar('}');
    }
    if (p->deal_batch >= 0) {
        fputs(",\"dealt\":{\"unlocked\":", stdout);
        report_json_num(stdout, p->unlocked);
        fputs(",\"unlocked_lo\":", stdout);
        report_json_num(stdout, p->unlocked_lo);
        fputs(",\"unlocked_hi\":", stdout);
        report_json_num(stdout, p->unlocked_hi);
        putchar(',');
        json_row("holders_win", &p->dealt_win);
        putchar('}');
    }
    putchar('}');
}

static void print_json(const ResultSet *rs, const Balance *b, const ReportSide *sides, int nsides, double min_n)
{
    printf("{\"command\":\"balance\",\"games\":%llu,\"seats\":", (unsigned long long)rs->plan.games);
    report_json_string(stdout, rs->plan.seats);
    printf(",\"min_n\":%.0f,\"tested\":%d,", min_n, b->tested);
    report_json_head(stdout, sides, nsides);
    fputs(",\"groups\":[", stdout);
    for (int gi = 0; gi < b->ngroups; gi++) {
        const BalanceGroup *g = &b->group[gi];
        printf("%s{\"players\":%d,\"sweep\":", gi ? "," : "", g->players);
        if (g->sweep >= 0) {
            fputs("{\"name\":", stdout);
            report_json_string(stdout, rs->plan.sweep_name);
            printf(",\"value\":%.17g}", rs->plan.sweep[g->sweep]);
        } else {
            fputs("null", stdout);
        }
        fputs(",\"seats\":{", stdout);
        report_json_rows(stdout, g->seat, g->players);
        fputs("},\"first_player\":{", stdout);
        report_json_rows(stdout, &g->first, 1);
        fputs("},", stdout);
        json_game(&rs->sum[g->base]);
        fputs(",\"powers\":[", stdout);
        for (int i = 0; i < g->npowers; i++) {
            if (i)
                putchar(',');
            json_power(&g->powers[i]);
        }
        fputs("]}", stdout);
    }
    fputs("]}\n", stdout);
}

int balance_report(const ResultSet *rs, const ReportOpts *o)
{
    Balance b;
    char err[200];
    if (balance_build(rs, o->min_n, &b, err, sizeof err)) {
        fprintf(stderr, "volcanique balance: %s\n", err);
        balance_free(&b);
        return 1;
    }
    ReportSide *sides = calloc((size_t)(b.ngroups ? b.ngroups : 1), sizeof *sides);
    if (!sides) {
        balance_free(&b);
        return 1;
    }
    for (int g = 0; g < b.ngroups; g++)
        sides[g] = (ReportSide){ b.group[g].title, &b.group[g].errors, rs->made[b.group[g].base] };
    if (o->json)
        print_json(rs, &b, sides, b.ngroups, o->min_n);
    else
        print_text(rs, &b, sides, b.ngroups, o->min_n);
    fflush(stdout);
    int rc = o->html ? balance_html(o->html, rs, &b, sides, b.ngroups) : 0;
    if (report_any_errors(sides, b.ngroups) && !o->allow_errors) {
        fprintf(stderr, "volcanique balance: games had script errors or switched-off mods (see the top of the "
                "report); exit status 1 (--allow-errors accepts them)\n");
        rc = 1;
    }
    free(sides);
    balance_free(&b);
    return rc;
}
