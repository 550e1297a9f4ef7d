/* The C client: a hub thread runs libwebsockets for its clients, which say
 * hello, join or watch, read what the server sends and come back after a
 * back-off when the connection drops (net_client.h). */
#include "net_client.h"

#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <jansson.h>
#include <libwebsockets.h>

typedef struct Outgoing {
    struct Outgoing *next;
    size_t len;
    unsigned char buf[];      /* LWS_PRE bytes, then the text */
} Outgoing;

enum { CMD_CONNECT, CMD_SEND, CMD_CLOSE };

typedef struct Command {
    struct Command *next;
    int kind;
    NetClient *client;
    Outgoing *out;
} Command;

typedef struct EventNode {
    struct EventNode *next;
    NetEvent ev;
} EventNode;

struct NetHub {
    struct lws_context *ctx;
    pthread_t th;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    Command *cmd_head, *cmd_tail;
    EventNode *ev_head, *ev_tail;
    int stop;
    int tls;                  /* made for links that need TLS (https://, wss://) */
    NetClient *clients;       /* hub thread only */
};

struct NetClient {
    lws_sorted_usec_list_t sul;   /* the reconnection timer */
    NetHub *hub;
    int owns_hub;
    NetClient *next;              /* in hub->clients */
    NetLink link;
    NetClientOptions opt;
    char client_name[64], seat_name[NET_NAME_LEN];
    struct lws *wsi;
    int closing, give_up, gone;   /* gone: closed by the caller, events dropped (any thread, under hub->mu) */
    int attempts;
    Outgoing *qhead, *qtail;
    char *rx;
    size_t rx_len, rx_cap;
    NetRulesView *rules;          /* the table's, for reading states */
    uint64_t move_sent_us;
    int move_decision;
    char path[300], host_header[300];
};

static uint64_t now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

static int stopping(NetHub *h)
{
    pthread_mutex_lock(&h->mu);   /* also orders everything the caller did before net_hub_free */
    int stop = h->stop;
    pthread_mutex_unlock(&h->mu);
    return stop;
}

static void push_event(NetClient *c, NetEvent *ev)
{
    NetHub *h = c->hub;
    EventNode *n = malloc(sizeof *n);
    ev->client = c;
    ev->ud = c->opt.ud;
    pthread_mutex_lock(&h->mu);
    if (!n || c->gone) {
        pthread_mutex_unlock(&h->mu);
        free(n);
        net_event_free(ev);
        return;
    }
    n->next = NULL;
    n->ev = *ev;
    if (h->ev_tail)
        h->ev_tail->next = n;
    else
        h->ev_head = n;
    h->ev_tail = n;
    pthread_cond_broadcast(&h->cv);
    pthread_mutex_unlock(&h->mu);
}

static void simple_event(NetClient *c, NetEventKind kind, int code, const char *text)
{
    NetEvent ev = { .kind = kind, .code = code };
    snprintf(ev.text, sizeof ev.text, "%s", text ? text : "");
    push_event(c, &ev);
}

static Outgoing *outgoing(const char *text)
{
    size_t len = strlen(text);
    Outgoing *o = malloc(sizeof *o + LWS_PRE + len);
    if (!o)
        return NULL;
    o->next = NULL;
    o->len = len;
    memcpy(o->buf + LWS_PRE, text, len);
    return o;
}

static void queue_out(NetClient *c, Outgoing *o)
{
    if (!o)
        return;
    if (!c->wsi) {   /* not connected: the state after the reconnection says what is pending */
        free(o);
        return;
    }
    if (c->qtail)
        c->qtail->next = o;
    else
        c->qhead = o;
    c->qtail = o;
    lws_callback_on_writable(c->wsi);
}

static void queue_json(NetClient *c, json_t *j)
{
    char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
    json_decref(j);
    if (text)
        queue_out(c, outgoing(text));
    free(text);
}

static void clear_queue(NetClient *c)
{
    while (c->qhead) {
        Outgoing *o = c->qhead;
        c->qhead = o->next;
        free(o);
    }
    c->qtail = NULL;
}

static void connect_now(NetClient *c)
{
    struct lws_client_connect_info ci;
    memset(&ci, 0, sizeof ci);
    ci.context = c->hub->ctx;
    ci.address = c->link.host;
    ci.port = c->link.port;
    ci.path = c->path;
    ci.host = c->host_header;
    ci.origin = c->host_header;
    ci.protocol = NET_SUBPROTOCOL;
    ci.ssl_connection = c->link.tls ? LCCSCF_USE_SSL : 0;
    ci.userdata = c;
    ci.pwsi = &c->wsi;
    if (!lws_client_connect_via_info(&ci)) {
        c->wsi = NULL;
        simple_event(c, NET_EV_DISCONNECTED, 0, "cannot start a connection");
    }
}

