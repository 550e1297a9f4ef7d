/* Secrets from the operating system (srv_random.h). */
#include "srv_random.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "net.h"

static void fill(void *buf, size_t len)
{
    unsigned char *p = buf;
    while (len > 0) {
        ssize_t got = getrandom(p, len, 0);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            fprintf(stderr, "volcanique serve: the system gives no randomness (getrandom: %s)\n", strerror(errno));
            abort();
        }
        p += got;
        len -= (size_t)got;
    }
}

uint64_t net_srv_random_u64(void)
{
    uint64_t v;
    fill(&v, sizeof v);
    return v;
}

void net_srv_random_table_id(char *out, const char *prefix)
{
    static const char ALPHABET[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    unsigned char raw[NET_TABLE_ID_LEN];
    for (int i = 0; i < NET_TABLE_ID_LEN; i++) {
        do
            fill(&raw[i], 1);
        while (raw[i] >= 252);   /* 252 = 7 * 36: no bias */
        out[i] = ALPHABET[raw[i] % 36];
    }
    out[NET_TABLE_ID_LEN] = 0;
    size_t n = prefix ? strlen(prefix) : 0;
    memcpy(out, prefix ? prefix : "", n < 4 ? n : 4);
}

void net_srv_random_token(char *out)
{
    unsigned char raw[NET_TOKEN_LEN / 2];
    fill(raw, sizeof raw);
    for (int i = 0; i < NET_TOKEN_LEN / 2; i++)
        snprintf(out + 2 * i, 3, "%02x", raw[i]);
}
