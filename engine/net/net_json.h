/* Helpers for writing and reading the protocol's JSON (internal to engine/net
 * and the server): builders that remember running out of memory instead of
 * checking each call, and readers that check a field's type and range and
 * keep the first error with the field's path. */
#ifndef VQ_NET_JSON_H
#define VQ_NET_JSON_H

#include <stdint.h>

#include <jansson.h>

/* ---- writing ---- */

typedef struct NetWr {
    int ok;   /* 0 once something could not be built */
} NetWr;

/* obj[key] = v (v is taken, even on failure). */
void net_wr_set(NetWr *w, json_t *obj, const char *key, json_t *v);
/* arr += v (v is taken). */
void net_wr_add(NetWr *w, json_t *arr, json_t *v);
/* A place: [q, r] for a board cell, null for NO_CELL, the raw number otherwise. */
json_t *net_wr_place(int cell);
/* An array of the indices of the set bits of mask (ascending). */
json_t *net_wr_bits(uint64_t mask);

/* ---- reading ---- */

typedef struct NetRd {
    char *err;
    int errlen;
    int failed;
    char path[160];   /* the object being read, for messages: "game.players[1]" */
} NetRd;

/* Records the first failure: "<path>.<key>: <what>". Always returns -1. */
int net_rd_fail(NetRd *r, const char *key, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* obj[key] as an integer in lo..hi; on failure records it and returns lo. */
long long net_rd_int(NetRd *r, const json_t *obj, const char *key, long long lo, long long hi);
/* arr[i] as an integer in lo..hi (key names the array in messages). */
long long net_rd_item(NetRd *r, const json_t *arr, size_t i, const char *key, long long lo, long long hi);
int net_rd_bool(NetRd *r, const json_t *obj, const char *key);
/* obj[key] as an array of at most max items (NULL, recorded, otherwise). */
const json_t *net_rd_array(NetRd *r, const json_t *obj, const char *key, size_t max);
/* obj[key] as an object (NULL, recorded, otherwise). */
const json_t *net_rd_object(NetRd *r, const json_t *obj, const char *key);
/* obj[key] as a string of at most cap - 1 bytes copied into out (NUL-terminated). */
void net_rd_string(NetRd *r, const json_t *obj, const char *key, char *out, size_t cap);
/* A place written by net_wr_place: a board cell, NO_CELL, or a raw 16-bit number. */
int net_rd_place_value(NetRd *r, const json_t *v, const char *key);
int net_rd_place(NetRd *r, const json_t *obj, const char *key);
/* A mask from an array of bit indices below `bits`. */
uint64_t net_rd_bits(NetRd *r, const json_t *obj, const char *key, int bits);
/* Enters obj[key] (or arr[i] when key is NULL): appends to the path; net_rd_leave restores. */
size_t net_rd_enter(NetRd *r, const char *key, int index);
void net_rd_leave(NetRd *r, size_t mark);

#endif
