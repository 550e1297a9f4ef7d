/* merge: puts result files back together (sim lines, or the shards of a
 * compare or balance stream, plan.h) in the order one whole run writes them,
 * or prints their report (--summary). */
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "plan.h"
#include "report.h"
#include "simrun.h"

typedef struct Line {
    int batch;
    uint64_t seed;
    long order;      /* input order, to keep the sort stable */
    char *text;
} Line;

typedef struct Merge {
    char *plan;                  /* the first plan line, verbatim */
    Line *lines;
    long n, cap;
    int ncov;
    Coverage **cov;              /* summed per batch */
    int nsig;
    char **sig;                  /* per batch + 1: how its first game was made (rules, seats, made) */
} Merge;

#define MERGE_MAX_BATCHES 4096

/* Refuses a game line of batch b made otherwise than the batch's first: its
 * "rules", "seats" and "made" must be the same (one run plays one setting
 * per batch; another means the files come from different runs). */
static int same_run(Merge *m, const json_t *j, int b, char *err, int errlen)
{
    if (b < -1 || b + 1 >= MERGE_MAX_BATCHES)
        return snprintf(err, (size_t)errlen, "batch %d is out of range", b), -1;
    json_t *how = json_object();
    static const char *const KEYS[] = { "rules", "seats", "made" };
    for (size_t k = 0; how && k < sizeof KEYS / sizeof KEYS[0]; k++)
        json_object_set(how, KEYS[k], json_object_get(j, KEYS[k]) ? json_object_get(j, KEYS[k]) : json_null());
    char *text = how ? json_dumps(how, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
    json_decref(how);
    if (!text)
        return snprintf(err, (size_t)errlen, "out of memory"), -1;
    if (b + 1 >= m->nsig) {
        char **grown = realloc(m->sig, (size_t)(b + 2) * sizeof *grown);
        if (!grown) {
            free(text);
            return snprintf(err, (size_t)errlen, "out of memory"), -1;
        }
        for (int i = m->nsig; i < b + 2; i++)
            grown[i] = NULL;
        m->sig = grown;
        m->nsig = b + 2;
    }
    if (!m->sig[b + 1]) {
        m->sig[b + 1] = text;
        return 0;
    }
    int same = strcmp(m->sig[b + 1], text) == 0;
    free(text);
    if (!same)
        return snprintf(err, (size_t)errlen, "this game was not played like the first of its batch (its \"rules\", "
                        "\"seats\" or \"made\" differ): the files come from different runs"), -1;
    return 0;
}

static int by_batch_seed(const void *a, const void *b)
{
    const Line *x = a, *y = b;
    if (x->batch != y->batch)
        return x->batch < y->batch ? -1 : 1;
    if (x->seed != y->seed)
        return x->seed < y->seed ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

static int keep_game(Merge *m, json_t *j, const char *text, char *err, int errlen)
{
    static GameRecord r;
    if (record_from_json(j, &r, err, errlen) || same_run(m, j, r.batch, err, errlen))
        return -1;
    if (m->n == m->cap) {
        long cap = m->cap ? m->cap * 2 : 1024;
        Line *grown = realloc(m->lines, (size_t)cap * sizeof *grown);
        if (!grown)
            return snprintf(err, (size_t)errlen, "out of memory"), -1;
        m->lines = grown;
        m->cap = cap;
    }
    size_t len = strcspn(text, "\n");
    Line *l = &m->lines[m->n];
    l->text = malloc(len + 2);
    if (!l->text)
        return snprintf(err, (size_t)errlen, "out of memory"), -1;
    snprintf(l->text, len + 2, "%.*s\n", (int)len, text);
    l->batch = r.batch;
    l->seed = r.seed;
    l->order = m->n++;
    return 0;
}

static int keep_coverage(Merge *m, json_t *c, char *err, int errlen)
{
    static Coverage one;
    int batch;
    if (coverage_from_json(c, &one, &batch, err, errlen))
        return -1;
    if (batch < 0 || batch >= PLAN_MAX_BATCHES)
        return snprintf(err, (size_t)errlen, "coverage: batch %d is out of range", batch), -1;
    if (batch >= m->ncov) {
        Coverage **grown = realloc(m->cov, (size_t)(batch + 1) * sizeof *grown);
        if (!grown)
            return snprintf(err, (size_t)errlen, "out of memory"), -1;
        for (int i = m->ncov; i <= batch; i++)
            grown[i] = NULL;
        m->cov = grown;
        m->ncov = batch + 1;
    }
    if (!m->cov[batch] && !(m->cov[batch] = calloc(1, sizeof *m->cov[batch])))
        return snprintf(err, (size_t)errlen, "out of memory"), -1;
    coverage_add(m->cov[batch], &one);
    return 0;
}

static int keep_line(Merge *m, const char *text, char *err, int errlen)
{
    json_error_t je;
    json_t *j = json_loads(text, 0, &je);
    if (!j)
        return snprintf(err, (size_t)errlen, "not JSON (column %d: %s)", je.column, je.text), -1;
    int rc = 0;
    json_t *cov = json_object_get(j, "coverage");
    if (json_object_get(j, "plan")) {
        size_t len = strcspn(text, "\n");
        if (!m->plan) {
            m->plan = strndup(text, len);
        } else if (strlen(m->plan) != len || strncmp(m->plan, text, len) != 0) {
            snprintf(err, (size_t)errlen, "this plan differs from the first file's: the files come from "
                     "different runs");
            rc = -1;
        }
    } else if (cov) {
        rc = keep_coverage(m, cov, err, errlen);
    } else {
        rc = keep_game(m, j, text, err, errlen);
    }
    json_decref(j);
    return rc;
}

static int read_file(Merge *m, const char *name)
{
    FILE *f = strcmp(name, "-") == 0 ? stdin : fopen(name, "r");
    if (!f) {
        fprintf(stderr, "volcanique merge: %s: cannot open\n", name);
        return -1;
    }
    char *buf = NULL, err[300];
    size_t cap = 0;
    int lineno = 0, rc = 0;
    while (rc == 0 && getline(&buf, &cap, f) >= 0) {
        lineno++;
        if (strspn(buf, " \t\r\n") != strlen(buf) && keep_line(m, buf, err, sizeof err)) {
            fprintf(stderr, "volcanique merge: %s:%d: %s\n", name, lineno, err);
            rc = -1;
        }
    }
    free(buf);
    if (f != stdin)
        fclose(f);
    return rc;
}

/* The merged stream, in the order of one whole run. */
static int write_merged(const Merge *m, FILE *out)
{
    for (long i = 1; i < m->n; i++)
        if (m->lines[i].seed == m->lines[i - 1].seed && m->lines[i].batch == m->lines[i - 1].batch) {
            fprintf(stderr, "volcanique merge: seed %llu%s appears twice (a shard given twice, or files of "
                    "different runs?)\n", (unsigned long long)m->lines[i].seed, m->lines[i].batch >= 0 ?
                    " of one batch" : "");
            return -1;
        }
    if (m->plan)
        fprintf(out, "%s\n", m->plan);
    for (int b = 0; b < m->ncov; b++)
        if (m->cov[b])
            coverage_write(out, m->cov[b], b);
    for (long i = 0; i < m->n; i++)
        fputs(m->lines[i].text, out);
    return fflush(out) ? -1 : 0;
}

/* ---- the summary of plain sim lines ---- */

static void print_rate(const char *what, const Accum *a)
{
    double lo, hi;
    stats_wilson(a->sum, a->n, ROWS_CONF, &lo, &hi);
    printf("%-22s %6.1f%%  [%5.1f, %5.1f]  n=%.0f\n", what, 100 * accum_mean(a), 100 * lo, 100 * hi, a->n);
}

static void print_mean(const char *what, const Accum *a)
{
    double lo, hi;
    stats_mean_ci(a, ROWS_CONF, &lo, &hi);
    printf("%-22s %6.2f   [%5.2f, %5.2f]  n=%.0f\n", what, accum_mean(a), lo, hi, a->n);
}

static void print_summary(const Summary *s, const char *made)
{
    char what[64];
    printf("games %d\nmade %s\n", s->games, made ? made : "(not recorded)");
    for (int p = 0; p < s->players; p++) {
        snprintf(what, sizeof what, "seat %c wins", record_seat(p));
        print_rate(what, &s->seat_win[p]);
    }
    print_rate("first player wins", &s->first_win);
    print_mean("winning score", &s->win_score);
    print_mean("losing score", &s->lose_score);
    print_mean("winner's margin", &s->margin);
    print_mean("turns", &s->turns);
    print_mean("lead changes", &s->lead);
    for (int e = 0; e < s->triggers.n; e++) {
        Accum a = { s->games, s->triggers.count[e], s->triggers.count[e] };
        snprintf(what, sizeof what, "trigger %s", s->triggers.name[e]);
        print_rate(what, &a);
    }
    for (int e = 0; e < s->ends.n; e++) {
        Accum a = { s->games, s->ends.count[e], s->ends.count[e] };
        snprintf(what, sizeof what, "end %s", s->ends.name[e]);
        print_rate(what, &a);
    }
    printf("stalled games          %d (ended at the turn limit: left out of turns)\n", s->stalled);
    printf("caldera bought         %6.2f  per player per game\n", accum_mean(&s->caldera_bought));
    int w = 22;   /* the longest card name, so the columns line up */
    for (int c = 0; c < s->ncard; c++)
        w = (int)strlen(s->card[c]) > w ? (int)strlen(s->card[c]) : w;
    for (int c = 0; c < s->ncard; c++)
        printf("power %-*s unlocked in %5.1f%% of games, holders win %5.1f%% (n=%.0f)\n", w, s->card[c],
               100 * s->card_games[c] / s->games, 100 * accum_mean(&s->card_holder_win[c]),
               s->card_holder_win[c].n);
}

static int summary_of(FILE *merged, const ReportOpts *o)
{
    ResultSet rs;
    rewind(merged);
    if (plan_read_back(merged, "merge", "merge", &rs))
        return 1;
    int rc;
    if (rs.has_plan && strcmp(rs.plan.command, "compare") == 0) {
        rc = compare_report(&rs, o);
    } else if (rs.has_plan && strcmp(rs.plan.command, "balance") == 0) {
        rc = balance_report(&rs, o);
    } else if (rs.has_plan) {
        fprintf(stderr, "volcanique merge: unknown plan '%s'\n", rs.plan.command);
        rc = 1;
    } else if (o->html || o->json) {   /* plain sim lines have the text summary alone */
        fprintf(stderr, "volcanique merge: %s: these are plain sim lines, whose summary is text only (compare and "
                "balance shards have HTML and JSON reports)\n", o->html ? "--html" : "--json");
        rc = 2;
    } else {
        ReportSide side = { "all games", &rs.errors, rs.nbatch == 1 ? rs.made[0] : NULL };
        report_text_head(stdout, "volcanique merge --summary", &side, 1);
        for (int b = 0; b < rs.nbatch; b++) {
            if (rs.nbatch > 1)
                printf("\nbatch %d\n", b);
            print_summary(&rs.sum[b], rs.made[b]);
        }
        rc = sim_errors_verdict("merge", &rs.errors, o->allow_errors);
    }
    results_free(&rs);
    return rc;
}

/* *shaped: an option that shapes the --summary report was given. */
static int parse_args(const CliArgs *a, int *summary, int *shaped, ReportOpts *o, const char **files, int *nfiles)
{
    uint64_t v;
    for (int i = 0; i < a->argc; i++) {
        const char *opt = a->argv[i];
        if (strcmp(opt, "--summary") == 0) {
            *summary = 1;
        } else if (strcmp(opt, "--json") == 0) {
            o->json = *shaped = 1;
        } else if (strcmp(opt, "--allow-errors") == 0) {
            o->allow_errors = *shaped = 1;
        } else if ((strcmp(opt, "--html") == 0 || strcmp(opt, "--min-n") == 0) && i + 1 < a->argc) {
            *shaped = 1;
            if (opt[2] == 'h')
                o->html = a->argv[i + 1];
            else if (cli_number(a->argv[i + 1], "--min-n", 1, 1000000000, &v))
                return -1;
            else
                o->min_n = (double)v;
            i++;
        } else if (opt[0] == '-' && opt[1]) {
            fprintf(stderr, "volcanique merge: unknown option '%s' (see volcanique --help)\n", opt);
            return -1;
        } else {
            files[(*nfiles)++] = opt;
        }
    }
    return 0;
}

int cmd_merge(const CliArgs *a)
{
    int summary = 0, shaped = 0, nfiles = 0;
    ReportOpts o = { 0, NULL, 30, 0 };
    const char **files = calloc((size_t)a->argc + 1, sizeof *files);
    if (!files || parse_args(a, &summary, &shaped, &o, files, &nfiles)) {
        free(files);
        return 2;
    }
    if (nfiles == 0) {
        fprintf(stderr, "volcanique merge: which files? (merge FILE... [--summary]; - reads stdin)\n");
        free(files);
        return 2;
    }
    if (!summary && shaped) {
        fprintf(stderr, "volcanique merge: --html, --json, --min-n and --allow-errors shape the report of "
                "--summary: give --summary too\n");
        free(files);
        return 2;
    }
    Merge m;
    memset(&m, 0, sizeof m);
    int rc = 0;
    for (int i = 0; i < nfiles && rc == 0; i++)
        rc = read_file(&m, files[i]) ? 1 : 0;
    free(files);
    if (rc == 0) {
        qsort(m.lines, (size_t)m.n, sizeof *m.lines, by_batch_seed);
        FILE *out = summary ? tmpfile() : stdout;
        rc = !out || write_merged(&m, out) ? 1 : summary ? summary_of(out, &o) : 0;
        if (out && out != stdout)
            fclose(out);
    }
    for (long i = 0; i < m.n; i++)
        free(m.lines[i].text);
    for (int b = 0; b < m.ncov; b++)
        free(m.cov[b]);
    free(m.cov);
    for (int b = 0; b < m.nsig; b++)
        free(m.sig[b]);
    free(m.sig);
    free(m.lines);
    free(m.plan);
    return rc;
}
