/* compare: two rule sets on the same seeds and bots, and the differences
 * between them (compare_report.c). With --shard it writes its share of the
 * result stream instead (plan.h), for merge to put together. */
#include <stdlib.h>
#include <string.h>

#include "plan.h"
#include "report.h"
#include "simrun.h"

typedef struct Side {
    char root[SESSION_PATH];
    char mods[256];                /* comma separated, "" for none */
    int has_root;
    char deal[256];                /* deal=CARD+CARD: replaces --deal for this side */
    int has_deal;
    char hold[MAX_PLAYERS][256];   /* hold.SEAT=CARD+CARD: replaces --hold for that seat */
    int has_hold[MAX_PLAYERS];
} Side;

/* "A+B" into "A,B" in out (card and mod lists inside a side's spec). */
static void plus_list(const char *v, char *out, size_t len)
{
    snprintf(out, len, "%s", v);
    for (char *p = out; *p; p++)
        *p = *p == '+' ? ',' : *p;
}

/* The seat of "hold.A" (A-E or 1-5), or -1. */
static int hold_seat(const char *key)
{
    if (strncmp(key, "hold.", 5) != 0 || !key[5] || key[6])
        return -1;
    char c = key[5];
    int p = c >= 'A' && c <= 'E' ? c - 'A' : c >= 'a' && c <= 'e' ? c - 'a' : c >= '1' && c <= '5' ? c - '1' : -1;
    return p;
}

static int side_set(const char *flag, const char *v, SimConfig *c)
{
    char arg[96];
    snprintf(arg, sizeof arg, "%s", v);
    CliSweep sweep = { "", 0, { 0 } };
    int i = -1;
    char *eq = strchr(arg, '=');
    if (eq) {
        *eq = 0;
        i = game_param_find(&c->options, arg);
        *eq = '=';
    }
    if (i >= 0) {   /* a side's value replaces the common one */
        c->options.params[i] = c->options.params[--c->options.param_count];
    }
    if (cli_parse_set(arg, &c->options, &sweep))
        return -1;
    if (sweep.count > 1) {
        fprintf(stderr, "volcanique compare: %s: set.%s takes one value a side\n", flag, arg);
        return -1;
    }
    return 0;
}

/* "variant=to_the_left,setup=2,mods=a+b,root=DIR,seed=N,set.NAME=V,deal=C1+C2,hold.A=C1+C2" on top
 * of the common options. */
static int parse_side(const char *flag, const char *spec, Side *s, SimConfig *c)
{
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
            if (!rules_variant_name_ok(v)) {   /* whether the rules declare it: when the games start */
                fprintf(stderr, "volcanique compare: %s: variant must be a variant's name (symbiosis, "
                                "to_the_left, or one a mod declares), got '%s'\n", flag, v);
                return -1;
            }
            snprintf(c->options.variant, sizeof c->options.variant, "%s", v);
        } else if (strcmp(tok, "setup") == 0) {
            if (cli_number(v, flag, 1, 2, &n))
                return -1;
            c->options.setup_variation = (uint8_t)n;
        } else if (strcmp(tok, "players") == 0) {
            if (cli_number(v, flag, MIN_PLAYERS, MAX_PLAYERS, &n))
                return -1;
            c->options.players = (uint8_t)n;
        } else if (strcmp(tok, "seed") == 0) {
            if (cli_number(v, flag, 0, UINT64_MAX / 2, &c->seed))
                return -1;
        } else if (strcmp(tok, "mods") == 0) {
            plus_list(v, s->mods, sizeof s->mods);
        } else if (strcmp(tok, "deal") == 0) {
            plus_list(v, s->deal, sizeof s->deal);
            s->has_deal = 1;
        } else if (hold_seat(tok) >= 0) {
            plus_list(v, s->hold[hold_seat(tok)], sizeof s->hold[0]);
            s->has_hold[hold_seat(tok)] = 1;
        } else if (strcmp(tok, "root") == 0) {
            snprintf(s->root, sizeof s->root, "%s", v);
            s->has_root = 1;
        } else if (strncmp(tok, "set.", 4) == 0) {
            char arg[96];
            snprintf(arg, sizeof arg, "%s=%s", tok + 4, v);
            if (side_set(flag, arg, c))
                return -1;
        } else {
            fprintf(stderr, "volcanique compare: %s: unknown key '%s' (variant, setup, players, seed, mods, root, "
                    "set.NAME, deal, hold.SEAT)\n", flag, tok);
            return -1;
        }
    }
    return 0;
}

typedef struct CompareArgs {
    RunArgs r;
    const char *spec[2];
    ReportOpts report;
} CompareArgs;

