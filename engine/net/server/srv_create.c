/* Creating a table: the request checked on the network thread, the table
 * made on its game thread (srv_internal.h; docs/protocol.md, create). */
#include "srv_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "net_view.h"
#include "save.h"
#include "srv_random.h"

#define BAD(...) return snprintf(err, (size_t)errlen, __VA_ARGS__), -1

/* A JSON array of names as "a,b" (each a non-empty string without a comma). */
static int names_list(const json_t *a, const char *what, char *out, size_t cap, char *err, int errlen)
{
    out[0] = 0;
    if (!a)
        return 0;
    if (!json_is_array(a) || json_array_size(a) > 64)
        BAD("%s: expected an array of at most 64 names", what);
    size_t i, n = 0;
    json_t *v;
    json_array_foreach(a, i, v) {
        const char *s = json_string_value(v);
        if (!s || !*s || strchr(s, ',') || strlen(s) > 63)
            BAD("%s[%zu]: expected a name (1-63 bytes, no comma)", what, i);
        int k = snprintf(out + n, cap - n, "%s%s", n ? "," : "", s);
        if (k < 0 || (size_t)k >= cap - n)
            BAD("%s: too long", what);
        n += (size_t)k;
    }
    return 0;
}

static int parse_seat(const NetServer *srv, const json_t *s, int p, SrvCreateSpec *spec, char *err, int errlen)
{
    const char *kind = json_string_value(json_object_get(s, "kind"));
    const json_t *name = json_object_get(s, "name");
    SrvSeatRow *row = &spec->seat[p];
    if (name && (!json_is_string(name) || json_string_length(name) >= NET_NAME_LEN))
        BAD("seats[%d].name: expected a string of at most %d bytes", p, NET_NAME_LEN - 1);
    snprintf(row->name, sizeof row->name, "%s", name ? json_string_value(name) : "");
    if (kind && strcmp(kind, "person") == 0) {
        snprintf(row->kind, sizeof row->kind, "person");
        return 0;
    }
    if (!kind || strcmp(kind, "bot") != 0)
        BAD("seats[%d].kind: expected \"person\" or \"bot\"", p);
    const char *bot = json_string_value(json_object_get(s, "bot"));
    if (!bot || strlen(bot) >= sizeof row->bot || bot_parse(bot, &spec->bot[p]))
        BAD("seats[%d].bot: expected a bot (random, greedy, mcts, mcts:N, mcts:Nms, mcts+...)", p);
    int limit = srv->cfg.think_limit_ms;
    if (spec->bot[p].ms > limit)
        BAD("seats[%d].bot: %s thinks longer than this server allows (%d ms a decision)", p, bot, limit);
    if (spec->bot[p].kind == BOT_MCTS && (spec->bot[p].ms == 0 || spec->bot[p].ms > limit))
        spec->bot[p].ms = limit;   /* an iteration budget is capped by the think limit too */
    snprintf(row->kind, sizeof row->kind, "bot");
    snprintf(row->bot, sizeof row->bot, "%s", bot);
    if (!row->name[0])
        snprintf(row->name, sizeof row->name, "%s", bot);
    return 0;
}

/* Whether `name` is one of the comma-separated `list`. */
static int listed(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; *p;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (len == n && strncmp(p, name, n) == 0)
            return 1;
        p += len + (comma ? 1 : 0);
    }
    return 0;
}

/* "mods": names the host offers, kept in the host's order so that equal
 * sets share one session. */
static int parse_mods(const NetServer *srv, const json_t *m, SrvCreateSpec *spec, char *err, int errlen)
{
    char asked[1024];
    if (names_list(json_object_get(m, "mods"), "mods", asked, sizeof asked, err, errlen))
        return -1;
    char copy[1024], *save = NULL;
    snprintf(copy, sizeof copy, "%s", asked);
    for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
        if (!listed(srv->offer_mods, tok))
            BAD("mods: '%s' is not among the mods this server offers (%s)", tok,
                srv->offer_mods[0] ? srv->offer_mods : "none");
    size_t n = 0;
    snprintf(copy, sizeof copy, "%s", srv->offer_mods);
    for (char *o = strtok_r(copy, ",", &save); o; o = strtok_r(NULL, ",", &save))
        if (listed(asked, o))
            n += (size_t)snprintf(spec->mods + n, sizeof spec->mods - n, "%s%s", n ? "," : "", o);
    return 0;
}

