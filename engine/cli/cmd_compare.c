/* compare: two rule sets on the same seeds and bots, and the differences
 * between them with 95% confidence intervals (stats.h), as a text table,
 * JSON (--json) or a self-contained HTML report (--html FILE). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "stats.h"

typedef struct Side {
    char spec[256];
    const char *root;
    GameOptions options;
    char root_buf[SESSION_PATH];
    char mods[256];                /* comma separated, "" for none */
} Side;

/* "variant=to_the_left,setup=2,root=DIR" on top of the common options. */
static int parse_side(const char *flag, const char *spec, Side *s)
{
    snprintf(s->spec, sizeof s->spec, "%s", spec);
    char buf[512];
    snprintf(buf, sizeof buf, "%s", spec);
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(tok, '=');
        if (!eq) {
            fprintf(stderr, "volcanique compare: %s: expected KEY=VALUE, got '%s'\n", flag, tok);
            return -1;
        }
        *eq = 0;
        const char *v = eq + 1;
        uint64_t n;
        if (strcmp(tok, "variant") == 0) {
            if (strcmp(v, "symbiosis") && strcmp(v, "to_the_left")) {
                fprintf(stderr, "volcanique compare: %s: variant must be symbiosis or to_the_left, got '%s'\n",
                        flag, v);
                return -1;
            }
            snprintf(s->options.variant, sizeof s->options.variant, "%s", v);
        } else if (strcmp(tok, "setup") == 0) {
            if (cli_number(v, flag, 1, 2, &n))
                return -1;
            s->options.setup_variation = (uint8_t)n;
        } else if (strcmp(tok, "players") == 0) {
            if (cli_number(v, flag, MIN_PLAYERS, MAX_PLAYERS, &n))
                return -1;
            s->options.players = (uint8_t)n;
        } else if (strcmp(tok, "mods") == 0) {
            snprintf(s->mods, sizeof s->mods, "%s", v);
            for (char *p = s->mods; *p; p++)
                if (*p == '+')
                    *p = ',';
        } else if (strcmp(tok, "root") == 0) {
            snprintf(s->root_buf, sizeof s->root_buf, "%s", v);
            s->root = s->root_buf;
        } else {
            fprintf(stderr, "volcanique compare: %s: unknown key '%s' (variant, setup, players, mods, root)\n", flag, tok);
            return -1;
        }
    }
    return 0;
}

static CompareRow *row(CompareRow *rows, int *n, int max, const char *group, const char *metric)
{
    if (*n >= max)
        return NULL;
    CompareRow *r = &rows[(*n)++];
    memset(r, 0, sizeof *r);
    snprintf(r->group, sizeof r->group, "%s", group);
    snprintf(r->metric, sizeof r->metric, "%s", metric);
    return r;
}

static void rate_row(CompareRow *rows, int *n, int max, const char *group, const char *metric, const Accum *a,
                     const Accum *b)
{
    CompareRow *r = row(rows, n, max, group, metric);
    if (!r)
        return;
    r->percent = 1;
    r->a = 100 * accum_mean(a);
    r->b = 100 * accum_mean(b);
    wilson(a->sum, a->n, &r->a_lo, &r->a_hi);
    wilson(b->sum, b->n, &r->b_lo, &r->b_hi);
    r->a_lo *= 100; r->a_hi *= 100; r->b_lo *= 100; r->b_hi *= 100;
    double d, h;
    diff_ci(a, b, &d, &h);
    r->diff = 100 * d;
    r->d_lo = 100 * (d - h);
    r->d_hi = 100 * (d + h);
}

static void mean_row(CompareRow *rows, int *n, int max, const char *group, const char *metric, const Accum *a,
                     const Accum *b)
{
    CompareRow *r = row(rows, n, max, group, metric);
    if (!r)
        return;
    r->a = accum_mean(a);
    r->b = accum_mean(b);
    r->a_lo = r->a - accum_half(a); r->a_hi = r->a + accum_half(a);
    r->b_lo = r->b - accum_half(b); r->b_hi = r->b + accum_half(b);
    double d, h;
    diff_ci(a, b, &d, &h);
    r->diff = d;
    r->d_lo = d - h;
    r->d_hi = d + h;
}