static void on_timer(lws_sorted_usec_list_t *sul)
{
    NetClient *c = (NetClient *)((char *)sul - offsetof(NetClient, sul));
    if (!c->closing && !c->give_up)
        connect_now(c);
}

static void schedule_reconnect(NetClient *c)
{
    int lo = c->opt.backoff_min_ms > 0 ? c->opt.backoff_min_ms : 100;
    int hi = c->opt.backoff_max_ms > 0 ? c->opt.backoff_max_ms : 5000;
    double ms = lo;
    for (int i = 0; i < c->attempts && ms < hi; i++)
        ms *= 2;
    if (ms > hi)
        ms = hi;
    ms *= 0.75 + 0.5 * (double)(rand() % 1000) / 1000.0;   /* jitter: clients do not come back in step */
    c->attempts++;
    lws_sul_schedule(c->hub->ctx, 0, &c->sul, on_timer, (lws_usec_t)(ms * 1000.0));
}

static void free_client(NetClient *c)
{
    lws_sul_cancel(&c->sul);
    NetHub *h = c->hub;
    for (NetClient **p = &h->clients; *p; p = &(*p)->next)
        if (*p == c) {
            *p = c->next;
            break;
        }
    clear_queue(c);
    free(c->rx);
    free(c->rules);
    free(c);
}

/* hello answered: join or watch the link's table (a server of another
 * protocol version is given up on, with a message that says so). */
static void on_welcome(NetClient *c, const json_t *m)
{
    json_int_t version = json_integer_value(json_object_get(m, "protocol"));
    if (version != NET_PROTOCOL_VERSION) {
        char text[200];
        snprintf(text, sizeof text, "protocol_version: the server speaks protocol %lld and this client %d: use a"
                 " client of the server's version", (long long)version, NET_PROTOCOL_VERSION);
        c->give_up = 1;
        simple_event(c, NET_EV_ERROR, NET_E_PROTOCOL_VERSION, text);
        lws_set_timeout(c->wsi, PENDING_TIMEOUT_USER_REASON_BASE, LWS_TO_KILL_ASYNC);
        return;
    }
    c->attempts = 0;
    simple_event(c, NET_EV_CONNECTED, 0, NULL);
    if (c->link.table[0] && c->link.seat >= 0) {
        json_t *j = json_pack("{s:s,s:s,s:i,s:s}", "type", "join", "table", c->link.table, "seat", c->link.seat,
                              "token", c->link.token);
        if (j && c->seat_name[0])
            json_object_set_new(j, "name", json_string(c->seat_name));
        queue_json(c, j);
    } else if (c->link.table[0])
        queue_json(c, json_pack("{s:s,s:s}", "type", "watch", "table", c->link.table));
}

/* Errors no retry mends: the link (or this client) is wrong. */
static int hopeless(int code)
{
    return code == NET_E_PROTOCOL_VERSION || code == NET_E_BAD_TOKEN || code == NET_E_NO_SUCH_TABLE ||
           code == NET_E_BAD_SEAT || code == NET_E_REPLACED;
}

static void on_error(NetClient *c, const json_t *m)
{
    NetEvent ev = { .kind = NET_EV_ERROR };
    const char *code = json_string_value(json_object_get(m, "code"));
    ev.code = net_error_by_name(code);
    ev.fatal = json_is_true(json_object_get(m, "fatal"));
    snprintf(ev.text, sizeof ev.text, "%s: %s", code ? code : "?",
             json_string_value(json_object_get(m, "message")) ? json_string_value(json_object_get(m, "message"))
                                                              : "");
    if (hopeless(ev.code))
        c->give_up = 1;
    push_event(c, &ev);
}

static void on_state(NetClient *c, const char *text)
{
    NetEvent ev = { .kind = NET_EV_STATE };
    char err[400];
    ev.view = net_view_read(text, c->rules, err, sizeof err);
    if (!ev.view) {
        ev.kind = NET_EV_ERROR;
        ev.code = -1;
        snprintf(ev.text, sizeof ev.text, "a state from the server could not be read: %s", err);
    }
    if (c->opt.keep_text)
        ev.json = strdup(text);
    push_event(c, &ev);
}