static int parse_options(const json_t *m, SrvCreateSpec *spec, char *err, int errlen)
{
    const json_t *variant = json_object_get(m, "variant"), *setup = json_object_get(m, "setup");
    const json_t *pub = json_object_get(m, "public");
    if (variant && (!json_is_string(variant) || !rules_variant_name_ok(json_string_value(variant))))
        BAD("variant: expected a variant's name (a-z, 0-9, _; at most %d bytes)", VARIANT_LEN - 1);
    snprintf(spec->variant, sizeof spec->variant, "%s", variant ? json_string_value(variant) : "");
    if (setup && (!json_is_integer(setup) || json_integer_value(setup) < 1 || json_integer_value(setup) > 2))
        BAD("setup: expected 1 or 2");
    spec->setup = setup ? (int)json_integer_value(setup) : 1;
    if (pub && !json_is_boolean(pub))
        BAD("public: expected true or false");
    spec->is_public = pub && json_is_true(pub);
    if (names_list(json_object_get(m, "deal"), "deal", spec->deal, sizeof spec->deal, err, errlen))
        return -1;
    const json_t *hold = json_object_get(m, "hold");
    if (hold && !json_is_object(hold))
        BAD("hold: expected an object of seats (\"0\"..\"4\") to card names");
    const char *key;
    const json_t *v;
    json_object_foreach((json_t *)hold, key, v) {
        if (strlen(key) != 1 || key[0] < '0' || key[0] >= '0' + spec->players)
            BAD("hold: '%.8s' is not a seat of this table (\"0\"..\"%d\")", key, spec->players - 1);
        if (names_list(v, "hold", spec->hold[key[0] - '0'], sizeof spec->hold[0], err, errlen))
            return -1;
    }
    const json_t *params = json_object_get(m, "params");
    if (params && !json_is_object(params))
        BAD("params: expected an object of names to numbers");
    json_object_foreach((json_t *)params, key, v) {
        if (spec->params.param_count >= MAX_PARAMS || !game_param_name_ok(key) || !json_is_number(v) ||
            !isfinite(json_number_value(v)))
            BAD("params.%.30s: expected at most %d names ([a-z][a-z0-9_]*) of finite numbers", key, MAX_PARAMS);
        GameParam *p = &spec->params.params[spec->params.param_count++];
        snprintf(p->name, sizeof p->name, "%s", key);
        p->value = json_number_value(v);
    }
    return 0;
}

int net_srv_create_parse(const NetServer *srv, const json_t *m, SrvCreateSpec *spec, char *err, int errlen)
{
    memset(spec, 0, sizeof *spec);
    const json_t *players = json_object_get(m, "players"), *seats = json_object_get(m, "seats");
    if (!json_is_integer(players) || json_integer_value(players) < MIN_PLAYERS ||
        json_integer_value(players) > MAX_PLAYERS)
        BAD("players: expected %d to %d", MIN_PLAYERS, MAX_PLAYERS);
    spec->players = (int)json_integer_value(players);
    if (!json_is_array(seats) || json_array_size(seats) != (size_t)spec->players)
        BAD("seats: expected one seat per player (%d)", spec->players);
    for (int p = 0; p < spec->players; p++)
        if (parse_seat(srv, json_array_get(seats, (size_t)p), p, spec, err, errlen))
            return -1;
    if (parse_mods(srv, m, spec, err, errlen) || parse_options(m, spec, err, errlen))
        return -1;
    return 0;
}

/* The game options of spec under session s's rules; -1 with a message. */
static int spec_options(const SrvCreateSpec *spec, Session *s, GameOptions *o, char *err, int errlen)
{
    memset(o, 0, sizeof *o);
    o->players = (uint8_t)spec->players;
    o->setup_variation = (uint8_t)spec->setup;
    char known[300];
    if (spec->variant[0] && !rules_variant_allowed(&s->rules, spec->variant, known, sizeof known))
        BAD("variant: '%s' is not one of these rules' variants (%s)", spec->variant, known);
    if (spec->variant[0])
        snprintf(o->variant, sizeof o->variant, "%s", spec->variant);
    else if (spec->players >= 3 && s->rules.default_variant)
        snprintf(o->variant, sizeof o->variant, "%s", s->rules.variants[s->rules.default_variant - 1].name);
    if (session_cards_mask(s, spec->deal, "deal", &o->deal, err, errlen))
        return -1;
    for (int p = 0; p < spec->players; p++)
        if (session_cards_mask(s, spec->hold[p], "hold", &o->hold[p], err, errlen))
            return -1;
    o->param_count = spec->params.param_count;
    memcpy(o->params, spec->params.params, sizeof o->params);
    return 0;
}

