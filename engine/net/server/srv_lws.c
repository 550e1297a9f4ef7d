/* The network thread: libwebsockets serves the static files and the
 * WebSocket connections; this file owns the connections, their queues and
 * the outbox the game threads fill (srv_internal.h). */
#include "srv_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#define CONN_BUCKETS 65536
#define SRV_SOCKET_BUFFER (128 * 1024)

static void map_add(NetServer *srv, SrvConn *c)
{
    SrvConn **b = &srv->conn_map[c->id % CONN_BUCKETS];
    c->hnext = *b;
    *b = c;
}

static void map_remove(NetServer *srv, SrvConn *c)
{
    for (SrvConn **p = &srv->conn_map[c->id % CONN_BUCKETS]; *p; p = &(*p)->hnext)
        if (*p == c) {
            *p = c->hnext;
            return;
        }
}

static SrvConn *map_find(NetServer *srv, uint64_t id)
{
    for (SrvConn *c = srv->conn_map[id % CONN_BUCKETS]; c; c = c->hnext)
        if (c->id == id)
            return c;
    return NULL;
}

static void free_queue(SrvConn *c)
{
    while (c->qhead) {
        SrvQueued *q = c->qhead;
        c->qhead = q->next;
        net_srv_msg_unref(q->msg);
        free(q);
    }
    c->qtail = NULL;
    c->qbytes = 0;
}

/* Drops a client that does not read: its queue goes, the connection closes now. */
static void drop_slow(NetServer *srv, SrvConn *c)
{
    if (!srv->cfg.quiet)
        fprintf(stderr, "volcanique serve: connection %llu dropped: slow: %zu bytes wait for it (--max-queue %zu)\n",
                (unsigned long long)c->id, c->qbytes, srv->cfg.max_queue);
    free_queue(c);
    c->closing = 2;
    lws_set_timeout(c->wsi, PENDING_TIMEOUT_USER_REASON_BASE, LWS_TO_KILL_ASYNC);
}

void net_srv_conn_send(NetServer *srv, SrvConn *c, SrvMsg *msg, int flags)
{
    if (!msg || c->closing == 2) {
        net_srv_msg_unref(msg);
        return;
    }
    SrvQueued *q = malloc(sizeof *q);
    if (!q) {
        net_srv_msg_unref(msg);
        return;
    }
    *q = (SrvQueued){ NULL, msg, flags };
    if (c->qtail)
        c->qtail->next = q;
    else
        c->qhead = q;
    c->qtail = q;
    c->qbytes += msg->len;
    if (c->qbytes > srv->cfg.max_queue)
        drop_slow(srv, c);
    else
        lws_callback_on_writable(c->wsi);
}

void net_srv_out(NetServer *srv, uint64_t conn, SrvMsg *msg, int flags, SrvTable *t, int thread, int seat)
{
    SrvOut *o = malloc(sizeof *o);
    if (!o) {
        net_srv_msg_unref(msg);
        return;
    }
    *o = (SrvOut){ NULL, conn, msg, flags, thread, seat, t };
    pthread_mutex_lock(&srv->out_mu);
    if (srv->out_tail)
        srv->out_tail->next = o;
    else
        srv->out_head = o;
    srv->out_tail = o;
    if (srv->ctx)   /* under the lock: net_srv_lws_stop clears ctx under it before tearing it down */
        lws_cancel_service(srv->ctx);
    pthread_mutex_unlock(&srv->out_mu);
}

static void drain_outbox(NetServer *srv)
{
    pthread_mutex_lock(&srv->out_mu);
    SrvOut *o = srv->out_head;
    srv->out_head = srv->out_tail = NULL;
    pthread_mutex_unlock(&srv->out_mu);
    while (o) {
        SrvOut *next = o->next;
        SrvConn *c = map_find(srv, o->conn);
        if (c && (o->flags & OUT_FOLLOW)) {
            c->follows = 2;
            c->table = o->table;
            c->thread = o->thread;
            c->seat = o->seat;
        }
        if (c && (o->flags & OUT_UNFOLLOW) && !(o->flags & OUT_CLOSE)) {
            c->follows = 0;
            c->table = NULL;
        }
        if (c && (o->flags & OUT_REFUND) && c->tokens < srv->cfg.flood_burst)
            c->tokens += 1;
        if (c)
            net_srv_conn_send(srv, c, o->msg, o->flags & OUT_CLOSE);
        else
            net_srv_msg_unref(o->msg);
        free(o);
        o = next;
    }
}

