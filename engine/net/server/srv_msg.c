/* Shared outgoing messages, links, sessions by mod set, the clock (srv_internal.h). */
#include "srv_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

SrvMsg *net_srv_msg_text(const char *text, size_t len)
{
    SrvMsg *m = malloc(sizeof *m + LWS_PRE + len + 1);
    if (!m)
        return NULL;
    atomic_init(&m->refs, 1);
    m->len = len;
    memcpy(m->buf + LWS_PRE, text, len);
    m->buf[LWS_PRE + len] = 0;
    return m;
}

SrvMsg *net_srv_msg_json(json_t *j)
{
    if (!j)
        return NULL;
    char *text = json_dumps(j, JSON_COMPACT);
    json_decref(j);
    if (!text)
        return NULL;
    SrvMsg *m = net_srv_msg_text(text, strlen(text));
    free(text);
    return m;
}

SrvMsg *net_srv_msg_ref(SrvMsg *m)
{
    if (m)
        atomic_fetch_add(&m->refs, 1);
    return m;
}

void net_srv_msg_unref(SrvMsg *m)
{
    if (m && atomic_fetch_sub(&m->refs, 1) == 1)
        free(m);
}

SrvMsg *net_srv_msg_error(const json_t *re, int code, const char *fmt, ...)
{
    char text[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    json_t *j = json_pack("{s:s,s:O?,s:s,s:b,s:s}", "type", "error", "re", (json_t *)re, "code",
                          net_error_name(code), "fatal", net_error_fatal(code), "message", text);
    if (j && code == NET_E_PROTOCOL_VERSION)
        json_object_set_new(j, "protocol", json_integer(NET_PROTOCOL_VERSION));
    if (j && !re)
        json_object_set_new(j, "re", json_null());
    return net_srv_msg_json(j);
}

void net_srv_link(const char *base_url, const char *table, int seat, const char *token, char *out, size_t cap)
{
    if (seat >= 0 && token)
        snprintf(out, cap, "%s#table=%s&seat=%c&token=%s", base_url, table, 'A' + seat, token);
    else
        snprintf(out, cap, "%s#table=%s", base_url, table);
}

Session *net_srv_session_get(SrvSessions *c, const char *mods, char *err, int errlen)
{
    for (int i = 0; i < c->count; i++)
        if (strcmp(c->slot[i].mods, mods) == 0)
            return c->slot[i].s;
    if (c->count == SRV_MAX_SESSIONS) {
        snprintf(err, (size_t)errlen, "this server already runs %d different mod sets", SRV_MAX_SESSIONS);
        return NULL;
    }
    Session *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, (size_t)errlen, "out of memory");
        return NULL;
    }
    if (session_open_mods(s, c->root, mods, err, errlen)) {
        session_close(s);
        free(s);
        return NULL;
    }
    s->quiet = 1;   /* the server reports script errors itself, naming the table */
    SrvSessionSlot *slot = &c->slot[c->count++];
    snprintf(slot->mods, sizeof slot->mods, "%s", mods);
    slot->s = s;
    return s;
}

void net_srv_sessions_close(SrvSessions *c)
{
    for (int i = 0; i < c->count; i++) {
        session_close(c->slot[i].s);
        free(c->slot[i].s);
    }
    c->count = 0;
}

uint64_t net_srv_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}