/* Fills t's row and seats from spec, with fresh secrets. */
static int fill_table(SrvGameThread *g, SrvTable *t, const SrvCreateSpec *spec, Session *s, char *err,
                      int errlen)
{
    GameOptions o;
    if (spec_options(spec, s, &o, err, errlen))
        return -1;
    json_t *oj = net_options_to_json(&o);
    char *text = oj ? json_dumps(oj, JSON_COMPACT) : NULL;
    json_decref(oj);
    if (!text || strlen(text) >= sizeof t->row.options) {
        free(text);
        BAD("the options are too long");
    }
    snprintf(t->row.options, sizeof t->row.options, "%s", text);
    free(text);
    do
        net_srv_random_table_id(t->row.id, g->srv->cfg.id_prefix);
    while (net_srv_registry_find(&g->srv->reg, t->row.id, NULL));
    t->row.seed = net_srv_random_u64();
    t->row.created = (int64_t)time(NULL);
    t->row.is_public = spec->is_public;
    t->row.seat_count = spec->players;
    t->players = spec->players;
    for (int p = 0; p < spec->players; p++) {
        t->row.seat[p] = spec->seat[p];
        t->seat[p].row = spec->seat[p];
        t->seat[p].person = strcmp(spec->seat[p].kind, "person") == 0;
        t->seat[p].bot = spec->bot[p];
        if (t->seat[p].person) {
            net_srv_random_token(t->row.seat[p].token);
            t->seat[p].row = t->row.seat[p];
        }
    }
    SaveMeta meta;
    session_save_meta(s, &meta);
    json_t *mods = json_array();
    for (int i = 0; i < meta.mod_count; i++)
        json_array_append_new(mods, json_pack("{s:s,s:s}", "name", meta.mods[i].name, "hash", meta.mods[i].hash));
    text = json_dumps(mods, JSON_COMPACT);
    json_decref(mods);
    snprintf(t->row.mods, sizeof t->row.mods, "%s", text ? text : "[]");
    free(text);
    snprintf(t->mods_list, sizeof t->mods_list, "%s", spec->mods);
    return 0;
}

static json_t *created_json(const SrvTable *t, const SrvReq *r, NetCreated *out)
{
    json_t *seats = json_array();
    char link[400];
    for (int p = 0; p < t->players; p++) {
        const SrvSeat *s = &t->seat[p];
        if (s->person) {
            net_srv_link(r->base_url, t->row.id, p, s->row.token, link, sizeof link);
            json_array_append_new(seats, json_pack("{s:i,s:s,s:s,s:s}", "seat", p, "kind", "person", "token",
                                                   s->row.token, "link", link));
        } else
            json_array_append_new(seats, json_pack("{s:i,s:s,s:s}", "seat", p, "kind", "bot", "bot", s->row.bot));
        if (out) {
            out->person[p] = s->person;
            snprintf(out->link[p], sizeof out->link[p], "%s", s->person ? link : "");
        }
    }
    net_srv_link(r->base_url, t->row.id, -1, NULL, link, sizeof link);
    if (out) {
        snprintf(out->table, sizeof out->table, "%s", t->row.id);
        snprintf(out->watch, sizeof out->watch, "%s", link);
        out->players = t->players;
    }
    return json_pack("{s:s,s:O?,s:s,s:s,s:o}", "type", "created", "re", r->re, "table", t->row.id, "watch", link,
                     "seats", seats);
}

/* Answers the creator: a connection, or the server's own thread. */
static void answer(SrvGameThread *g, SrvReq *r, json_t *reply, int code, const char *why)
{
    if (r->local) {
        pthread_mutex_lock(&r->local->mu);
        r->local->rc = reply ? 0 : -1;
        snprintf(r->local->err, sizeof r->local->err, "%s", why ? why : "");
        r->local->done = 1;
        pthread_cond_signal(&r->local->cv);
        pthread_mutex_unlock(&r->local->mu);
        json_decref(reply);
    } else if (reply)
        net_srv_out(g->srv, r->conn, net_srv_msg_json(reply), 0, NULL, g->index, 0);
    else
        net_srv_out(g->srv, r->conn, net_srv_msg_error(r->re, code, "%s", why ? why : "out of memory"), 0, NULL, g->index, 0);
}

static int add_to_thread(SrvGameThread *g, SrvTable *t)
{
    if (g->count == g->cap) {
        int cap = g->cap ? g->cap * 2 : 64;
        SrvTable **grown = realloc(g->tables, sizeof *grown * (size_t)cap);
        if (!grown)
            return -1;
        g->tables = grown;
        g->cap = cap;
    }
    g->tables[g->count++] = t;
    return 0;
}

void net_srv_create_table(SrvGameThread *g, SrvReq *r)
{
    char err[500];
    if (net_srv_registry_count(&g->srv->reg) >= g->srv->cfg.max_tables) {
        snprintf(err, sizeof err, "this server holds its most tables (%d)", g->srv->cfg.max_tables);
        answer(g, r, NULL, NET_E_TABLE_LIMIT, err);
        return;
    }
    SrvTable *t = calloc(1, sizeof *t);
    Session *s = t ? net_srv_session_get(&g->sessions, r->create->mods, err, sizeof err) : NULL;
    if (!t)
        snprintf(err, sizeof err, "out of memory");
    int code = NET_E_BAD_CREATE;
    if (!s || fill_table(g, t, r->create, s, err, sizeof err) || net_srv_table_start(t, s, err, sizeof err) ||
        (code = NET_E_STORAGE, net_srv_store_add_table(g->store, &t->row, err, sizeof err)) ||
        (code = NET_E_INTERNAL, add_to_thread(g, t)) || net_srv_registry_add(&g->srv->reg, t, g->index, err, sizeof err)) {
        answer(g, r, NULL, code, err);
        if (t)
            net_srv_table_free(t);
        free(t);
        return;
    }
    NetCreated *out = r->local ? r->local->out : NULL;
    answer(g, r, created_json(t, r, out), 0, NULL);
    net_srv_game_changed(g, t);
}
