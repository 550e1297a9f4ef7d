/* The server's life: start (load every table, then serve), run, stop (server.h). */
#include "srv_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "mods.h"

void net_server_config_default(NetServerConfig *c)
{
    memset(c, 0, sizeof *c);
    c->port = 8080;
    c->db = "volcanique.db";
    c->game_threads = 1;
    c->think_threads = 1;
    c->think_limit_ms = 2000;
    c->max_tables = 10000;
    c->max_clients = 10000;
    c->max_queue = (size_t)8 << 20;
    c->hello_timeout_s = 20;
    c->flood_burst = NET_FLOOD_BURST;
    c->flood_per_second = NET_FLOOD_PER_SECOND;
}

/* The offer in welcome: the mods (loading them all, which checks them), the
 * variants, the player counts, the bots. */
static int build_offer(NetServer *srv, char *err, int errlen)
{
    Session *s = calloc(1, sizeof *s);
    if (!s)
        return snprintf(err, (size_t)errlen, "out of memory"), -1;
    if (session_open_mods(s, srv->root, srv->offer_mods, err, errlen)) {
        session_close(s);
        free(s);
        return -1;
    }
    json_t *mods = json_array(), *variants = json_array();
    for (int i = 0; i < s->mods.count; i++) {
        const ModInfo *m = &s->mods.mod[i];
        json_array_append_new(mods, json_pack("{s:s,s:s,s:s,s:s}", "name", m->name, "version", m->version,
                                              "description", m->description, "hash", m->hash));
    }
    for (int v = 0; v < s->rules.variant_count; v++)
        json_array_append_new(variants, json_string(s->rules.variants[v].name));
    json_t *offer = json_pack("{s:[ii],s:o,s:o,s:[ssss],s:i}", "players", MIN_PLAYERS, MAX_PLAYERS, "mods", mods,
                              "variants", variants, "bots", "random", "greedy", "mcts", "mcts+", "think_limit_ms",
                              srv->cfg.think_limit_ms);
    srv->welcome_offer = net_srv_msg_json(offer);
    session_close(s);
    free(s);
    return srv->welcome_offer ? 0 : (snprintf(err, (size_t)errlen, "out of memory"), -1);
}

/* Lets the server hold as many connections as the system allows it. */
static void raise_file_limit(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
}

static int init_threads(NetServer *srv, char *err, int errlen)
{
    int n = srv->cfg.game_threads < 1 ? 1 : srv->cfg.game_threads > 8 ? 8 : srv->cfg.game_threads;
    srv->games = calloc((size_t)n, sizeof *srv->games);
    if (!srv->games)
        return snprintf(err, (size_t)errlen, "out of memory"), -1;
    srv->game_count = n;
    for (int i = 0; i < n; i++) {
        SrvGameThread *g = &srv->games[i];
        g->srv = srv;
        g->index = i;
        pthread_mutex_init(&g->mu, NULL);
        pthread_cond_init(&g->cv, NULL);
        g->sessions.root = srv->root;
        g->sc = malloc(sizeof *g->sc);
        g->store = g->sc ? net_srv_store_open(srv->db, srv->cfg.sync_full, err, errlen) : NULL;
        if (!g->store) {
            if (!g->sc)
                snprintf(err, (size_t)errlen, "out of memory");
            return -1;
        }
    }
    pthread_mutex_init(&srv->think.mu, NULL);
    pthread_cond_init(&srv->think.cv, NULL);
    return 0;
}