static void on_rules(NetClient *c, const char *text)
{
    NetEvent ev = { .kind = NET_EV_RULES };
    char err[400];
    NetRulesView *r = net_rules_read(text, err, sizeof err);
    if (!r) {
        ev.kind = NET_EV_ERROR;
        ev.code = -1;
        snprintf(ev.text, sizeof ev.text, "the rules from the server could not be read: %s", err);
        push_event(c, &ev);
        return;
    }
    free(c->rules);
    c->rules = r;
    ev.rules = malloc(sizeof *ev.rules);
    if (ev.rules) {
        *ev.rules = *r;
        if (c->opt.keep_text)
            ev.json = strdup(text);
        push_event(c, &ev);
    }
}

static void on_message(NetClient *c, const char *text, size_t len)
{
    json_t *m = json_loadb(text, len, 0, NULL);
    const char *type = json_string_value(json_object_get(m, "type"));
    NetEvent ev = { 0 };
    if (!type) {
        simple_event(c, NET_EV_ERROR, -1, "the server sent a message that is not a JSON object with a type");
    } else if (strcmp(type, "welcome") == 0)
        on_welcome(c, m);
    else if (strcmp(type, "joined") == 0 || strcmp(type, "watching") == 0) {
        ev.kind = NET_EV_JOINED;
        ev.seat = strcmp(type, "joined") == 0 ? (int)json_integer_value(json_object_get(m, "seat")) : -1;
        push_event(c, &ev);
    } else if (strcmp(type, "rules") == 0)
        on_rules(c, text);
    else if (strcmp(type, "state") == 0)
        on_state(c, text);
    else if (strcmp(type, "accepted") == 0) {
        ev.kind = NET_EV_ACCEPTED;
        ev.decision = (int)json_integer_value(json_object_get(m, "decision"));
        ev.option = (int)json_integer_value(json_object_get(m, "option"));
        ev.rtt_us = ev.decision == c->move_decision && c->move_sent_us ? now_us() - c->move_sent_us : 0;
        push_event(c, &ev);
    } else if (strcmp(type, "error") == 0)
        on_error(c, m);
    else {
        ev.kind = NET_EV_MESSAGE;
        ev.json = strndup(text, len);
        push_event(c, &ev);
    }
    json_decref(m);
}

static int receive(NetClient *c, struct lws *wsi, const void *in, size_t len)
{
    if (c->rx_len + len + 1 > c->rx_cap) {
        size_t cap = c->rx_cap ? c->rx_cap : 65536;
        while (cap < c->rx_len + len + 1)
            cap *= 2;
        char *grown = realloc(c->rx, cap);
        if (!grown)
            return -1;
        c->rx = grown;
        c->rx_cap = cap;
    }
    memcpy(c->rx + c->rx_len, in, len);
    c->rx_len += len;
    if (!lws_is_final_fragment(wsi) || lws_remaining_packet_payload(wsi) > 0)
        return 0;
    c->rx[c->rx_len] = 0;
    size_t n = c->rx_len;
    c->rx_len = 0;
    on_message(c, c->rx, n);
    return 0;
}

static int write_next(NetClient *c, struct lws *wsi)
{
    Outgoing *o = c->qhead;
    if (!o)
        return 0;
    if (lws_write(wsi, o->buf + LWS_PRE, o->len, LWS_WRITE_TEXT) < 0)
        return -1;
    c->qhead = o->next;
    if (!c->qhead)
        c->qtail = NULL;
    free(o);
    if (c->qhead)
        lws_callback_on_writable(wsi);
    return 0;
}

/* The connection is gone: free, give up, or try again. */
static void dropped(NetClient *c, const char *why)
{
    c->wsi = NULL;
    c->rx_len = 0;
    clear_queue(c);
    if (c->closing) {
        free_client(c);
        return;
    }
    if (stopping(c->hub))
        return;
    if (c->give_up) {
        simple_event(c, NET_EV_CLOSED, 0, why);
        return;
    }
    simple_event(c, NET_EV_DISCONNECTED, 0, why);
    schedule_reconnect(c);
}

