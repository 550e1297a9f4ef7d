/* Plans and reading result streams back (plan.h). */
#include "plan.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

PlanBatch *plan_add(Plan *p)
{
    if (p->nbatch >= PLAN_MAX_BATCHES)
        return NULL;
    PlanBatch *grown = realloc(p->batch, (size_t)(p->nbatch + 1) * sizeof *grown);
    if (!grown)
        return NULL;
    p->batch = grown;
    PlanBatch *b = &p->batch[p->nbatch++];
    memset(b, 0, sizeof *b);
    b->sweep = -1;
    return b;
}

void plan_free(Plan *p)
{
    free(p->batch);
    p->batch = NULL;
    p->nbatch = 0;
}

void plan_write(FILE *out, const Plan *p)
{
    fputs("{\"plan\":{\"command\":", out);
    record_put_string(out, p->command);
    fputs(",\"a\":", out);
    record_put_string(out, p->a);
    fputs(",\"b\":", out);
    record_put_string(out, p->b);
    fputs(",\"seats\":", out);
    record_put_string(out, p->seats);
    fprintf(out, ",\"games\":%llu,\"seed\":%llu", (unsigned long long)p->games, (unsigned long long)p->seed);
    if (p->nsweep) {
        fputs(",\"sweep\":{\"name\":", out);
        record_put_string(out, p->sweep_name);
        fputs(",\"values\":[", out);
        for (int i = 0; i < p->nsweep; i++)
            fprintf(out, "%s%.17g", i ? "," : "", p->sweep[i]);
        fputs("]}", out);
    }
    fputs(",\"batches\":[", out);
    for (int i = 0; i < p->nbatch; i++) {
        const PlanBatch *b = &p->batch[i];
        fputs(i ? ",{\"label\":" : "{\"label\":", out);
        record_put_string(out, b->label);
        fputs(",\"method\":", out);
        record_put_string(out, b->method);
        fputs(",\"card\":", out);
        record_put_string(out, b->card);
        fprintf(out, ",\"players\":%d,\"sweep\":%d,\"games\":%llu,\"seed\":%llu}", b->players, b->sweep,
                (unsigned long long)b->games, (unsigned long long)b->seed);
    }
    fputs("]}}\n", out);
}

static int str_field(json_t *o, const char *key, char *out, size_t len)
{
    json_t *v = json_object_get(o, key);
    if (!json_is_string(v))
        return -1;
    snprintf(out, len, "%s", json_string_value(v));
    return 0;
}

static int u64_field(json_t *o, const char *key, uint64_t *out)
{
    json_t *v = json_object_get(o, key);
    if (!json_is_integer(v) || json_integer_value(v) < 0)
        return -1;
    *out = (uint64_t)json_integer_value(v);
    return 0;
}

static int batch_from_json(json_t *j, PlanBatch *b)
{
    uint64_t players;
    json_t *sweep = json_object_get(j, "sweep");
    if (str_field(j, "label", b->label, sizeof b->label) || str_field(j, "method", b->method, sizeof b->method) ||
        str_field(j, "card", b->card, sizeof b->card) || u64_field(j, "players", &players) ||
        u64_field(j, "games", &b->games) || u64_field(j, "seed", &b->seed) || !json_is_integer(sweep))
        return -1;
    b->players = (int)players;
    b->sweep = (int)json_integer_value(sweep);
    return 0;
}

int plan_from_json(const void *json, Plan *p, char *err, int errlen)
{
    json_t *j = (json_t *)json, *sweep = json_object_get(j, "sweep"), *batches = json_object_get(j, "batches");
    memset(p, 0, sizeof *p);
    if (str_field(j, "command", p->command, sizeof p->command) || str_field(j, "a", p->a, sizeof p->a) ||
        str_field(j, "b", p->b, sizeof p->b) || str_field(j, "seats", p->seats, sizeof p->seats) ||
        u64_field(j, "games", &p->games) || u64_field(j, "seed", &p->seed) || !json_is_array(batches)) {
        snprintf(err, (size_t)errlen, "plan: expected command, a, b, seats, games, seed and batches");
        return -1;
    }
    if (sweep) {
        json_t *values = json_object_get(sweep, "values");
        if (str_field(sweep, "name", p->sweep_name, sizeof p->sweep_name) || !json_is_array(values) ||
            json_array_size(values) > PLAN_MAX_SWEEP) {
            snprintf(err, (size_t)errlen, "plan: \"sweep\": expected a name and at most %d values", PLAN_MAX_SWEEP);
            return -1;
        }
        for (size_t i = 0; i < json_array_size(values); i++)
            p->sweep[p->nsweep++] = json_number_value(json_array_get(values, i));
    }
    for (size_t i = 0; i < json_array_size(batches); i++) {
        PlanBatch *b = plan_add(p);
        if (!b || batch_from_json(json_array_get(batches, i), b)) {
            snprintf(err, (size_t)errlen, "plan: batch %zu: expected label, method, card, players, sweep, games "
                     "and seed", i);
            plan_free(p);
            return -1;
        }
        if (b->sweep >= p->nsweep || b->players < MIN_PLAYERS || b->players > MAX_PLAYERS) {
            snprintf(err, (size_t)errlen, "plan: batch %zu: players or sweep out of range", i);
            plan_free(p);
            return -1;
        }
    }
    return 0;
}