int net_server_start(NetServer **out, const NetServerConfig *cfg, char *err, int errlen)
{
    *out = NULL;
    NetServer *srv = calloc(1, sizeof *srv);
    if (!srv)
        return snprintf(err, (size_t)errlen, "out of memory"), -1;
    srv->cfg = *cfg;
    snprintf(srv->root, sizeof srv->root, "%s", cfg->root ? cfg->root : ".");
    snprintf(srv->db, sizeof srv->db, "%s", cfg->db ? cfg->db : "volcanique.db");
    snprintf(srv->offer_mods, sizeof srv->offer_mods, "%s", cfg->mods ? cfg->mods : "");
    snprintf(srv->host, sizeof srv->host, "%s", cfg->host ? cfg->host : "");
    snprintf(srv->public_url, sizeof srv->public_url, "%s", cfg->public_url ? cfg->public_url : "");
    if (cfg->web)
        snprintf(srv->web, sizeof srv->web, "%s", cfg->web);
    else
        snprintf(srv->web, sizeof srv->web, "%s/web", srv->root);
    pthread_mutex_init(&srv->out_mu, NULL);
    pthread_mutex_init(&srv->reg.mu, NULL);
    raise_file_limit();
    *out = srv;
    if (build_offer(srv, err, errlen) || init_threads(srv, err, errlen) || net_srv_games_load(srv, err, errlen) ||
        net_srv_lws_start(srv, err, errlen) || net_srv_games_start(srv, err, errlen))
        return -1;
    if (net_srv_think_start(srv))
        return snprintf(err, (size_t)errlen, "cannot start the think threads"), -1;
    /* Bots whose decision was pending when the server stopped play on. */
    for (int i = 0; i < srv->game_count; i++) {
        SrvReq *r = calloc(1, sizeof *r);
        if (r) {
            r->kind = REQ_RESUME;
            net_srv_game_post(srv, i, r);
        }
    }
    return 0;
}

int net_server_port(const NetServer *s) { return s->port; }

int net_server_tables(NetServer *s) { return net_srv_registry_count(&s->reg); }

int net_server_create(NetServer *s, const char *create_json, NetCreated *out, char *err, int errlen)
{
    json_error_t jerr;
    json_t *m = json_loads(create_json, 0, &jerr);
    if (!json_is_object(m)) {
        json_decref(m);
        return snprintf(err, (size_t)errlen, "not a JSON object: %s", jerr.text), -1;
    }
    SrvCreateSpec *spec = malloc(sizeof *spec);
    SrvReq *r = calloc(1, sizeof *r);
    if (!spec || !r || net_srv_create_parse(s, m, spec, err, errlen)) {
        if (!spec || !r)
            snprintf(err, (size_t)errlen, "out of memory");
        free(spec);
        free(r);
        json_decref(m);
        return -1;
    }
    json_decref(m);
    SrvLocal local = { .out = out };
    pthread_mutex_init(&local.mu, NULL);
    pthread_cond_init(&local.cv, NULL);
    r->kind = REQ_CREATE;
    r->create = spec;
    r->local = &local;
    if (s->public_url[0])
        snprintf(r->base_url, sizeof r->base_url, "%s", s->public_url);
    else
        snprintf(r->base_url, sizeof r->base_url, "http://%s:%d/", s->host[0] ? s->host : "127.0.0.1", s->port);
    net_srv_game_post(s, 0, r);
    pthread_mutex_lock(&local.mu);
    while (!local.done)
        pthread_cond_wait(&local.cv, &local.mu);
    pthread_mutex_unlock(&local.mu);
    pthread_mutex_destroy(&local.mu);
    pthread_cond_destroy(&local.cv);
    if (local.rc)
        snprintf(err, (size_t)errlen, "%s", local.err);
    return local.rc;
}

void net_server_run(NetServer *s) { net_srv_lws_run(s); }

void net_server_stop(NetServer *s)
{
    /* From a signal handler too: a flag, and a write that wakes the network thread. */
    s->stopping = 1;
    struct lws_context *ctx = s->ctx;
    if (ctx)
        lws_cancel_service(ctx);
}

void net_server_free(NetServer *srv)
{
    if (!srv)
        return;
    net_srv_lws_stop(srv);
    net_srv_think_stop(srv);
    net_srv_games_stop(srv);
    for (int i = 0; i < srv->game_count; i++) {
        SrvGameThread *g = &srv->games[i];
        for (SrvReq *r = g->head, *next; r; r = next) {
            next = r->next;
            net_srv_req_free(r);
        }
        for (int k = 0; k < g->count; k++) {
            net_srv_table_free(g->tables[k]);
            free(g->tables[k]);
        }
        free(g->tables);
        net_srv_sessions_close(&g->sessions);
        net_srv_store_close(g->store);
        free(g->sc);
        pthread_mutex_destroy(&g->mu);
        pthread_cond_destroy(&g->cv);
    }
    free(srv->games);
    net_srv_registry_free(&srv->reg);
    net_srv_msg_unref(srv->welcome_offer);
    for (SrvOut *o = srv->out_head, *next; o; o = next) {
        next = o->next;
        net_srv_msg_unref(o->msg);
        free(o);
    }
    free(srv);
}
