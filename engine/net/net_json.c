/* JSON writing and reading helpers (net_json.h). */
#include "net_json.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"

void net_wr_set(NetWr *w, json_t *obj, const char *key, json_t *v)
{
    if (!obj || !v) {
        json_decref(v);
        w->ok = 0;
    } else if (json_object_set_new(obj, key, v) != 0)
        w->ok = 0;
}

void net_wr_add(NetWr *w, json_t *arr, json_t *v)
{
    if (!arr || !v) {
        json_decref(v);
        w->ok = 0;
    } else if (json_array_append_new(arr, v) != 0)
        w->ok = 0;
}

json_t *net_wr_place(int cell)
{
    if (cell == NO_CELL)
        return json_null();
    if (cell < 0 || cell >= BOARD_CELLS)
        return json_integer(cell);
    Hex h = board_hex(cell);
    return json_pack("[ii]", h.q, h.r);
}

json_t *net_wr_bits(uint64_t mask)
{
    json_t *a = json_array();
    for (int i = 0; a && i < 64; i++)
        if ((mask >> i) & 1)
            json_array_append_new(a, json_integer(i));
    return a;
}

int net_rd_fail(NetRd *r, const char *key, const char *fmt, ...)
{
    if (r->failed++)
        return -1;
    char what[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (r->err && r->errlen > 0)
        snprintf(r->err, (size_t)r->errlen, "%s%s%s: %s", r->path, key && r->path[0] ? "." : "", key ? key : "",
                 what);
    return -1;
}

static long long int_in(NetRd *r, const json_t *v, const char *key, long long lo, long long hi)
{
    if (!v)
        return net_rd_fail(r, key, "missing"), lo;
    if (!json_is_integer(v))
        return net_rd_fail(r, key, "expected an integer"), lo;
    long long x = json_integer_value(v);
    if (x < lo || x > hi)
        return net_rd_fail(r, key, "%lld is out of range %lld..%lld", x, lo, hi), lo;
    return x;
}

long long net_rd_int(NetRd *r, const json_t *obj, const char *key, long long lo, long long hi)
{
    return int_in(r, json_is_object(obj) ? json_object_get(obj, key) : NULL, key, lo, hi);
}

long long net_rd_item(NetRd *r, const json_t *arr, size_t i, const char *key, long long lo, long long hi)
{
    char name[80];
    snprintf(name, sizeof name, "%s[%zu]", key, i);
    return int_in(r, json_array_get(arr, i), name, lo, hi);
}

int net_rd_bool(NetRd *r, const json_t *obj, const char *key)
{
    const json_t *v = json_is_object(obj) ? json_object_get(obj, key) : NULL;
    if (!json_is_boolean(v))
        return net_rd_fail(r, key, v ? "expected true or false" : "missing"), 0;
    return json_is_true(v);
}

const json_t *net_rd_array(NetRd *r, const json_t *obj, const char *key, size_t max)
{
    const json_t *v = json_is_object(obj) ? json_object_get(obj, key) : NULL;
    if (!json_is_array(v))
        return net_rd_fail(r, key, v ? "expected an array" : "missing"), NULL;
    if (json_array_size(v) > max)
        return net_rd_fail(r, key, "%zu items, at most %zu allowed", json_array_size(v), max), NULL;
    return v;
}

const json_t *net_rd_object(NetRd *r, const json_t *obj, const char *key)
{
    const json_t *v = json_is_object(obj) ? json_object_get(obj, key) : NULL;
    if (!json_is_object(v))
        return net_rd_fail(r, key, v ? "expected an object" : "missing"), NULL;
    return v;
}

void net_rd_string(NetRd *r, const json_t *obj, const char *key, char *out, size_t cap)
{
    const json_t *v = json_is_object(obj) ? json_object_get(obj, key) : NULL;
    out[0] = 0;
    if (!json_is_string(v)) {
        net_rd_fail(r, key, v ? "expected a string" : "missing");
        return;
    }
    size_t n = json_string_length(v);
    if (n >= cap || strlen(json_string_value(v)) != n) {
        net_rd_fail(r, key, n >= cap ? "longer than %zu bytes" : "holds a NUL byte", cap - 1);
        return;
    }
    memcpy(out, json_string_value(v), n + 1);
}

int net_rd_place_value(NetRd *r, const json_t *v, const char *key)
{
    if (json_is_null(v))
        return NO_CELL;
    if (json_is_integer(v))
        return (int)int_in(r, v, key, 0, 65535);
    if (!json_is_array(v) || json_array_size(v) != 2 || !json_is_integer(json_array_get(v, 0)) ||
        !json_is_integer(json_array_get(v, 1)))
        return net_rd_fail(r, key, v ? "expected [q, r], null or a number" : "missing"), NO_CELL;
    long long q = json_integer_value(json_array_get(v, 0)), rr = json_integer_value(json_array_get(v, 1));
    if (q < -BOARD_OFFSET || q >= BOARD_SIZE - BOARD_OFFSET || rr < -BOARD_OFFSET || rr >= BOARD_SIZE - BOARD_OFFSET)
        return net_rd_fail(r, key, "[%lld, %lld] is off the board", q, rr), NO_CELL;
    return board_cell(hex_make((int)q, (int)rr));
}

int net_rd_place(NetRd *r, const json_t *obj, const char *key)
{
    const json_t *v = json_is_object(obj) ? json_object_get(obj, key) : NULL;
    if (!v)
        return net_rd_fail(r, key, "missing"), NO_CELL;
    return net_rd_place_value(r, v, key);
}

uint64_t net_rd_bits(NetRd *r, const json_t *obj, const char *key, int bits)
{
    const json_t *a = net_rd_array(r, obj, key, 64);
    uint64_t mask = 0;
    for (size_t i = 0; a && i < json_array_size(a); i++)
        mask |= (uint64_t)1 << net_rd_item(r, a, i, key, 0, bits - 1);
    return mask;
}

size_t net_rd_enter(NetRd *r, const char *key, int index)
{
    size_t mark = strlen(r->path);
    if (key)
        snprintf(r->path + mark, sizeof r->path - mark, "%s%s", mark ? "." : "", key);
    else
        snprintf(r->path + mark, sizeof r->path - mark, "[%d]", index);
    return mark;
}

void net_rd_leave(NetRd *r, size_t mark)
{
    r->path[mark] = 0;
}
