/* Hostile WebSocket clients for the tests (raw_ws.h). */
#include "raw_ws.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/socket.h>

#include <libwebsockets.h>

#include "net_harness.h"

typedef struct RawMsg {
    struct RawMsg *next;
    char *text;
} RawMsg;

typedef struct RawOut {
    struct RawOut *next;
    size_t len;
    int binary;
    unsigned char buf[];
} RawOut;

struct RawConn {
    RawConn *next;
    RawPool *pool;
    struct lws *wsi;
    int open, closed, close_code;
    RawMsg *head, *tail;
    RawOut *out_head, *out_tail;
    char *rx;
    size_t rx_len, rx_cap;
};

struct RawPool {
    struct lws_context *ctx;
    RawConn *conns;
};

static long long ms_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void got(RawConn *c, struct lws *wsi, const void *in, size_t len)
{
    if (c->rx_len + len + 1 > c->rx_cap) {
        c->rx_cap = (c->rx_len + len + 1) * 2;
        c->rx = realloc(c->rx, c->rx_cap);
    }
    memcpy(c->rx + c->rx_len, in, len);
    c->rx_len += len;
    if (!lws_is_final_fragment(wsi) || lws_remaining_packet_payload(wsi) > 0)
        return;
    c->rx[c->rx_len] = 0;
    RawMsg *m = malloc(sizeof *m);
    m->next = NULL;
    m->text = strdup(c->rx);
    c->rx_len = 0;
    if (c->tail)
        c->tail->next = m;
    else
        c->head = m;
    c->tail = m;
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len)
{
    RawConn *c = user;
    switch (reason) {
    case LWS_CALLBACK_CLIENT_ESTABLISHED: c->open = 1; break;
    case LWS_CALLBACK_CLIENT_RECEIVE: got(c, wsi, in, len); break;
    case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
        if (c && len >= 2)
            c->close_code = ((const unsigned char *)in)[0] << 8 | ((const unsigned char *)in)[1];
        break;
    case LWS_CALLBACK_CLIENT_WRITEABLE: {
        RawOut *o = c->out_head;
        if (!o)
            break;
        lws_write(wsi, o->buf + LWS_PRE, o->len, o->binary ? LWS_WRITE_BINARY : LWS_WRITE_TEXT);
        c->out_head = o->next;
        if (!c->out_head)
            c->out_tail = NULL;
        free(o);
        if (c->out_head)
            lws_callback_on_writable(wsi);
        break;
    }
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
    case LWS_CALLBACK_CLIENT_CLOSED:
        if (c) {
            c->closed = 1;
            c->wsi = NULL;
        }
        break;
    default: break;
    }
    return 0;
}

static const struct lws_protocols PROTOCOLS[] = {
    { "volcanique", callback, 0, 65536, 0, NULL, 0 },
    { NULL, NULL, 0, 0, 0, NULL, 0 },
};

RawPool *raw_pool_new(void)
{
    RawPool *p = calloc(1, sizeof *p);
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = CONTEXT_PORT_NO_LISTEN;
    info.protocols = PROTOCOLS;
    info.timeout_secs = 30;
    p->ctx = lws_create_context(&info);
    return p;
}

void raw_pool_free(RawPool *p)
{
    lws_context_destroy(p->ctx);
    while (p->conns) {
        RawConn *c = p->conns;
        p->conns = c->next;
        while (c->head) {
            RawMsg *m = c->head;
            c->head = m->next;
            free(m->text);
            free(m);
        }
        while (c->out_head) {
            RawOut *o = c->out_head;
            c->out_head = o->next;
            free(o);
        }
        free(c->rx);
        free(c);
    }
    free(p);
}

void raw_service(RawPool *p, int ms)
{
    lws_service(p->ctx, ms);
}

RawConn *raw_connect(RawPool *p, int port, const char *path)
{
    RawConn *c = calloc(1, sizeof *c);
    c->pool = p;
    c->next = p->conns;
    p->conns = c;
    struct lws_client_connect_info ci;
    memset(&ci, 0, sizeof ci);
    ci.context = p->ctx;
    ci.address = "127.0.0.1";
    ci.port = port;
    ci.path = path;
    ci.host = "127.0.0.1";
    ci.origin = "127.0.0.1";
    ci.protocol = "volcanique";
    ci.userdata = c;
    ci.pwsi = &c->wsi;
    if (!lws_client_connect_via_info(&ci))
        c->closed = 1;
    return c;
}

int raw_wait_open(RawPool *p, RawConn *c)
{
    long long until = ms_now() + TH_NET_BOUND_MS;
    while (!c->open && !c->closed && ms_now() < until)
        raw_service(p, 50);
    return c->open && !c->closed;
}

void raw_send(RawConn *c, const char *data, size_t len, int binary)
{
    if (!c->wsi)
        return;
    RawOut *o = malloc(sizeof *o + LWS_PRE + len);
    o->next = NULL;
    o->len = len;
    o->binary = binary;
    memcpy(o->buf + LWS_PRE, data, len);
    if (c->out_tail)
        c->out_tail->next = o;
    else
        c->out_head = o;
    c->out_tail = o;
    lws_callback_on_writable(c->wsi);
}

void raw_send_text(RawConn *c, const char *text) { raw_send(c, text, strlen(text), 0); }

char *raw_next(RawPool *p, RawConn *c)
{
    long long until = ms_now() + TH_NET_BOUND_MS;
    while (!c->head && !c->closed && ms_now() < until)
        raw_service(p, 50);
    if (!c->head)
        return NULL;
    RawMsg *m = c->head;
    c->head = m->next;
    if (!c->head)
        c->tail = NULL;
    char *text = m->text;
    free(m);
    return text;
}

char *raw_next_with(RawPool *p, RawConn *c, const char *needle)
{
    for (char *m; (m = raw_next(p, c));) {
        if (strstr(m, needle))
            return m;
        free(m);
    }
    return NULL;
}

int raw_wait_closed(RawPool *p, RawConn *c)
{
    long long until = ms_now() + TH_NET_BOUND_MS;
    while (!c->closed && ms_now() < until)
        raw_service(p, 50);
    return c->closed;
}

int raw_is_open(const RawConn *c) { return c->open && !c->closed; }
int raw_is_closed(const RawConn *c) { return c->closed; }
int raw_close_code(const RawConn *c) { return c->close_code; }

void raw_stop_reading(RawConn *c)
{
    if (!c->wsi)
        return;
    /* A small window too, so the kernel does not take megabytes on its behalf. */
    int small = 4096;
    setsockopt(lws_get_socket_fd(c->wsi), SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
    lws_rx_flow_control(c->wsi, 0);
}

int raw_count_closed(RawPool *p)
{
    int n = 0;
    for (RawConn *c = p->conns; c; c = c->next)
        n += c->closed;
    return n;
}
