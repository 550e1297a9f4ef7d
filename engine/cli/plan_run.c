/* Running a plan's batches into a result stream (plan.h). */
#include <errno.h>
#include <string.h>

#include "plan.h"
#include "simrun.h"

static int copy_stream(FILE *from, FILE *to)
{
    char buf[1 << 16];
    size_t n;
    rewind(from);
    while ((n = fread(buf, 1, sizeof buf, from)) > 0)
        if (fwrite(buf, 1, n, to) != n)
            return -1;
    return ferror(from) ? -1 : 0;
}

int plan_run(const Plan *p, const SimConfig *configs, int shard_i, int shard_n, FILE *out, const char *cmd)
{
    FILE *games = tmpfile(), *covs = tmpfile();
    if (!games || !covs) {
        fprintf(stderr, "volcanique %s: cannot make a temporary file: %s\n", cmd, strerror(errno));
        if (games)
            fclose(games);
        if (covs)
            fclose(covs);
        return 1;
    }
    uint64_t total = 0;
    for (int k = 0; k < p->nbatch; k++)
        total += sim_shard_games(p->batch[k].games, shard_i, shard_n);
    Progress pr;
    progress_start(&pr, cmd, total);
    static Coverage cov;
    int rc = 0;
    for (int k = 0; k < p->nbatch && rc == 0; k++) {
        SimConfig c = configs[k];
        char label[128];
        snprintf(label, sizeof label, "%.16s %s", cmd, p->batch[k].label);
        progress_label(&pr, label);
        c.batch = k;
        c.seed = p->batch[k].seed;
        c.games = p->batch[k].games;
        c.shard_i = shard_i;
        c.shard_n = shard_n;
        c.progress = &pr;
        rc = sim_run(&c, games, &cov, NULL);
        if (rc == 0)
            coverage_write(covs, &cov, k);
    }
    progress_end(&pr);
    if (rc == 0) {
        plan_write(out, p);
        if (copy_stream(covs, out) || copy_stream(games, out) || fflush(out)) {
            fprintf(stderr, "volcanique %s: cannot write the results: %s\n", cmd, strerror(errno));
            rc = 1;
        }
    }
    fclose(games);
    fclose(covs);
    return rc;
}

int plan_read_back(FILE *f, const char *name, const char *cmd, ResultSet *rs)
{
    char err[400];
    if (results_read(f, name, rs, err, sizeof err) || results_complete(rs, err, sizeof err)) {
        fprintf(stderr, "volcanique %s: %s\n", cmd, err);
        results_free(rs);
        return -1;
    }
    if (rs->made_mismatch) {
        fprintf(stderr, "volcanique %s: %s: games of one batch were made differently (other rules, mods, "
                "parameters or engine: see their \"made\")\n", cmd, name);
        results_free(rs);
        return -1;
    }
    return 0;
}
