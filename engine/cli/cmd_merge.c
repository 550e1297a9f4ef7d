/* merge: combines JSON-lines files of game records (from sim shards) into one
 * stream sorted by seed, or prints a summary of them. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "stats.h"

typedef struct Line {
    uint64_t seed;
    long order;      /* input order, to keep the sort stable */
    char *text;
} Line;

static int by_seed(const void *a, const void *b)
{
    const Line *x = a, *y = b;
    if (x->seed != y->seed)
        return x->seed < y->seed ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

static void print_summary(const Summary *s)
{
    static const char SEAT[] = "ABCDE";
    printf("games %d\n", s->games);
    for (int p = 0; p < s->players; p++) {
        double lo, hi;
        wilson(s->seat_win[p].sum, s->seat_win[p].n, &lo, &hi);
        printf("seat %c wins      %6.1f%%  [%5.1f, %5.1f]\n", SEAT[p], 100 * accum_mean(&s->seat_win[p]),
               100 * lo, 100 * hi);
    }
    double lo, hi;
    wilson(s->first_win.sum, s->first_win.n, &lo, &hi);
    printf("first player wins %6.1f%%  [%5.1f, %5.1f]\n", 100 * accum_mean(&s->first_win), 100 * lo, 100 * hi);
    printf("winning score     %6.2f  +- %.2f\n", accum_mean(&s->win_score), accum_half(&s->win_score));
    printf("losing score      %6.2f  +- %.2f\n", accum_mean(&s->lose_score), accum_half(&s->lose_score));
    printf("turns             %6.2f  +- %.2f\n", accum_mean(&s->turns), accum_half(&s->turns));
    for (int e = 0; e < s->nend; e++) {
        wilson(s->end[e].sum, s->end[e].n, &lo, &hi);
        printf("end %-13s %6.1f%%  [%5.1f, %5.1f]\n", s->end_name[e], 100 * accum_mean(&s->end[e]), 100 * lo,
               100 * hi);
    }
    printf("caldera bought    %6.2f  per player per game\n", accum_mean(&s->caldera_bought));
    for (int c = 0; c < s->ncard; c++)
        printf("power %-22s unlocked in %5.1f%% of games, holders win %5.1f%%\n", s->card[c],
               100 * accum_mean(&s->card_unlocked[c]), 100 * accum_mean(&s->card_holder_win[c]));
}

int cmd_merge(const CliArgs *a)
{
    int summary = 0, nfiles = 0;
    for (int i = 0; i < a->argc; i++) {
        if (strcmp(a->argv[i], "--summary") == 0)
            summary = 1;
        else if (a->argv[i][0] == '-' && a->argv[i][1]) {
            fprintf(stderr, "volcanique merge: unknown option '%s' (see volcanique --help)\n", a->argv[i]);
            return 2;
        } else
            nfiles++;
    }
    if (nfiles == 0) {
        fprintf(stderr, "volcanique merge: which files? (merge FILE... [--summary]; - reads stdin)\n");
        return 2;
    }
    Line *lines = NULL;
    long n = 0, cap = 0;
    Summary *sum = calloc(1, sizeof *sum);
    int rc = 0;
    char *buf = NULL;
    size_t bcap = 0;
    for (int i = 0; i < a->argc && rc == 0; i++) {
        const char *name = a->argv[i];
        if (strcmp(name, "--summary") == 0)
            continue;
        FILE *f = strcmp(name, "-") == 0 ? stdin : fopen(name, "r");
        if (!f) {
            fprintf(stderr, "volcanique merge: %s: cannot open\n", name);
            rc = 1;
            break;
        }
        int lineno = 0;
        while (getline(&buf, &bcap, f) >= 0) {
            lineno++;
            if (strspn(buf, " \t\r\n") == strlen(buf))
                continue;
            GameRecord r;
            char err[256];
            if (record_parse(buf, &r, err, sizeof err)) {
                fprintf(stderr, "volcanique merge: %s:%d: %s\n", name, lineno, err);
                rc = 1;
                break;
            }
            summary_add(sum, &r);
            if (n == cap) {
                cap = cap ? cap * 2 : 1024;
                lines = realloc(lines, (size_t)cap * sizeof *lines);
            }
            size_t len = strlen(buf);
            if (buf[len - 1] != '\n')
                len++;
            lines[n].seed = r.seed;
            lines[n].order = n;
            lines[n].text = malloc(len + 1);
            snprintf(lines[n].text, len + 1, "%.*s\n", (int)strcspn(buf, "\n"), buf);
            n++;
        }
        if (f != stdin)
            fclose(f);
    }
    free(buf);
    if (rc == 0) {
        qsort(lines, (size_t)n, sizeof *lines, by_seed);
        for (long i = 1; i < n; i++)
            if (lines[i].seed == lines[i - 1].seed && strcmp(lines[i].text, lines[i - 1].text) != 0)
                fprintf(stderr, "volcanique merge: warning: seed %llu appears with different results "
                        "(different rules or bots?)\n", (unsigned long long)lines[i].seed);
        if (summary)
            print_summary(sum);
        else
            for (long i = 0; i < n; i++)
                fputs(lines[i].text, stdout);
    }
    for (long i = 0; i < n; i++)
        free(lines[i].text);
    free(lines);
    free(sum);
    return rc;
}