static int find_name(const char *names, int count, int size, const char *name)
{
    for (int i = 0; i < count; i++)
        if (strcmp(names + i * size, name) == 0)
            return i;
    return -1;
}

int compare_rows(const Summary *a, const Summary *b, CompareRow *rows, int max)
{
    static const char SEAT[] = "ABCDE";
    static const Accum none;
    int n = 0;
    char m[48];
    int players = a->players > b->players ? a->players : b->players;
    for (int p = 0; p < players; p++) {
        snprintf(m, sizeof m, "seat %c wins", SEAT[p]);
        rate_row(rows, &n, max, "wins", m, &a->seat_win[p], &b->seat_win[p]);
    }
    rate_row(rows, &n, max, "wins", "first player wins", &a->first_win, &b->first_win);
    mean_row(rows, &n, max, "score", "winning score", &a->win_score, &b->win_score);
    mean_row(rows, &n, max, "score", "losing score", &a->lose_score, &b->lose_score);
    for (int i = 0; i < SUM_PARTS; i++) {
        snprintf(m, sizeof m, "winners' %s", score_part_name(i));
        mean_row(rows, &n, max, "breakdown", m, &a->win_part[i], &b->win_part[i]);
    }
    for (int i = 0; i < SUM_PARTS; i++) {
        snprintf(m, sizeof m, "losers' %s", score_part_name(i));
        mean_row(rows, &n, max, "breakdown", m, &a->lose_part[i], &b->lose_part[i]);
    }
    mean_row(rows, &n, max, "length", "turns", &a->turns, &b->turns);
    mean_row(rows, &n, max, "length", "decisions", &a->decisions, &b->decisions);
    /* End reasons and powers: the union of both sides' names. */
    for (int side = 0; side < 2; side++) {
        const Summary *s = side ? b : a;
        for (int e = 0; e < s->nend; e++) {
            if (side && find_name(&a->end_name[0][0], a->nend, 16, s->end_name[e]) >= 0)
                continue;
            int ia = find_name(&a->end_name[0][0], a->nend, 16, s->end_name[e]);
            int ib = find_name(&b->end_name[0][0], b->nend, 16, s->end_name[e]);
            Accum za = { a->games, 0, 0 }, zb = { b->games, 0, 0 };
            snprintf(m, sizeof m, "ends by %s", s->end_name[e]);
            rate_row(rows, &n, max, "end", m, ia >= 0 ? &a->end[ia] : &za, ib >= 0 ? &b->end[ib] : &zb);
        }
    }
    for (int side = 0; side < 2; side++) {
        const Summary *s = side ? b : a;
        for (int c = 0; c < s->ncard; c++) {
            if (side && find_name(&a->card[0][0], a->ncard, REC_NAME, s->card[c]) >= 0)
                continue;
            int ia = find_name(&a->card[0][0], a->ncard, REC_NAME, s->card[c]);
            int ib = find_name(&b->card[0][0], b->ncard, REC_NAME, s->card[c]);
            Accum za = { a->games, 0, 0 }, zb = { b->games, 0, 0 };
            snprintf(m, sizeof m, "%.30s unlocked", s->card[c]);
            rate_row(rows, &n, max, "powers", m, ia >= 0 ? &a->card_unlocked[ia] : &za,
                     ib >= 0 ? &b->card_unlocked[ib] : &zb);
            snprintf(m, sizeof m, "%.30s holders win", s->card[c]);
            rate_row(rows, &n, max, "powers", m, ia >= 0 ? &a->card_holder_win[ia] : &none,
                     ib >= 0 ? &b->card_holder_win[ib] : &none);
        }
    }
    mean_row(rows, &n, max, "caldera", "cards bought per player", &a->caldera_bought, &b->caldera_bought);
    mean_row(rows, &n, max, "caldera", "stars kept per player", &a->caldera_stars, &b->caldera_stars);
    return n;
}