static int parse_args(const CliArgs *a, CompareArgs *ca)
{
    run_args_init(&ca->r, a);
    ca->r.c.games = 100;
    ca->report.min_n = 30;
    for (int i = 0; i < a->argc;) {
        int used;
        const char *opt = a->argv[i], *val = i + 1 < a->argc ? a->argv[i + 1] : NULL;
        uint64_t v;
        if (run_args_option(a, i, &ca->r, 10000000, &used))
            return -1;
        if (used) {
            i += used;
            continue;
        }
        if (strcmp(opt, "--json") == 0) {
            ca->report.json = 1;
            i++;
            continue;
        }
        if (!val || (strcmp(opt, "--a") && strcmp(opt, "--b") && strcmp(opt, "--html") && strcmp(opt, "--min-n"))) {
            fprintf(stderr, "volcanique compare: unknown or incomplete option '%s' (see volcanique --help)\n", opt);
            return -1;
        }
        if (strcmp(opt, "--min-n") == 0) {
            if (cli_number(val, "--min-n", 1, 1000000000, &v))
                return -1;
            ca->report.min_n = (double)v;
        } else if (strcmp(opt, "--html") == 0) {
            ca->report.html = val;
        } else {
            ca->spec[opt[2] == 'b'] = val;
        }
        i += 2;
    }
    ca->report.allow_errors = ca->r.allow_errors;
    if (!ca->spec[0] || !ca->spec[1]) {
        fprintf(stderr, "volcanique compare: give both rule sets: --a SPEC --b SPEC (SPEC: variant=V,setup=1|2,"
                "players=N,seed=S,mods=M1+M2,root=DIR,set.NAME=V,deal=C1+C2,hold.SEAT=C1+C2; \"\" keeps the "
                "defaults)\n");
        return -1;
    }
    if (ca->r.sweep.count > 1) {
        fprintf(stderr, "volcanique compare: --set %s has several values: a sweep belongs to balance or sim "
                "(compare takes one value, or set.%s=V in a side)\n", ca->r.sweep.name, ca->r.sweep.name);
        return -1;
    }
    return 0;
}

static void make_plan(const CompareArgs *ca, const SimConfig *sides, Plan *p)
{
    memset(p, 0, sizeof *p);
    snprintf(p->command, sizeof p->command, "compare");
    snprintf(p->a, sizeof p->a, "%s", ca->spec[0]);
    snprintf(p->b, sizeof p->b, "%s", ca->spec[1]);
    snprintf(p->seats, sizeof p->seats, "%s", ca->r.seats);
    p->games = ca->r.c.games;
    p->seed = ca->r.c.seed;
    for (int k = 0; k < 2; k++) {
        PlanBatch *b = plan_add(p);
        snprintf(b->label, sizeof b->label, "%s", k ? "B" : "A");
        snprintf(b->method, sizeof b->method, "side");
        b->players = sides[k].options.players;
        b->games = ca->r.c.games;
        b->seed = sides[k].seed;
    }
}

/* Runs both sides into a stream; a shard's stream goes to stdout, a whole
 * run's is read back and reported. */
static int run(CompareArgs *ca, SimConfig *sides)
{
    Plan plan;
    make_plan(ca, sides, &plan);
    if (ca->r.sharded) {
        int rc = plan_run(&plan, sides, ca->r.c.shard_i, ca->r.c.shard_n, stdout, "compare");
        plan_free(&plan);
        return rc;
    }
    FILE *tmp = tmpfile();
    int rc = tmp ? plan_run(&plan, sides, 0, 1, tmp, "compare") : 1;
    plan_free(&plan);
    if (rc == 0) {
        ResultSet rs;
        rewind(tmp);
        rc = plan_read_back(tmp, "compare", "compare", &rs) ? 1 : compare_report(&rs, &ca->report);
        results_free(&rs);
    }
    if (tmp)
        fclose(tmp);
    return rc;
}

int cmd_compare(const CliArgs *a)
{
    static CompareArgs ca;
    memset(&ca, 0, sizeof ca);
    if (parse_args(a, &ca) || run_args_finish(&ca.r, "compare", MAX_PLAYERS)) {
        run_args_free(&ca.r);
        return 2;
    }
    Side side[2];
    SimConfig cfg[2];
    for (int k = 0; k < 2; k++) {
        memset(&side[k], 0, sizeof side[k]);
        cfg[k] = ca.r.c;
        if (ca.r.c.mods)
            snprintf(side[k].mods, sizeof side[k].mods, "%s", ca.r.c.mods);
        if (parse_side(k ? "--b" : "--a", ca.spec[k], &side[k], &cfg[k])) {
            run_args_free(&ca.r);
            return 2;
        }
    }
    for (int k = 0; k < 2; k++) {
        cfg[k].mods = side[k].mods[0] ? side[k].mods : NULL;
        if (side[k].has_root)
            cfg[k].root = side[k].root;
        if (side[k].has_deal)
            cfg[k].deal = side[k].deal[0] ? side[k].deal : NULL;
        for (int p = 0; p < MAX_PLAYERS; p++)
            if (side[k].has_hold[p])
                cfg[k].hold[p] = side[k].hold[p][0] ? side[k].hold[p] : NULL;
        if (sim_parse_seats(ca.r.seats, cfg[k].options.players, cfg[k].seats)) {
            run_args_free(&ca.r);
            return 2;
        }
    }
    int rc = run(&ca, cfg);
    run_args_free(&ca.r);
    return rc;
}
