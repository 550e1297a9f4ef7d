/* A server of another protocol version, for the tests (fake_server.h). */
#include "fake_server.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <libwebsockets.h>

#include "net.h"

struct FakeServer {
    struct lws_context *ctx;
    pthread_t th;
    pthread_mutex_t mu;
    int stop, port;
    const char *answer;
};

typedef struct FakeConn {
    int heard, answered;
} FakeConn;

static int answer(struct lws *wsi, FakeConn *c)
{
    if (c->answered) {   /* the answer is out: close, saying why */
        lws_close_reason(wsi, LWS_CLOSE_STATUS_POLICY_VIOLATION, (unsigned char *)"protocol_version", 16);
        return -1;
    }
    FakeServer *f = lws_context_user(lws_get_context(wsi));
    size_t len = strlen(f->answer);
    unsigned char *buf = malloc(LWS_PRE + len);
    if (!buf)
        return -1;
    memcpy(buf + LWS_PRE, f->answer, len);
    int rc = lws_write(wsi, buf + LWS_PRE, len, LWS_WRITE_TEXT);
    free(buf);
    c->answered = 1;
    lws_callback_on_writable(wsi);
    return rc < 0 ? -1 : 0;
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len)
{
    FakeConn *c = user;
    (void)in;
    (void)len;
    switch (reason) {
    case LWS_CALLBACK_RECEIVE:
        if (!c->heard)
            lws_callback_on_writable(wsi);
        c->heard = 1;
        return 0;
    case LWS_CALLBACK_SERVER_WRITEABLE: return c->heard ? answer(wsi, c) : 0;
    default: return 0;
    }
}

static const struct lws_protocols PROTOCOLS[] = {
    { NET_SUBPROTOCOL, callback, sizeof(FakeConn), 4096, 0, NULL, 0 },
    { NULL, NULL, 0, 0, 0, NULL, 0 },
};

static void *serve(void *arg)
{
    FakeServer *f = arg;
    for (;;) {
        pthread_mutex_lock(&f->mu);
        int stop = f->stop;
        pthread_mutex_unlock(&f->mu);
        if (stop || lws_service(f->ctx, 0) < 0)
            break;
    }
    return NULL;
}

FakeServer *fake_server_start(const char *text)
{
    FakeServer *f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    f->answer = text;
    pthread_mutex_init(&f->mu, NULL);
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = 0;
    info.iface = "127.0.0.1";
    info.protocols = PROTOCOLS;
    info.user = f;
    lws_set_log_level(LLL_ERR, NULL);
    f->ctx = lws_create_context(&info);
    struct lws_vhost *vh = f->ctx ? lws_get_vhost_by_name(f->ctx, "default") : NULL;
    f->port = vh ? lws_get_vhost_listen_port(vh) : 0;
    if (!f->ctx || f->port <= 0 || pthread_create(&f->th, NULL, serve, f) != 0) {
        if (f->ctx)
            lws_context_destroy(f->ctx);
        free(f);
        return NULL;
    }
    return f;
}

int fake_server_port(const FakeServer *f)
{
    return f->port;
}

void fake_server_stop(FakeServer *f)
{
    pthread_mutex_lock(&f->mu);
    f->stop = 1;
    pthread_mutex_unlock(&f->mu);
    lws_cancel_service(f->ctx);
    pthread_join(f->th, NULL);
    lws_context_destroy(f->ctx);
    pthread_mutex_destroy(&f->mu);
    free(f);
}