static void print_text(const char *na, const char *nb, int games, const CompareRow *rows, int n, const Coverage *ca,
                       const Coverage *cb)
{
    printf("A: %s\nB: %s\n%d games a side on the same seeds; 95%% intervals; * marks a difference whose "
           "interval excludes 0\n\n", na, nb, games);
    printf("%-38s %-22s %-22s %s\n", "metric", "A", "B", "B - A");
    for (int i = 0; i < n; i++) {
        const CompareRow *r = &rows[i];
        const char *u = r->percent ? "%" : "";
        char a[40], b[40];
        snprintf(a, sizeof a, "%.1f%s [%.1f, %.1f]", r->a, u, r->a_lo, r->a_hi);
        snprintf(b, sizeof b, "%.1f%s [%.1f, %.1f]", r->b, u, r->b_lo, r->b_hi);
        printf("%-38s %-22s %-22s %+.1f [%+.1f, %+.1f]%s\n", r->metric, a, b, r->diff, r->d_lo, r->d_hi,
               row_significant(r) ? " *" : "");
    }
    printf("\nrule coverage: handler firings per game (bots' thinking excluded)\n");
    printf("%-40s %-20s %10s %10s\n", "script", "event", "A", "B");
    for (int i = 0; i < ca->count || i < cb->count; i++) {
        const Coverage *c = i < ca->count ? ca : cb;
        double fa = i < ca->count ? (double)ca->fired[i] / games : 0;
        double fb = i < cb->count && strcmp(cb->chunk[i], c->chunk[i]) == 0 ? (double)cb->fired[i] / games : 0;
        printf("%-40s %-20s %10.2f %10.2f%s\n", c->chunk[i], c->event[i], fa, fb,
               fa == 0 && fb == 0 ? "  never fired" : "");
    }
}

static void json_str(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            putchar('\\');
        if ((unsigned char)*s >= 32)
            putchar(*s);
    }
    putchar('"');
}

static void print_coverage_json(const Coverage *c)
{
    putchar('[');
    for (int i = 0; i < c->count; i++) {
        printf("%s{\"script\":", i ? "," : "");
        json_str(c->chunk[i]);
        printf(",\"event\":");
        json_str(c->event[i]);
        printf(",\"priority\":%ld,\"fired\":%llu}", c->priority[i], (unsigned long long)c->fired[i]);
    }
    putchar(']');
}

static void print_json(const char *na, const char *nb, int games, const CompareRow *rows, int n, const Coverage *ca,
                       const Coverage *cb)
{
    printf("{\"a\":");
    json_str(na);
    printf(",\"b\":");
    json_str(nb);
    printf(",\"games\":%d,\"rows\":[", games);
    for (int i = 0; i < n; i++) {
        const CompareRow *r = &rows[i];
        printf("%s{\"group\":", i ? "," : "");
        json_str(r->group);
        printf(",\"metric\":");
        json_str(r->metric);
        printf(",\"percent\":%s,\"a\":%.4f,\"a_ci\":[%.4f,%.4f],\"b\":%.4f,\"b_ci\":[%.4f,%.4f],"
               "\"diff\":%.4f,\"diff_ci\":[%.4f,%.4f],\"significant\":%s}",
               r->percent ? "true" : "false", r->a, r->a_lo, r->a_hi, r->b, r->b_lo, r->b_hi, r->diff, r->d_lo,
               r->d_hi, row_significant(r) ? "true" : "false");
    }
    printf("],\"coverage\":{\"a\":");
    print_coverage_json(ca);
    printf(",\"b\":");
    print_coverage_json(cb);
    printf("}}\n");
}