/* One message a call; false when the connection must close now. */
static int write_next(NetServer *srv, SrvConn *c)
{
    SrvQueued *q = c->qhead;
    if (!q) {
        if (c->closing) {
            lws_close_reason(c->wsi, (enum lws_close_status)c->close_code, (unsigned char *)c->close_reason,
                             strlen(c->close_reason));
            return 0;
        }
        return 1;
    }
    if (lws_write(c->wsi, q->msg->buf + LWS_PRE, q->msg->len, LWS_WRITE_TEXT) < 0)
        return 0;
    c->qhead = q->next;
    if (!c->qhead)
        c->qtail = NULL;
    c->qbytes -= q->msg->len;
    if (q->flags & OUT_CLOSE)
        c->closing = 1;
    net_srv_msg_unref(q->msg);
    free(q);
    if (c->qhead || c->closing)
        lws_callback_on_writable(c->wsi);
    return 1;
}

/* Whether a message may come in now (the flood bucket). */
static int flood_ok(const NetServer *srv, SrvConn *c)
{
    uint64_t now = net_srv_now_ms();
    c->tokens += (double)(now - c->tokens_ms) * srv->cfg.flood_per_second / 1000.0;
    if (c->tokens > srv->cfg.flood_burst)
        c->tokens = srv->cfg.flood_burst;
    c->tokens_ms = now;
    if (c->tokens < 1)
        return 0;
    c->tokens -= 1;
    return 1;
}

static void receive(NetServer *srv, SrvConn *c, const void *in, size_t len)
{
    if (c->closing)
        return;
    if (lws_frame_is_binary(c->wsi))
        c->rx_binary = 1;
    if (c->rx_len + len > NET_MAX_CLIENT_MESSAGE)
        c->rx_over = 1;
    else {
        if (c->rx_len + len > c->rx_cap) {
            size_t cap = c->rx_cap ? c->rx_cap : 1024;
            while (cap < c->rx_len + len)
                cap *= 2;
            char *grown = realloc(c->rx, cap);
            if (!grown) {
                c->rx_over = 1;
                return;
            }
            c->rx = grown;
            c->rx_cap = cap;
        }
        memcpy(c->rx + c->rx_len, in, len);
        c->rx_len += len;
    }
    if (c->rx_over) {
        net_srv_conn_error(srv, c, NULL, NET_E_TOO_LARGE, "a message may have at most %d bytes", NET_MAX_CLIENT_MESSAGE);
        return;
    }
    if (!lws_is_final_fragment(c->wsi) || lws_remaining_packet_payload(c->wsi) > 0)
        return;
    size_t n = c->rx_len;
    int binary = c->rx_binary;
    c->rx_len = 0;
    c->rx_binary = 0;
    if (!flood_ok(srv, c))
        net_srv_conn_error(srv, c, NULL, NET_E_FLOOD, "more than %d messages at once (%d a second): closed",
                       srv->cfg.flood_burst, srv->cfg.flood_per_second);
    else if (binary)
        net_srv_conn_error(srv, c, NULL, NET_E_BAD_MESSAGE, "messages are JSON text, not binary");
    else
        net_srv_dispatch(srv, c, c->rx, n);
}

static void established(NetServer *srv, SrvConn *c, struct lws *wsi)
{
    memset(c, 0, sizeof *c);
    c->id = ++srv->next_conn;
    c->wsi = wsi;
    c->tokens = srv->cfg.flood_burst;
    c->tokens_ms = net_srv_now_ms();
    c->seat = -1;
    map_add(srv, c);
    char host[200] = "";
    if (srv->public_url[0])
        snprintf(c->base_url, sizeof c->base_url, "%s", srv->public_url);
    else if (lws_hdr_copy(wsi, host, sizeof host, WSI_TOKEN_HOST) > 0 && !strpbrk(host, " /\"\\<>#?&"))
        snprintf(c->base_url, sizeof c->base_url, "http://%s/", host);
    else
        snprintf(c->base_url, sizeof c->base_url, "http://127.0.0.1:%d/", srv->port);
    if (srv->clients >= srv->cfg.max_clients) {
        net_srv_conn_error(srv, c, NULL, NET_E_SERVER_FULL, "this server has its most connections (%d)",
                       srv->cfg.max_clients);
        return;
    }
    c->counted = 1;
    srv->clients++;
    /* A bounded kernel buffer: what a slow client has not read waits in its
     * queue, where --max-queue counts it, not megabytes deep in the kernel. */
    int sndbuf = SRV_SOCKET_BUFFER, nodelay = 1;
    setsockopt(lws_get_socket_fd(wsi), SOL_SOCKET, SO_SNDBUF, &sndbuf, sizeof sndbuf);
    /* Messages go out when written: no waiting on Nagle for a delayed ack. */
    setsockopt(lws_get_socket_fd(wsi), IPPROTO_TCP, TCP_NODELAY, &nodelay, sizeof nodelay);
    lws_set_timeout(wsi, PENDING_TIMEOUT_USER_REASON_BASE, srv->cfg.hello_timeout_s);
}

