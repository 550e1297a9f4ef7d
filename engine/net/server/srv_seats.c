/* Who sits and who watches: join, watch, claim, and a connection gone
 * (srv_internal.h; docs/protocol.md). */
#include "srv_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "srv_random.h"

static void refuse(SrvGameThread *g, SrvReq *r, int code, int flags, const char *fmt, ...)
        __attribute__((format(printf, 5, 6)));
static void refuse(SrvGameThread *g, SrvReq *r, int code, int flags, const char *fmt, ...)
{
    char text[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    net_srv_out(g->srv, r->conn, net_srv_msg_error(r->re, code, "%s", text), flags, NULL, g->index, 0);
}

static void store_seat(SrvGameThread *g, SrvTable *t, int seat)
{
    char err[400];
    if (net_srv_store_seat(g->store, t->row.id, seat, &t->seat[seat].row, err, sizeof err))
        fprintf(stderr, "volcanique serve: table %s: %s\n", t->row.id, err);
    t->row.seat[seat] = t->seat[seat].row;
}

/* The welcome a following connection gets: joined or watching, the rules, the whole state. */
static void welcome_follower(SrvGameThread *g, SrvTable *t, SrvReq *r, int seat)
{
    json_t *reply = seat >= 0 ? json_pack("{s:s,s:O?,s:s,s:i}", "type", "joined", "re", r->re, "table", t->row.id,
                                          "seat", seat)
                              : json_pack("{s:s,s:O?,s:s}", "type", "watching", "re", r->re, "table", t->row.id);
    net_srv_out(g->srv, r->conn, net_srv_msg_json(reply), OUT_FOLLOW, t, g->index, seat);
    Session *s = net_srv_session_get(&g->sessions, t->mods_list, NULL, 0);
    if (s)
        net_srv_out(g->srv, r->conn, net_srv_msg_json(net_srv_rules_message(t, s)), 0, t, g->index, seat);
    net_srv_game_send_state(g, t, r->conn, seat);
}

static void handle_join(SrvGameThread *g, SrvReq *r)
{
    SrvTable *t = r->table;
    net_srv_game_changed(g, t);   /* followers hear what is untold before a newcomer hears all of it */
    int p = r->seat;
    if (p < 0 || p >= t->players || !t->seat[p].person) {
        refuse(g, r, NET_E_BAD_SEAT, OUT_UNFOLLOW, "table %s has no person's seat %d", t->row.id, p);
        return;
    }
    if (!net_srv_token_equal(r->token, t->seat[p].row.token)) {
        refuse(g, r, NET_E_BAD_TOKEN, OUT_UNFOLLOW, "this token does not open seat %c of table %s", 'A' + p,
               t->row.id);
        return;
    }
    if (t->seat[p].connections >= NET_SEAT_CONNECTIONS) {
        uint64_t oldest = net_srv_table_oldest(t, p);
        net_srv_table_unsubscribe(t, oldest);
        net_srv_out(g->srv, oldest, net_srv_msg_error(NULL, NET_E_REPLACED, "seat %c of table %s was joined from %d other"
                                              " connections; this, the oldest, is closed", 'A' + p, t->row.id,
                                              NET_SEAT_CONNECTIONS),
                OUT_CLOSE | OUT_UNFOLLOW, NULL, g->index, 0);
    }
    if (net_srv_table_subscribe(t, r->conn, p)) {
        refuse(g, r, NET_E_INTERNAL, OUT_UNFOLLOW, "out of memory");
        return;
    }
    int changed = !t->seat[p].taken || t->seat[p].connections == 1;
    if (!t->seat[p].taken || (r->has_name && strcmp(r->name, t->seat[p].row.name) != 0)) {
        t->seat[p].taken = 1;
        t->seat[p].row.taken = 1;
        if (r->has_name)
            snprintf(t->seat[p].row.name, sizeof t->seat[p].row.name, "%s", r->name);
        store_seat(g, t, p);
        changed = 1;
    }
    welcome_follower(g, t, r, p);
    if (changed)   /* the others see who came */
        for (int i = 0; i < t->sub_len; i++)
            if (t->subs[i].conn != r->conn)
                net_srv_out(g->srv, t->subs[i].conn,
                        net_srv_msg_json(net_srv_state_message(t, t->subs[i].seat, t->story_told, g->sc)), 0, t, g->index,
                        t->subs[i].seat);
    net_srv_registry_update(&g->srv->reg, t);
}

static void handle_watch(SrvGameThread *g, SrvReq *r)
{
    net_srv_game_changed(g, r->table);
    if (net_srv_table_subscribe(r->table, r->conn, -1)) {
        refuse(g, r, NET_E_INTERNAL, OUT_UNFOLLOW, "out of memory");
        return;
    }
    welcome_follower(g, r->table, r, -1);
    net_srv_registry_update(&g->srv->reg, r->table);
}

static void handle_claim(SrvGameThread *g, SrvReq *r)
{
    SrvTable *t = r->table;
    int p = r->seat;
    if (p < 0 || p >= t->players || !t->seat[p].person) {
        refuse(g, r, NET_E_BAD_SEAT, 0, "table %s has no person's seat %d", t->row.id, p);
        return;
    }
    if (!t->row.is_public || t->seat[p].taken) {
        refuse(g, r, NET_E_SEAT_TAKEN, 0, "seat %c of table %s is not free to claim", 'A' + p, t->row.id);
        return;
    }
    /* A fresh token: whoever held the creator's link for this seat no longer does. */
    net_srv_random_token(t->seat[p].row.token);
    t->seat[p].taken = 1;
    t->seat[p].row.taken = 1;
    store_seat(g, t, p);
    char link[400];
    net_srv_link(r->base_url, t->row.id, p, t->seat[p].row.token, link, sizeof link);
    net_srv_out(g->srv, r->conn,
            net_srv_msg_json(json_pack("{s:s,s:O?,s:s,s:i,s:s,s:s}", "type", "claimed", "re", r->re, "table",
                                   t->row.id, "seat", p, "token", t->seat[p].row.token, "link", link)),
            0, NULL, g->index, 0);
    net_srv_registry_update(&g->srv->reg, t);
}

static void handle_detach(SrvGameThread *g, SrvReq *r)
{
    SrvTable *t = r->table;
    int seat = net_srv_table_unsubscribe(t, r->conn);
    if (seat >= 0 && t->seat[seat].connections == 0)
        net_srv_game_changed(g, t);   /* the others see who left */
    else if (seat != -2)
        net_srv_registry_update(&g->srv->reg, t);
}

void net_srv_game_handle_seats(SrvGameThread *g, SrvReq *r)
{
    switch (r->kind) {
    case REQ_JOIN: handle_join(g, r); break;
    case REQ_WATCH: handle_watch(g, r); break;
    case REQ_CLAIM: handle_claim(g, r); break;
    case REQ_DETACH: handle_detach(g, r); break;
    default: break;
    }
}