int cmd_compare(const CliArgs *a)
{
    SimConfig c;
    sim_config_defaults(&c);
    c.games = 100;
    const char *seats = "random", *spec_a = NULL, *spec_b = NULL, *html = NULL;
    int json = 0;
    for (int i = 0; i < a->argc;) {
        int used;
        const char *opt = a->argv[i], *val = i + 1 < a->argc ? a->argv[i + 1] : NULL;
        if (sim_config_option(a, i, &c, 10000000, &seats, &used))
            return 2;
        if (used) {
            i += used;
        } else if (strcmp(opt, "--a") == 0 && val) {
            spec_a = val;
            i += 2;
        } else if (strcmp(opt, "--b") == 0 && val) {
            spec_b = val;
            i += 2;
        } else if (strcmp(opt, "--html") == 0 && val) {
            html = val;
            i += 2;
        } else if (strcmp(opt, "--json") == 0) {
            json = 1;
            i++;
        } else {
            fprintf(stderr, "volcanique compare: unknown or incomplete option '%s' (see volcanique --help)\n", opt);
            return 2;
        }
    }
    if (!spec_a || !spec_b) {
        fprintf(stderr, "volcanique compare: give both rule sets: --a SPEC --b SPEC "
                "(SPEC: variant=V,setup=1|2,players=N,mods=M1+M2,root=DIR; empty for the defaults)\n");
        return 2;
    }
    Side side[2];
    const char *specs[2] = { spec_a, spec_b };
    for (int k = 0; k < 2; k++) {
        memset(&side[k], 0, sizeof side[k]);
        side[k].options = c.options;
        side[k].root = a->root;
        if (cli_mods_list())
            snprintf(side[k].mods, sizeof side[k].mods, "%s", cli_mods_list());
        if (parse_side(k ? "--b" : "--a", specs[k], &side[k]))
            return 2;
    }
    int players = side[0].options.players > side[1].options.players ? side[0].options.players
                                                                     : side[1].options.players;
    if (sim_parse_seats(seats, players, c.seats))
        return 2;
    Summary *sum = calloc(2, sizeof *sum);
    Coverage *cov = calloc(2, sizeof *cov);
    int rc = 0;
    for (int k = 0; k < 2 && rc == 0; k++) {
        SimConfig one = c;
        one.options = side[k].options;
        one.root = side[k].root;
        one.mods = side[k].mods[0] ? side[k].mods : NULL;
        one.label = k ? "B" : "A";
        FILE *tmp = tmpfile();
        if (!tmp) {
            fprintf(stderr, "volcanique compare: cannot make a temporary file\n");
            rc = 1;
            break;
        }
        rc = sim_run(&one, tmp, &cov[k]);
        if (rc == 0) {
            rewind(tmp);
            GameRecord *recs;
            char err[300];
            int n = records_read(tmp, k ? "B" : "A", &recs, err, sizeof err);
            if (n < 0) {
                fprintf(stderr, "volcanique compare: %s\n", err);
                rc = 1;
            }
            summary_init(&sum[k]);
            for (int i = 0; i < n; i++)
                summary_add(&sum[k], &recs[i]);
            free(recs);
        }
        fclose(tmp);
    }
    if (rc == 0) {
        static CompareRow rows[256];
        int n = compare_rows(&sum[0], &sum[1], rows, 256);
        const char *na = side[0].spec[0] ? side[0].spec : "(defaults)";
        const char *nb = side[1].spec[0] ? side[1].spec : "(defaults)";
        if (json)
            print_json(na, nb, (int)c.games, rows, n, &cov[0], &cov[1]);
        else
            print_text(na, nb, (int)c.games, rows, n, &cov[0], &cov[1]);
        if (html && report_html(html, na, nb, &sum[0], &sum[1], rows, n, &cov[0], &cov[1]))
            rc = 1;
    }
    free(sum);
    free(cov);
    return rc;
}