static void closed(NetServer *srv, SrvConn *c)
{
    if (c->follows && c->table) {
        SrvReq *r = calloc(1, sizeof *r);
        if (r) {
            r->kind = REQ_DETACH;
            r->conn = c->id;
            r->table = c->table;
            net_srv_game_post(srv, c->thread, r);
        }
    }
    free_queue(c);
    free(c->rx);
    c->rx = NULL;
    map_remove(srv, c);
    if (c->counted)
        srv->clients--;
    c->counted = 0;
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len)
{
    struct lws_context *ctx = lws_get_context(wsi);
    NetServer *srv = ctx ? lws_context_user(ctx) : NULL;
    SrvConn *c = user;
    char uri[64];
    switch (reason) {
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
        return lws_hdr_copy(wsi, uri, sizeof uri, WSI_TOKEN_GET_URI) < 3 || strncmp(uri, "/ws", 3) != 0 ||
               (uri[3] && uri[3] != '/' && uri[3] != '?');
    case LWS_CALLBACK_ESTABLISHED: established(srv, c, wsi); return 0;
    case LWS_CALLBACK_RECEIVE: receive(srv, c, in, len); return 0;
    case LWS_CALLBACK_SERVER_WRITEABLE: return write_next(srv, c) ? 0 : -1;
    case LWS_CALLBACK_CLOSED: closed(srv, c); return 0;
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
        if (srv)
            drain_outbox(srv);
        return 0;
    default: return lws_callback_http_dummy(wsi, reason, user, in, len);
    }
}

static const struct lws_protocols PROTOCOLS[] = {
    { NET_SUBPROTOCOL, callback, sizeof(SrvConn), 16384, 0, NULL, 0 },
    { NULL, NULL, 0, 0, 0, NULL, 0 },
};

static const struct lws_protocol_vhost_options MIME_JS = { NULL, NULL, ".mjs", "text/javascript" };

int net_srv_lws_start(NetServer *srv, char *err, int errlen)
{
    srv->conn_map = calloc(CONN_BUCKETS, sizeof *srv->conn_map);
    if (!srv->conn_map)
        return snprintf(err, (size_t)errlen, "out of memory"), -1;
    lws_set_log_level(LLL_ERR, NULL);
    memset(&srv->mount, 0, sizeof srv->mount);
    srv->mount.mountpoint = "/";
    srv->mount.mountpoint_len = 1;
    srv->mount.origin = srv->web;
    srv->mount.def = "index.html";
    srv->mount.origin_protocol = LWSMPRO_FILE;
    srv->mount.extra_mimetypes = &MIME_JS;
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = srv->cfg.port;
    info.iface = srv->host[0] ? srv->host : NULL;
    info.protocols = PROTOCOLS;
    info.mounts = &srv->mount;
    info.user = srv;
    info.options = LWS_SERVER_OPTION_VALIDATE_UTF8 | LWS_SERVER_OPTION_DISABLE_IPV6;
    info.ka_time = 60;
    info.ka_probes = 3;
    info.ka_interval = 10;
    info.timeout_secs = 20;
    info.server_string = "volcanique";
    srv->ctx = lws_create_context(&info);
    if (!srv->ctx)
        return snprintf(err, (size_t)errlen, "cannot listen on %s:%d (in use, or not allowed)",
                        srv->host[0] ? srv->host : "every interface", srv->cfg.port), -1;
    srv->vhost = lws_get_vhost_by_name(srv->ctx, "default");
    srv->port = srv->vhost ? lws_get_vhost_listen_port(srv->vhost) : srv->cfg.port;
    return 0;
}

/* Tells every connection the server stops, and gives them a moment to hear it. */
static void say_goodbye(NetServer *srv)
{
    for (int b = 0; b < CONN_BUCKETS; b++)
        for (SrvConn *c = srv->conn_map[b]; c; c = c->hnext)
            if (!c->closing)
                net_srv_conn_error(srv, c, NULL, NET_E_SHUTTING_DOWN, "the server stops; come back later");
    uint64_t until = net_srv_now_ms() + 300;
    while (srv->clients > 0 && net_srv_now_ms() < until)
        lws_service(srv->ctx, 50);
}

void net_srv_lws_run(NetServer *srv)
{
    while (!srv->stopping)
        if (lws_service(srv->ctx, 0) < 0)
            break;
    say_goodbye(srv);
}

void net_srv_lws_stop(NetServer *srv)
{
    pthread_mutex_lock(&srv->out_mu);
    struct lws_context *ctx = srv->ctx;
    srv->ctx = NULL;
    pthread_mutex_unlock(&srv->out_mu);
    if (ctx)
        lws_context_destroy(ctx);
    drain_outbox(srv);
    free(srv->conn_map);
    srv->conn_map = NULL;
}