static void run_commands(NetHub *h)
{
    pthread_mutex_lock(&h->mu);
    Command *cmd = h->cmd_head;
    h->cmd_head = h->cmd_tail = NULL;
    pthread_mutex_unlock(&h->mu);
    while (cmd) {
        Command *next = cmd->next;
        NetClient *c = cmd->client;
        if (cmd->kind == CMD_CONNECT) {
            c->next = h->clients;
            h->clients = c;
            connect_now(c);
        } else if (cmd->kind == CMD_SEND)
            queue_out(c, cmd->out);
        else {
            c->closing = 1;
            if (c->wsi)
                lws_set_timeout(c->wsi, PENDING_TIMEOUT_USER_REASON_BASE, LWS_TO_KILL_ASYNC);
            else
                free_client(c);
        }
        free(cmd);
        cmd = next;
    }
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len)
{
    NetClient *c = user;
    char why[200];
    switch (reason) {
    case LWS_CALLBACK_CLIENT_ESTABLISHED: {
        int nodelay = 1;   /* a move goes out when sent: no waiting on Nagle for a delayed ack */
        setsockopt(lws_get_socket_fd(wsi), IPPROTO_TCP, TCP_NODELAY, &nodelay, sizeof nodelay);
    }
        queue_json(c, json_pack("{s:s,s:i,s:s}", "type", "hello", "protocol", NET_PROTOCOL_VERSION, "client",
                                c->client_name));
        return 0;
    case LWS_CALLBACK_CLIENT_RECEIVE: return c ? receive(c, wsi, in, len) : 0;
    case LWS_CALLBACK_CLIENT_WRITEABLE: return c ? write_next(c, wsi) : 0;
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
        snprintf(why, sizeof why, "cannot connect: %.150s", in ? (const char *)in : "no answer");
        if (c)
            dropped(c, why);
        return 0;
    case LWS_CALLBACK_CLIENT_CLOSED:
        if (c)
            dropped(c, "the connection closed");
        return 0;
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED: {
        struct lws_context *ctx = lws_get_context(wsi);
        NetHub *h = ctx ? lws_context_user(ctx) : NULL;
        if (h)
            run_commands(h);
        return 0;
    }
    default: return 0;
    }
}

static const struct lws_protocols PROTOCOLS[] = {
    { NET_SUBPROTOCOL, callback, 0, 65536, 0, NULL, 0 },
    { NULL, NULL, 0, 0, 0, NULL, 0 },
};

static void *hub_thread(void *arg)
{
    NetHub *h = arg;
    while (!stopping(h))
        if (lws_service(h->ctx, 0) < 0)
            break;
    for (NetClient *c = h->clients; c; c = c->next)
        lws_sul_cancel(&c->sul);
    lws_context_destroy(h->ctx);   /* closes every connection (dropped() sees stop) */
    h->ctx = NULL;
    while (h->clients)
        free_client(h->clients);
    return NULL;
}

NetHub *net_hub_new(int tls, char *err, int errlen)
{
    NetHub *h = calloc(1, sizeof *h);
    if (!h) {
        snprintf(err, (size_t)errlen, "out of memory");
        return NULL;
    }
    pthread_mutex_init(&h->mu, NULL);
    pthread_cond_init(&h->cv, NULL);
    h->tls = tls;
    lws_set_log_level(LLL_ERR, NULL);
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = CONTEXT_PORT_NO_LISTEN;
    info.protocols = PROTOCOLS;
    info.user = h;
    /* OpenSSL is set up only for a hub that needs it (its global set-up stays until exit). */
    info.options = tls ? LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT : 0;
    info.timeout_secs = 10;
    h->ctx = lws_create_context(&info);
    if (!h->ctx || pthread_create(&h->th, NULL, hub_thread, h) != 0) {
        snprintf(err, (size_t)errlen, "cannot start the network client");
        if (h->ctx)
            lws_context_destroy(h->ctx);
        free(h);
        return NULL;
    }
    return h;
}

static void post(NetHub *h, int kind, NetClient *c, Outgoing *o)
{
    Command *cmd = malloc(sizeof *cmd);
    if (!cmd) {
        free(o);
        return;
    }
    *cmd = (Command){ NULL, kind, c, o };
    pthread_mutex_lock(&h->mu);
    if (h->cmd_tail)
        h->cmd_tail->next = cmd;
    else
        h->cmd_head = cmd;
    h->cmd_tail = cmd;
    lws_cancel_service(h->ctx);   /* under the lock: the hub cannot be torn down meanwhile */
    pthread_mutex_unlock(&h->mu);
}

void net_hub_free(NetHub *h)
{
    if (!h)
        return;
    pthread_mutex_lock(&h->mu);
    h->stop = 1;
    lws_cancel_service(h->ctx);   /* the hub sees stop only once this returned */
    pthread_mutex_unlock(&h->mu);
    pthread_join(h->th, NULL);
    while (h->cmd_head) {
        Command *c = h->cmd_head;
        h->cmd_head = c->next;
        free(c->out);
        if (c->kind == CMD_CONNECT)   /* never reached the hub's list, which its thread freed */
            free(c->client);
        free(c);
    }
    while (h->ev_head) {
        EventNode *n = h->ev_head;
        h->ev_head = n->next;
        net_event_free(&n->ev);
        free(n);
    }
    pthread_mutex_destroy(&h->mu);
    pthread_cond_destroy(&h->cv);
    free(h);
}

