/* Reading a client's message on the network thread: checked, answered when
 * it is about no table (hello, list), passed to the table's game thread
 * otherwise (srv_internal.h; docs/protocol.md). */
#include "srv_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void net_srv_conn_error(NetServer *srv, SrvConn *c, const json_t *re, int code, const char *fmt, ...)
{
    char text[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    net_srv_conn_send(srv, c, net_srv_msg_error(re, code, "%s", text), net_error_fatal(code) ? OUT_CLOSE : 0);
    if (net_error_fatal(code)) {
        c->close_code = code == NET_E_TOO_LARGE ? LWS_CLOSE_STATUS_MESSAGE_TOO_LARGE : LWS_CLOSE_STATUS_POLICY_VIOLATION;
        snprintf(c->close_reason, sizeof c->close_reason, "%s", net_error_name(code));
    }
}

static void welcome(NetServer *srv, SrvConn *c, const json_t *re)
{
    json_t *offer = json_loadb((const char *)srv->welcome_offer->buf + LWS_PRE, srv->welcome_offer->len, 0, NULL);
    json_t *m = json_pack("{s:s,s:O?,s:i,s:s,s:s,s:{s:i,s:i,s:i},s:o}", "type", "welcome", "re", (json_t *)re,
                          "protocol", NET_PROTOCOL_VERSION, "server", srv->cfg.version ? srv->cfg.version : "volcanique",
                          "rules_version", RULES_VERSION, "limits", "message_bytes", NET_MAX_CLIENT_MESSAGE, "burst",
                          srv->cfg.flood_burst, "per_second", srv->cfg.flood_per_second, "offer", offer);
    net_srv_conn_send(srv, c, net_srv_msg_json(m), 0);
}

static int hello(NetServer *srv, SrvConn *c, const json_t *m, const json_t *re)
{
    const json_t *v = json_object_get(m, "protocol");
    if (!json_is_integer(v)) {
        net_srv_conn_error(srv, c, re, NET_E_BAD_MESSAGE, "hello: \"protocol\" must be the protocol version, an integer");
        return 0;
    }
    if (json_integer_value(v) != NET_PROTOCOL_VERSION) {
        net_srv_conn_error(srv, c, re, NET_E_PROTOCOL_VERSION, "this server speaks protocol %d and your client speaks"
                       " %lld: use a client of the same version", NET_PROTOCOL_VERSION, json_integer_value(v));
        return 0;
    }
    c->hello = 1;
    lws_set_timeout(c->wsi, NO_PENDING_TIMEOUT, 0);
    welcome(srv, c, re);
    return 0;
}

/* The table a request names, checked: its SrvTable, or NULL (answered). */
static SrvTable *named_table(NetServer *srv, SrvConn *c, const json_t *m, const json_t *re, int *thread)
{
    const char *id = json_string_value(json_object_get(m, "table"));
    if (!id || strlen(id) != NET_TABLE_ID_LEN) {
        net_srv_conn_error(srv, c, re, NET_E_BAD_MESSAGE, "\"table\" must be a table id (%d characters)",
                       NET_TABLE_ID_LEN);
        return NULL;
    }
    SrvTable *t = net_srv_registry_find(&srv->reg, id, thread);
    if (!t)
        net_srv_conn_error(srv, c, re, NET_E_NO_SUCH_TABLE, "no table has the id '%s'", id);
    return t;
}

static SrvReq *new_req(SrvConn *c, SrvReqKind kind, const json_t *re)
{
    SrvReq *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->kind = kind;
    r->conn = c->id;
    /* A copy of its own: jansson's reference counts are not shared safely
     * between threads, and the message `re` came from is freed here. */
    r->re = re ? json_deep_copy(re) : NULL;
    snprintf(r->base_url, sizeof r->base_url, "%s", c->base_url);
    return r;
}

/* join, watch and claim: the table and the seat, for its game thread. */
static void seat_request(NetServer *srv, SrvConn *c, const json_t *m, const json_t *re, SrvReqKind kind)
{
    if (c->follows) {
        net_srv_conn_error(srv, c, re, NET_E_ALREADY_JOINED, "this connection already follows table %s: open another"
                       " connection for another table", c->table ? c->table->row.id : "?");
        return;
    }
    const json_t *seat = json_object_get(m, "seat"), *token = json_object_get(m, "token"),
                 *name = json_object_get(m, "name");
    if (kind != REQ_WATCH && (!json_is_integer(seat) || json_integer_value(seat) < 0 ||
                              json_integer_value(seat) >= MAX_PLAYERS)) {
        net_srv_conn_error(srv, c, re, NET_E_BAD_MESSAGE, "\"seat\" must be a seat number, 0 to %d", MAX_PLAYERS - 1);
        return;
    }
    if (kind == REQ_JOIN && (!json_is_string(token) || json_string_length(token) > NET_TOKEN_LEN)) {
        net_srv_conn_error(srv, c, re, NET_E_BAD_MESSAGE, "\"token\" must be the seat's token (%d hex digits)",
                       NET_TOKEN_LEN);
        return;
    }
    if (kind == REQ_JOIN && name && (!json_is_string(name) || json_string_length(name) >= NET_NAME_LEN)) {
        net_srv_conn_error(srv, c, re, NET_E_BAD_MESSAGE, "\"name\" must be a string of at most %d bytes",
                       NET_NAME_LEN - 1);
        return;
    }
    int thread;
    SrvTable *t = named_table(srv, c, m, re, &thread);
    SrvReq *r = t ? new_req(c, kind, re) : NULL;
    if (!r)
        return;
    r->table = t;
    r->seat = kind == REQ_WATCH ? -1 : (int)json_integer_value(seat);
    if (kind == REQ_JOIN)
        snprintf(r->token, sizeof r->token, "%s", json_string_value(token));
    if (kind == REQ_JOIN && name) {
        snprintf(r->name, sizeof r->name, "%s", json_string_value(name));
        r->has_name = 1;
    }
    if (kind != REQ_CLAIM) {
        c->follows = 1;
        c->table = t;
        c->thread = thread;
    }
    net_srv_game_post(srv, thread, r);
}

static void move_request(NetServer *srv, SrvConn *c, const json_t *m, const json_t *re)
{
    const json_t *d = json_object_get(m, "decision"), *o = json_object_get(m, "option");
    if (!json_is_integer(d) || !json_is_integer(o) || json_integer_value(d) < 0 || json_integer_value(o) < 0 ||
        json_integer_value(d) > 1000000000 || json_integer_value(o) > 1000000000) {
        net_srv_conn_error(srv, c, re, NET_E_BAD_MESSAGE, "move: \"decision\" and \"option\" must be whole numbers");
        return;
    }
    if (!c->follows || !c->table) {
        net_srv_conn_error(srv, c, re, NET_E_NOT_JOINED, "join a seat of a table before moving");
        return;
    }
    if (c->follows == 2 && c->seat < 0) {
        net_srv_conn_error(srv, c, re, NET_E_SPECTATOR, "a spectator makes no move");
        return;
    }
    SrvReq *r = new_req(c, REQ_MOVE, re);
    if (!r)
        return;
    r->table = c->table;
    r->decision = (int)json_integer_value(d);
    r->option = (int)json_integer_value(o);
    net_srv_game_post(srv, c->thread, r);
}

static void create_request(NetServer *srv, SrvConn *c, const json_t *m, const json_t *re)
{
    SrvCreateSpec *spec = malloc(sizeof *spec);
    char err[400];
    if (!spec || net_srv_create_parse(srv, m, spec, err, sizeof err)) {
        net_srv_conn_error(srv, c, re, NET_E_BAD_CREATE, "create: %s", spec ? err : "out of memory");
        free(spec);
        return;
    }
    SrvReq *r = new_req(c, REQ_CREATE, re);
    if (!r) {
        free(spec);
        return;
    }
    r->create = spec;
    net_srv_game_post(srv, (int)(net_srv_now_ms() % (uint64_t)srv->game_count), r);
}

/* The request's "id": absent, an integer, or a short string. */
static int request_id(NetServer *srv, SrvConn *c, const json_t *m, const json_t **re)
{
    *re = json_object_get(m, "id");
    if (!*re || json_is_integer(*re) || (json_is_string(*re) && json_string_length(*re) <= NET_REQUEST_ID_LEN))
        return 0;
    *re = NULL;
    net_srv_conn_error(srv, c, NULL, NET_E_BAD_MESSAGE, "\"id\" must be an integer or a string of at most %d bytes",
                   NET_REQUEST_ID_LEN);
    return -1;
}

static void by_type(NetServer *srv, SrvConn *c, const json_t *m, const char *type, const json_t *re)
{
    if (strcmp(type, "hello") == 0)
        hello(srv, c, m, re);
    else if (!c->hello)
        net_srv_conn_error(srv, c, re, NET_E_HELLO_FIRST, "say hello first (with \"protocol\": %d)",
                       NET_PROTOCOL_VERSION);
    else if (strcmp(type, "move") == 0)
        move_request(srv, c, m, re);
    else if (strcmp(type, "list") == 0)
        net_srv_conn_send(srv, c, net_srv_registry_list(&srv->reg, re), 0);
    else if (strcmp(type, "create") == 0)
        create_request(srv, c, m, re);
    else if (strcmp(type, "join") == 0)
        seat_request(srv, c, m, re, REQ_JOIN);
    else if (strcmp(type, "watch") == 0)
        seat_request(srv, c, m, re, REQ_WATCH);
    else if (strcmp(type, "claim") == 0)
        seat_request(srv, c, m, re, REQ_CLAIM);
    else
        net_srv_conn_error(srv, c, re, NET_E_UNKNOWN_TYPE, "unknown message type '%.40s'", type);
}

void net_srv_dispatch(NetServer *srv, SrvConn *c, const char *text, size_t len)
{
    json_error_t jerr;
    json_t *m = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!m || !json_is_object(m)) {
        if (m)
            net_srv_conn_error(srv, c, NULL, NET_E_BAD_JSON, "a message must be a JSON object");
        else
            net_srv_conn_error(srv, c, NULL, NET_E_BAD_JSON, "line %d, column %d: %s", jerr.line, jerr.column, jerr.text);
        json_decref(m);
        return;
    }
    const json_t *re;
    const char *type = json_string_value(json_object_get(m, "type"));
    if (request_id(srv, c, m, &re) == 0) {
        if (!type)
            net_srv_conn_error(srv, c, re, NET_E_BAD_MESSAGE, "a message needs a \"type\"");
        else
            by_type(srv, c, m, type, re);
    }
    json_decref(m);
}