/* ---- result sets ---- */

/* Makes room for batch k (a plan-less stream grows as batches appear). */
static int ensure_batch(ResultSet *rs, int k, uint64_t seed0)
{
    if (k < rs->nbatch)
        return 0;
    if (k >= PLAN_MAX_BATCHES)
        return -1;
    Summary *sum = realloc(rs->sum, (size_t)(k + 1) * sizeof *sum);
    if (!sum)
        return -1;
    rs->sum = sum;
    Coverage **cov = realloc(rs->cov, (size_t)(k + 1) * sizeof *cov);
    if (!cov)
        return -1;
    rs->cov = cov;
    const char **made = realloc(rs->made, (size_t)(k + 1) * sizeof *made);
    if (!made)
        return -1;
    rs->made = made;
    for (int i = rs->nbatch; i <= k; i++) {
        summary_init(&rs->sum[i], rs->has_plan ? rs->plan.batch[i].seed : seed0);
        rs->cov[i] = NULL;
        rs->made[i] = NULL;
    }
    rs->nbatch = k + 1;
    return 0;
}

static int read_coverage(ResultSet *rs, json_t *j, char *err, int errlen)
{
    static Coverage c;
    int batch;
    if (coverage_from_json(j, &c, &batch, err, errlen))
        return -1;
    if (batch < 0 || (rs->has_plan && batch >= rs->plan.nbatch) || ensure_batch(rs, batch, 0)) {
        snprintf(err, (size_t)errlen, "coverage of batch %d, which the plan does not have", batch);
        return -1;
    }
    if (!rs->cov[batch]) {
        rs->cov[batch] = calloc(1, sizeof *rs->cov[batch]);
        if (!rs->cov[batch]) {
            snprintf(err, (size_t)errlen, "out of memory");
            return -1;
        }
    }
    coverage_add(rs->cov[batch], &c);
    return 0;
}

static int read_game(ResultSet *rs, json_t *j, char *err, int errlen)
{
    static GameRecord r;
    if (record_from_json(j, &r, err, errlen))
        return -1;
    int k = r.batch < 0 ? 0 : r.batch;
    if ((rs->has_plan && (r.batch < 0 || k >= rs->plan.nbatch)) || ensure_batch(rs, k, 0)) {
        snprintf(err, (size_t)errlen, "a game of batch %d, which the plan does not have", r.batch);
        return -1;
    }
    if (!rs->made[k])
        rs->made[k] = r.made;
    else if (rs->made[k] != r.made)
        rs->made_mismatch = 1;
    summary_add(&rs->sum[k], &r);
    tally_add(&rs->errors, &r);
    return 0;
}

static int read_line(ResultSet *rs, const char *line, char *err, int errlen)
{
    json_error_t je;
    json_t *j = json_loads(line, 0, &je);
    if (!j) {
        snprintf(err, (size_t)errlen, "not JSON (column %d: %s)", je.column, je.text);
        return -1;
    }
    int rc;
    json_t *plan = json_object_get(j, "plan"), *cov = json_object_get(j, "coverage");
    if (plan) {
        rc = rs->has_plan || rs->nbatch ? -1 : plan_from_json(plan, &rs->plan, err, errlen);
        if (rs->has_plan || rs->nbatch)
            snprintf(err, (size_t)errlen, "a plan line must come first, and only once");
        rs->has_plan = rc == 0;
        if (rc == 0 && rs->plan.nbatch)
            rc = ensure_batch(rs, rs->plan.nbatch - 1, 0);
    } else if (cov) {
        rc = read_coverage(rs, cov, err, errlen);
    } else {
        rc = read_game(rs, j, err, errlen);
    }
    json_decref(j);
    return rc;
}

int results_read(FILE *f, const char *name, ResultSet *rs, char *err, int errlen)
{
    memset(rs, 0, sizeof *rs);
    char *line = NULL;
    size_t cap = 0;
    int lineno = 0, rc = 0;
    while (rc == 0 && getline(&line, &cap, f) >= 0) {
        lineno++;
        if (strspn(line, " \t\r\n") == strlen(line))
            continue;
        char why[300];
        if (read_line(rs, line, why, sizeof why)) {
            snprintf(err, (size_t)errlen, "%s:%d: %s", name, lineno, why);
            rc = -1;
        }
    }
    free(line);
    return rc;
}

int results_complete(const ResultSet *rs, char *err, int errlen)
{
    if (!rs->has_plan)
        return 0;
    for (int i = 0; i < rs->plan.nbatch; i++)
        if ((uint64_t)rs->sum[i].games != rs->plan.batch[i].games) {
            snprintf(err, (size_t)errlen, "batch '%s' has %d of its %llu games: a shard is missing or was given "
                     "twice", rs->plan.batch[i].label, rs->sum[i].games,
                     (unsigned long long)rs->plan.batch[i].games);
            return -1;
        }
    return 0;
}

void results_free(ResultSet *rs)
{
    for (int i = 0; i < rs->nbatch; i++)
        free(rs->cov[i]);
    free(rs->cov);
    free(rs->sum);
    free(rs->made);
    plan_free(&rs->plan);
    memset(rs, 0, sizeof *rs);
}
