/* sim: headless bot games, one JSON line per game on stdout (record.h); a
 * sweep (--set NAME=V1,V2,...) plays the games once per value, each value a
 * batch of its own. */
#include <stdlib.h>
#include <string.h>

#include "simrun.h"

/* Warns of parameters that were given but that no script read. */
static void warn_unread(const char *cmd, const GameOptions *o, const Coverage *cov)
{
    for (int i = 0; i < o->param_count; i++) {
        int read = 0;
        for (int k = 0; k < cov->nread; k++)
            read |= strcmp(cov->read[k], o->params[i].name) == 0;
        if (!read)
            fprintf(stderr, "volcanique %s: warning: parameter '%s' was given but no script read it "
                    "(game.param(\"%s\"))\n", cmd, o->params[i].name, o->params[i].name);
    }
}

/* Parameter `name` of o takes value v. */
static void set_param(GameOptions *o, const char *name, double v)
{
    int i = game_param_find(o, name);
    if (i >= 0)
        o->params[i].value = v;
}

int cmd_sim(const CliArgs *a)
{
    RunArgs r;
    run_args_init(&r, a);
    for (int i = 0; i < a->argc;) {
        int used;
        if (run_args_option(a, i, &r, 100000000, &used))
            return 2;
        if (!used) {
            fprintf(stderr, "volcanique sim: unknown or incomplete option '%s' (see volcanique --help)\n",
                    a->argv[i]);
            return 2;
        }
        i += used;
    }
    if (r.c.games == 0) {
        fprintf(stderr, "volcanique sim: how many games? (--games K)\n");
        return 2;
    }
    if (run_args_finish(&r, "sim", 0)) {
        run_args_free(&r);
        return 2;
    }
    int batches = r.sweep.count > 1 ? r.sweep.count : 1, rc = 0;
    Progress pr;
    progress_start(&pr, "sim", (uint64_t)batches * sim_shard_games(r.c.games, r.c.shard_i, r.c.shard_n));
    r.c.progress = &pr;
    ErrorTally tally;
    memset(&tally, 0, sizeof tally);
    static Coverage cov, all;
    memset(&all, 0, sizeof all);
    for (int b = 0; b < batches && rc == 0; b++) {
        SimConfig c = r.c;
        if (batches > 1) {
            c.batch = b;
            set_param(&c.options, r.sweep.name, r.sweep.values[b]);
        }
        rc = sim_run(&c, stdout, &cov, &tally);
        if (rc == 0)
            coverage_add(&all, &cov);
    }
    progress_end(&pr);
    if (rc == 0) {
        warn_unread("sim", &r.c.options, &all);
        rc = sim_errors_verdict("sim", &tally, r.allow_errors);
    }
    run_args_free(&r);
    return rc;
}
