/* Every table by id, and the lobby's list (srv_internal.h). Tables never
 * leave while the server runs, so a SrvTable pointer found here stays valid. */
#include "srv_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t id_hash(const char *id)
{
    uint64_t h = 1469598103934665603ull;
    for (; *id; id++)
        h = (h ^ (unsigned char)*id) * 1099511628211ull;
    return h;
}

static int rehash(SrvRegistry *r, int slots)
{
    int *slot = calloc((size_t)slots, sizeof *slot);
    if (!slot)
        return -1;
    for (int i = 0; i < r->count; i++) {
        uint64_t k = id_hash(r->e[i].id) % (uint64_t)slots;
        while (slot[k])
            k = (k + 1) % (uint64_t)slots;
        slot[k] = i + 1;
    }
    free(r->slot);
    r->slot = slot;
    r->slots = slots;
    return 0;
}

int net_srv_registry_add(SrvRegistry *r, SrvTable *t, int thread, char *err, int errlen)
{
    pthread_mutex_lock(&r->mu);
    int rc = 0;
    if (r->count == r->cap) {
        int cap = r->cap ? r->cap * 2 : 64;
        SrvRegEntry *grown = realloc(r->e, sizeof *grown * (size_t)cap);
        if (!grown)
            rc = -1;
        else {
            r->e = grown;
            r->cap = cap;
        }
    }
    if (rc == 0) {
        SrvRegEntry *e = &r->e[r->count++];
        memset(e, 0, sizeof *e);
        snprintf(e->id, sizeof e->id, "%s", t->row.id);
        e->table = t;
        e->thread = thread;
        e->is_public = t->row.is_public;
        if (r->count * 2 > r->slots)
            rc = rehash(r, r->slots ? r->slots * 4 : 256);
        else {
            uint64_t k = id_hash(e->id) % (uint64_t)r->slots;
            while (r->slot[k])
                k = (k + 1) % (uint64_t)r->slots;
            r->slot[k] = r->count;
        }
    }
    pthread_mutex_unlock(&r->mu);
    if (rc)
        snprintf(err, (size_t)errlen, "out of memory for the table registry");
    return rc;
}

static SrvRegEntry *find(SrvRegistry *r, const char *id)
{
    if (!r->slots)
        return NULL;
    uint64_t k = id_hash(id) % (uint64_t)r->slots;
    for (; r->slot[k]; k = (k + 1) % (uint64_t)r->slots)
        if (strcmp(r->e[r->slot[k] - 1].id, id) == 0)
            return &r->e[r->slot[k] - 1];
    return NULL;
}

SrvTable *net_srv_registry_find(SrvRegistry *r, const char *id, int *thread)
{
    pthread_mutex_lock(&r->mu);
    SrvRegEntry *e = find(r, id);
    SrvTable *t = e ? e->table : NULL;
    if (e && thread)
        *thread = e->thread;
    pthread_mutex_unlock(&r->mu);
    return t;
}

int net_srv_registry_count(SrvRegistry *r)
{
    pthread_mutex_lock(&r->mu);
    int n = r->count;
    pthread_mutex_unlock(&r->mu);
    return n;
}

void net_srv_registry_update(SrvRegistry *r, const SrvTable *t)
{
    char *text = NULL;
    if (t->row.is_public && !net_srv_table_over(t)) {
        json_t *j = net_srv_table_summary(t);
        text = j ? json_dumps(j, JSON_COMPACT) : NULL;
        json_decref(j);
    }
    pthread_mutex_lock(&r->mu);
    SrvRegEntry *e = find(r, t->row.id);
    if (e) {
        free(e->summary);
        e->summary = text;
        e->over = net_srv_table_over(t);
        text = NULL;
    }
    pthread_mutex_unlock(&r->mu);
    free(text);
}

SrvMsg *net_srv_registry_list(SrvRegistry *r, const json_t *re)
{
    char *re_text = re ? json_dumps(re, JSON_ENCODE_ANY | JSON_COMPACT) : NULL;
    pthread_mutex_lock(&r->mu);
    size_t len = 64 + (re_text ? strlen(re_text) : 4);
    for (int i = 0; i < r->count; i++)
        if (r->e[i].summary && r->e[i].is_public && !r->e[i].over)
            len += strlen(r->e[i].summary) + 1;
    char *text = malloc(len);
    SrvMsg *m = NULL;
    if (text) {
        size_t n = (size_t)snprintf(text, len, "{\"type\":\"tables\",\"re\":%s,\"tables\":[",
                                    re_text ? re_text : "null");
        int first = 1;
        for (int i = 0; i < r->count; i++)
            if (r->e[i].summary && r->e[i].is_public && !r->e[i].over) {
                n += (size_t)snprintf(text + n, len - n, "%s%s", first ? "" : ",", r->e[i].summary);
                first = 0;
            }
        n += (size_t)snprintf(text + n, len - n, "]}");
        m = net_srv_msg_text(text, n);
    }
    pthread_mutex_unlock(&r->mu);
    free(text);
    free(re_text);
    return m;
}

void net_srv_registry_free(SrvRegistry *r)
{
    for (int i = 0; i < r->count; i++)
        free(r->e[i].summary);
    free(r->e);
    free(r->slot);
    r->e = NULL;
    r->slot = NULL;
    r->count = r->cap = r->slots = 0;
}
