/* Loading every stored table at start: replayed, checked against the stored
 * state hashes, and handed to its game thread (srv_internal.h). */
#include "srv_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Seats and mods of a stored table, as the table needs them. */
static int seats_of_row(NetServer *srv, SrvTable *t, char *err, int errlen)
{
    json_t *mods = json_loads(t->row.mods, 0, NULL);
    size_t i, n = 0;
    json_t *m;
    json_array_foreach(mods, i, m) {
        const char *name = json_string_value(json_object_get(m, "name"));
        if (name)
            n += (size_t)snprintf(t->mods_list + n, sizeof t->mods_list - n, "%s%s", n ? "," : "", name);
    }
    json_decref(mods);
    for (int p = 0; p < t->row.seat_count; p++) {
        SrvSeat *s = &t->seat[p];
        s->row = t->row.seat[p];
        s->person = strcmp(s->row.kind, "person") == 0;
        s->taken = (uint8_t)s->row.taken;
        if (!s->person && bot_parse(s->row.bot, &s->bot))
            return snprintf(err, (size_t)errlen, "table %s: seat %c's bot '%s' is not a bot this engine knows",
                            t->row.id, 'A' + p, s->row.bot), -1;
        if (!s->person && s->bot.kind == BOT_MCTS && (s->bot.ms == 0 || s->bot.ms > srv->cfg.think_limit_ms))
            s->bot.ms = srv->cfg.think_limit_ms;
    }
    return 0;
}

static int load_one(NetServer *srv, SrvGameThread *g, const SrvTableRow *row, char *err, int errlen)
{
    SrvTable *t = calloc(1, sizeof *t);
    if (!t)
        return snprintf(err, (size_t)errlen, "out of memory"), -1;
    t->row = *row;
    SrvActionRow *actions = NULL;
    int count = 0;
    char why[600];
    Session *s = NULL;
    int rc = seats_of_row(srv, t, err, errlen);
    if (rc == 0 && !(s = net_srv_session_get(&g->sessions, t->mods_list, why, sizeof why))) {
        snprintf(err, (size_t)errlen, "table %s: its mods (%s) do not load: %s", t->row.id, t->mods_list, why);
        rc = -1;
    }
    if (rc == 0)
        rc = net_srv_store_actions(g->store, t->row.id, &actions, &count, err, errlen);
    if (rc == 0)
        rc = net_srv_table_restore(t, s, actions, count, g->sc, err, errlen);
    free(actions);
    if (rc == 0 && g->count == g->cap) {
        int cap = g->cap ? g->cap * 2 : 64;
        SrvTable **grown = realloc(g->tables, sizeof *grown * (size_t)cap);
        if (!grown)
            rc = -1, snprintf(err, (size_t)errlen, "out of memory");
        else
            g->tables = grown, g->cap = cap;
    }
    if (rc == 0)
        g->tables[g->count++] = t;
    if (rc == 0 && net_srv_registry_add(&srv->reg, t, g->index, err, errlen))
        rc = -1;
    if (rc) {
        if (g->count > 0 && g->tables[g->count - 1] == t)
            g->count--;
        net_srv_table_free(t);
        free(t);
    }
    return rc;
}

int net_srv_games_load(NetServer *srv, char *err, int errlen)
{
    SrvTableRow *rows = NULL;
    int count = 0;
    if (net_srv_store_tables(srv->games[0].store, &rows, &count, err, errlen))
        return -1;
    uint64_t t0 = net_srv_now_ms();
    for (int i = 0; i < count; i++)
        if (load_one(srv, &srv->games[i % srv->game_count], &rows[i], err, errlen)) {
            free(rows);
            return -1;
        }
    free(rows);
    if (count > 0 && !srv->cfg.quiet)
        fprintf(stderr, "volcanique serve: %d tables loaded and checked in %llu ms\n", count,
                (unsigned long long)(net_srv_now_ms() - t0));
    return 0;
}