int net_hub_next(NetHub *h, NetEvent *ev, int timeout_ms)
{
    pthread_mutex_lock(&h->mu);
    if (!h->ev_head && timeout_ms != 0) {
        if (timeout_ms < 0)
            while (!h->ev_head)
                pthread_cond_wait(&h->cv, &h->mu);
        else {
            struct timespec ts;
            clock_gettime(CLOCK_REALTIME, &ts);
            ts.tv_sec += timeout_ms / 1000;
            ts.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
            if (ts.tv_nsec >= 1000000000L) {
                ts.tv_sec++;
                ts.tv_nsec -= 1000000000L;
            }
            while (!h->ev_head && pthread_cond_timedwait(&h->cv, &h->mu, &ts) == 0)
                ;
        }
    }
    EventNode *n = h->ev_head;
    if (n) {
        h->ev_head = n->next;
        if (!h->ev_head)
            h->ev_tail = NULL;
    }
    pthread_mutex_unlock(&h->mu);
    if (!n)
        return 0;
    *ev = n->ev;
    free(n);
    return 1;
}

NetClient *net_client_open(NetHub *h, const char *link, const NetClientOptions *opt, char *err, int errlen)
{
    NetClient *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(err, (size_t)errlen, "out of memory");
        return NULL;
    }
    if (net_link_parse(link, &c->link, err, errlen)) {
        free(c);
        return NULL;
    }
    if (opt)
        c->opt = *opt;
    snprintf(c->client_name, sizeof c->client_name, "%s", c->opt.client ? c->opt.client : "volcanique");
    snprintf(c->seat_name, sizeof c->seat_name, "%s", c->opt.name ? c->opt.name : "");
    c->opt.client = c->opt.name = NULL;
    snprintf(c->path, sizeof c->path, "%sws%s%s", c->link.path, c->link.table[0] ? "/" : "", c->link.table);
    snprintf(c->host_header, sizeof c->host_header, "%s:%d", c->link.host, c->link.port);
    if (h && c->link.tls && !h->tls) {
        snprintf(err, (size_t)errlen, "'%.200s' needs TLS, and this hub was made without it", link);
        free(c);
        return NULL;
    }
    if (!h) {
        h = net_hub_new(c->link.tls, err, errlen);
        if (!h) {
            free(c);
            return NULL;
        }
        c->owns_hub = 1;
    }
    c->hub = h;
    post(h, CMD_CONNECT, c, NULL);
    return c;
}

int net_client_next(NetClient *c, NetEvent *ev, int timeout_ms)
{
    return net_hub_next(c->hub, ev, timeout_ms);
}

int net_client_move(NetClient *c, int decision, int option)
{
    char text[160];
    snprintf(text, sizeof text, "{\"type\":\"move\",\"decision\":%d,\"option\":%d}", decision, option);
    c->move_decision = decision;
    c->move_sent_us = now_us();
    Outgoing *o = outgoing(text);
    if (!o)
        return -1;
    post(c->hub, CMD_SEND, c, o);
    return 0;
}

int net_client_send_json(NetClient *c, const char *json)
{
    Outgoing *o = outgoing(json);
    if (!o)
        return -1;
    post(c->hub, CMD_SEND, c, o);
    return 0;
}

void net_client_close(NetClient *c)
{
    if (!c)
        return;
    NetHub *h = c->hub;
    int owns = c->owns_hub;
    pthread_mutex_lock(&h->mu);
    c->gone = 1;
    for (EventNode **p = &h->ev_head; *p;) {   /* no event of c after this */
        if ((*p)->ev.client == c) {
            EventNode *n = *p;
            *p = n->next;
            net_event_free(&n->ev);
            free(n);
        } else
            p = &(*p)->next;
    }
    h->ev_tail = NULL;
    for (EventNode *n = h->ev_head; n; n = n->next)
        h->ev_tail = n;
    pthread_mutex_unlock(&h->mu);
    if (owns)
        net_hub_free(h);   /* its thread frees c with the others */
    else
        post(h, CMD_CLOSE, c, NULL);
}

void net_event_free(NetEvent *ev)
{
    free(ev->rules);
    net_view_free(ev->view);
    free(ev->json);
    ev->rules = NULL;
    ev->view = NULL;
    ev->json = NULL;
}
