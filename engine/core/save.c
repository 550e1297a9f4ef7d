/* Saves: writing, atomic files, parsing with checks, and restore by replay
 * (see save.h for the format and the contracts). */
#include "save.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "scenario.h"
#include "snapshot.h"

#define SAVE_MAX_ACTIONS (1 << 22)  /* far beyond any real game; bounds the allocation */
#define INLINE_MAX 100               /* containers whose one-line form fits are kept on one line */

static bool options_hold_any(const GameOptions *o)
{
    for (int p = 0; p < MAX_PLAYERS; p++)
        if (o->hold[p])
            return true;
    return false;
}

static int fail(char *err, int errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(char *err, int errlen, const char *fmt, ...)
{
    if (err && errlen > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, (size_t)errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* ---- text layout ---------------------------------------------------------
 * Objects and arrays are written one member per line, indented by two spaces,
 * unless their one-line form is at most INLINE_MAX bytes; then they stay on
 * one line (so each action is one line). Keys keep insertion order. */

typedef struct Buf {
    char *p;
    size_t len, cap;
    int oom;
} Buf;

static void buf_put(Buf *b, const char *s, size_t n)
{
    if (b->oom)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) {
            b->oom = 1;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}
static void buf_str(Buf *b, const char *s) { buf_put(b, s, strlen(s)); }
static void buf_indent(Buf *b, int depth)
{
    for (int i = 0; i < depth; i++)
        buf_put(b, "  ", 2);
}
/* Appends json_dumps(v) and frees it; returns its length (0 on failure). */
static size_t buf_dump(Buf *b, const json_t *v)
{
    char *s = json_dumps(v, JSON_ENCODE_ANY | JSON_PRESERVE_ORDER);
    if (!s) {
        b->oom = 1;
        return 0;
    }
    size_t n = strlen(s);
    buf_put(b, s, n);
    free(s);
    return n;
}

static void layout(Buf *b, json_t *v, int depth)
{
    int is_obj = json_is_object(v), is_arr = json_is_array(v);
    size_t size = is_obj ? json_object_size(v) : is_arr ? json_array_size(v) : 0;
    if (size == 0 || depth > 0) {
        size_t mark = b->len;
        size_t n = buf_dump(b, v);
        if (size == 0 || n <= INLINE_MAX || b->oom)
            return;
        b->len = mark; /* too long for one line: undo and expand */
        if (b->p)
            b->p[mark] = '\0';
    }
    buf_str(b, is_obj ? "{\n" : "[\n");
    size_t i = 0;
    if (is_obj) {
        const char *key;
        json_t *member;
        json_object_foreach(v, key, member) {
            buf_indent(b, depth + 1);
            json_t *k = json_string(key);
            if (!k) {
                b->oom = 1;
                return;
            }
            buf_dump(b, k);
            json_decref(k);
            buf_str(b, ": ");
            layout(b, member, depth + 1);
            buf_str(b, ++i < size ? ",\n" : "\n");
        }
    } else {
        json_t *member;
        json_array_foreach(v, i, member) {
            buf_indent(b, depth + 1);
            layout(b, member, depth + 1);
            buf_str(b, i + 1 < size ? ",\n" : "\n");
        }
    }
    buf_indent(b, depth);
    buf_str(b, is_obj ? "}" : "]");
}

/* ---- writing ------------------------------------------------------------- */

typedef struct Build {
    int ok;
} Build;

/* json_object_set_new / json_array_append_new release `v` themselves on failure. */
static void set(Build *bd, json_t *obj, const char *key, json_t *v)
{
    if (!obj || !v) {
        json_decref(v);
        bd->ok = 0;
    } else if (json_object_set_new(obj, key, v) != 0) {
        bd->ok = 0;
    }
}
static void add(Build *bd, json_t *arr, json_t *v)
{
    if (!arr || !v) {
        json_decref(v);
        bd->ok = 0;
    } else if (json_array_append_new(arr, v) != 0) {
        bd->ok = 0;
    }
}

static json_t *hex64(uint64_t v)
{
    char s[17];
    snprintf(s, sizeof s, "%016" PRIx64, v);
    return json_string(s);
}

static json_t *action_json(Build *bd, const Option *o)
{
    json_t *a = json_array();
    add(bd, a, json_integer(o->verb));
    add(bd, a, json_integer(o->sub));
    if (o->cell == NO_CELL) {
        add(bd, a, json_null());
        add(bd, a, json_null());
    } else {
        Hex h = board_hex(o->cell);
        add(bd, a, json_integer(h.q));
        add(bd, a, json_integer(h.r));
    }
    add(bd, a, json_integer(o->subject));
    add(bd, a, json_integer(o->pay));
    return a;
}

/* options.params: [{"name", "value"}, ...] in the options' order; a whole
 * number is written as an integer. */
static json_t *params_json(Build *bd, const GameOptions *o)
{
    json_t *a = json_array();
    for (int i = 0; i < o->param_count && i < MAX_PARAMS; i++) {
        double v = o->params[i].value;
        json_t *p = json_object();
        set(bd, p, "name", snapshot_string(o->params[i].name, PARAM_NAME_LEN));
        set(bd, p, "value", v == (double)(long long)v && v > -1e15 && v < 1e15 ? json_integer((long long)v)
                                                                                  : json_real(v));
        add(bd, a, p);
    }
    return a;
}

/* A set of card indices as a JSON array of numbers. */
static json_t *card_set_json(uint64_t set)
{
    json_t *a = json_array();
    for (int c = 0; c < 64; c++)
        if ((set >> c) & 1)
            json_array_append_new(a, json_integer(c));
    return a;
}

/* The game's options; deal, hold and params only when used, so ordinary
 * saves keep their shape. */
static json_t *options_json(Build *bd, const GameOptions *o)
{
    json_t *opts = json_object();
    set(bd, opts, "players", json_integer(o->players));
    set(bd, opts, "setup_variation", json_integer(o->setup_variation));
    set(bd, opts, "variant", snapshot_string(o->variant, VARIANT_LEN));
    if (o->deal)
        set(bd, opts, "deal", card_set_json(o->deal));
    if (options_hold_any(o)) {
        json_t *hold = json_array();
        for (int p = 0; p < o->players; p++)
            json_array_append_new(hold, card_set_json(o->hold[p]));
        set(bd, opts, "hold", hold);
    }
    if (o->param_count)
        set(bd, opts, "params", params_json(bd, o));
    return opts;
}

/* {"KEY1": V1, "KEY2": V2}, each value a fixed-size string field. */
static json_t *string_pair_json(Build *bd, const char *k1, const char *v1, size_t n1, const char *k2,
                                const char *v2, size_t n2)
{
    json_t *o = json_object();
    set(bd, o, k1, snapshot_string(v1, n1));
    set(bd, o, k2, snapshot_string(v2, n2));
    return o;
}

/* The enabled mods with their hashes, and (informative) which file declared each card. */
static void provenance_json(Build *bd, json_t *root, const SaveMeta *meta)
{
    json_t *mods = json_array();
    int nm = meta->mod_count < 0 ? 0 : meta->mod_count > SAVE_MAX_MODS ? SAVE_MAX_MODS : meta->mod_count;
    for (int i = 0; i < nm; i++)
        add(bd, mods, string_pair_json(bd, "name", meta->mods[i].name, sizeof meta->mods[i].name, "hash",
                                       meta->mods[i].hash, sizeof meta->mods[i].hash));
    set(bd, root, "mods", mods);
    if (meta->card_count <= 0)
        return;
    json_t *cards = json_array();
    int nc = meta->card_count > MAX_POWER_CARDS ? MAX_POWER_CARDS : meta->card_count;
    for (int i = 0; i < nc; i++)
        add(bd, cards, string_pair_json(bd, "name", meta->cards[i].name, sizeof meta->cards[i].name, "from",
                                        meta->cards[i].from, sizeof meta->cards[i].from));
    set(bd, root, "cards", cards);
}

/* The laid-out text of a save document, or NULL when building it ran out of memory. */
static char *save_text(const Build *bd, json_t *root)
{
    if (!bd->ok)
        return NULL;
    Buf b = { 0 };
    layout(&b, root, 0);
    buf_str(&b, "\n");
    if (!b.oom)
        return b.p;
    free(b.p);
    return NULL;
}

char *save_to_string(const Game *g, const ActionLog *log, const SaveMeta *meta)
{
    static const SaveMeta no_meta;
    if (!meta)
        meta = &no_meta;
    if (!log)
        log = g->log;
    Build bd = { 1 };
    json_t *root = json_object();
    set(&bd, root, "format", json_string(SAVE_FORMAT));
    set(&bd, root, "format_version", json_integer(SAVE_FORMAT_VERSION));
    set(&bd, root, "rules_version", snapshot_string(meta->rules_version, sizeof meta->rules_version));
    set(&bd, root, "rules_hash", hex64(rules_hash(&g->rules)));
    set(&bd, root, "options", options_json(&bd, &g->options));
    if (meta->scenario)   /* only for a game started from a scenario (scenario.h) */
        set(&bd, root, "scenario", json_string(meta->scenario));
    if (meta->seats[0])
        set(&bd, root, "seats", snapshot_string(meta->seats, sizeof meta->seats));
    provenance_json(&bd, root, meta);

    char seed[24];
    snprintf(seed, sizeof seed, "%" PRIu64, g->seed);
    set(&bd, root, "seed", json_string(seed));
    json_t *actions = json_array();
    for (int i = 0; log && i < log->len; i++)
        add(&bd, actions, action_json(&bd, &log->items[i]));
    set(&bd, root, "actions", actions);
    set(&bd, root, "snapshot", snapshot_json(g));
    set(&bd, root, "state_hash", hex64(game_hash(g)));

    char *text = save_text(&bd, root);
    json_decref(root);
    return text;
}

/* ---- atomic files -------------------------------------------------------- */

static int write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* Makes the rename durable; best effort (some file systems refuse). */
static void sync_parent_dir(const char *path)
{
    const char *slash = strrchr(path, '/');
    char *dir = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup(".");
    if (!dir)
        return;
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(dir);
}

/* The kill test's stop (docs/reliability.md): with VOLCANIQUE_TEST_STOP_SAVE
 * set to `at` ("written": half the save is in the .tmp file; "renamed": the
 * new save is in place, its folder not yet flushed), the process stops itself
 * there (SIGSTOP) for the test to kill it. */
static void test_stop(const char *at)
{
    const char *want = getenv("VOLCANIQUE_TEST_STOP_SAVE");
    if (want && strcmp(want, at) == 0)
        raise(SIGSTOP);
}

/* Writes text in two halves, with the kill test's first stop between. */
static int write_halves(int fd, const char *text)
{
    size_t n = strlen(text), half = n / 2;
    if (write_all(fd, text, half) != 0)
        return -1;
    test_stop("written");
    return write_all(fd, text + half, n - half);
}

int save_write_file(const char *path, const Game *g, const ActionLog *log, const SaveMeta *meta,
                    char *err, int errlen)
{
    if (!path || !*path)
        return fail(err, errlen, "save: no file name given");
    char *text = save_to_string(g, log, meta);
    size_t plen = strlen(path);
    char *tmp = malloc(plen + 5);
    if (!text || !tmp) {
        free(text);
        free(tmp);
        return fail(err, errlen, "%s: out of memory writing the save", path);
    }
    memcpy(tmp, path, plen);
    memcpy(tmp + plen, ".tmp", 5);

    int rc = -1;
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) {
        fail(err, errlen, "%s: cannot create: %s", tmp, strerror(errno));
    } else if (write_halves(fd, text) != 0 || fsync(fd) != 0) {
        fail(err, errlen, "%s: cannot write: %s", tmp, strerror(errno));
        close(fd);
        unlink(tmp);
    } else if (close(fd) != 0) {
        fail(err, errlen, "%s: cannot write: %s", tmp, strerror(errno));
        unlink(tmp);
    } else if (rename(tmp, path) != 0) {
        fail(err, errlen, "%s: cannot replace with %s: %s", path, tmp, strerror(errno));
        unlink(tmp);
    } else {
        test_stop("renamed");
        sync_parent_dir(path);
        rc = 0;
    }
    free(tmp);
    free(text);
    return rc;
}

/* ---- parsing ------------------------------------------------------------- */

static const char *type_name(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "an integer";
    case JSON_REAL: return "a real number";
    case JSON_TRUE:
    case JSON_FALSE: return "a boolean";
    case JSON_NULL: return "null";
    }
    return "?";
}

/* Checks that v is present and of `type`; `what` names the type in messages. */
static int want(const json_t *v, json_type type, const char *what, const char *path, char *err, int errlen)
{
    if (!v)
        return fail(err, errlen, "%s: missing", path);
    if (json_typeof(v) != type)
        return fail(err, errlen, "%s: expected %s, found %s", path, what, type_name(v));
    return 0;
}

static int want_int(const json_t *v, long long lo, long long hi, long long *out, const char *path, char *err,
                    int errlen)
{
    if (want(v, JSON_INTEGER, "an integer", path, err, errlen))
        return -1;
    long long x = json_integer_value(v);
    if (x < lo || x > hi)
        return fail(err, errlen, "%s: %lld is out of range %lld..%lld", path, x, lo, hi);
    *out = x;
    return 0;
}

/* A string of fewer than `cap` bytes, copied NUL-terminated into dst. */
static int want_str(const json_t *v, char *dst, size_t cap, const char *path, char *err, int errlen)
{
    if (want(v, JSON_STRING, "a string", path, err, errlen))
        return -1;
    size_t n = json_string_length(v);
    const char *s = json_string_value(v);
    if (n >= cap)
        return fail(err, errlen, "%s: longer than %zu bytes", path, cap - 1);
    if (memchr(s, '\0', n))
        return fail(err, errlen, "%s: contains a NUL character", path);
    memcpy(dst, s, n);
    dst[n] = '\0';
    return 0;
}

static int want_hex64(const json_t *v, uint64_t *out, const char *path, char *err, int errlen)
{
    if (want(v, JSON_STRING, "a string of 16 hex digits", path, err, errlen))
        return -1;
    const char *s = json_string_value(v);
    if (json_string_length(v) != 16)
        return fail(err, errlen, "%s: expected 16 hex digits", path);
    uint64_t x = 0;
    for (int i = 0; i < 16; i++) {
        int c = (unsigned char)s[i], d;
        if (c >= '0' && c <= '9') d = c - '0';
        else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
        else return fail(err, errlen, "%s: expected 16 hex digits", path);
        x = x << 4 | (uint64_t)d;
    }
    *out = x;
    return 0;
}

/* The seed: a string of decimal digits up to 18446744073709551615, or a
 * non-negative integer. */
static int want_seed(const json_t *v, uint64_t *out, char *err, int errlen)
{
    if (json_is_integer(v) && json_integer_value(v) >= 0) {
        *out = (uint64_t)json_integer_value(v);
        return 0;
    }
    if (!v)
        return fail(err, errlen, "seed: missing");
    if (!json_is_string(v))
        return fail(err, errlen, "seed: expected a string of decimal digits, found %s", type_name(v));
    const char *s = json_string_value(v);
    size_t n = json_string_length(v);
    if (n == 0 || n > 20)
        return fail(err, errlen, "seed: expected 1 to 20 decimal digits");
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return fail(err, errlen, "seed: expected 1 to 20 decimal digits");
        unsigned d = (unsigned)(s[i] - '0');
        if (x > (UINT64_MAX - d) / 10)
            return fail(err, errlen, "seed: larger than 18446744073709551615");
        x = x * 10 + d;
    }
    *out = x;
    return 0;
}

/* options.hold: one array of card indices per seat (absent: nobody holds any). */
static int parse_hold(const json_t *v, GameOptions *o, char *err, int errlen)
{
    memset(o->hold, 0, sizeof o->hold);
    if (!v)
        return 0;
    if (want(v, JSON_ARRAY, "an array", "options.hold", err, errlen))
        return -1;
    if (json_array_size(v) > o->players) {
        snprintf(err, (size_t)errlen, "options.hold: %zu seats for %d players", json_array_size(v), o->players);
        return -1;
    }
    for (size_t p = 0; p < json_array_size(v); p++) {
        const json_t *seat = json_array_get(v, p);
        char path[80];
        snprintf(path, sizeof path, "options.hold[%zu]", p);
        if (want(seat, JSON_ARRAY, "an array", path, err, errlen))
            return -1;
        for (size_t i = 0; i < json_array_size(seat); i++) {
            long long x = 0;
            snprintf(path, sizeof path, "options.hold[%zu][%zu]", p, i);
            if (want_int(json_array_get(seat, i), 0, MAX_POWER_CARDS - 1, &x, path, err, errlen))
                return -1;
            o->hold[p] |= (uint64_t)1 << x;
        }
    }
    return 0;
}

/* options.params (absent: none). */
static int parse_params(const json_t *v, GameOptions *o, char *err, int errlen)
{
    o->param_count = 0;
    if (!v)
        return 0;
    if (want(v, JSON_ARRAY, "an array", "options.params", err, errlen))
        return -1;
    if (json_array_size(v) > MAX_PARAMS)
        return fail(err, errlen, "options.params: %zu parameters, at most %d", json_array_size(v), MAX_PARAMS);
    for (size_t i = 0; i < json_array_size(v); i++) {
        const json_t *p = json_array_get(v, i), *val = json_object_get(p, "value");
        char path[64];
        snprintf(path, sizeof path, "options.params[%zu]", i);
        if (want(p, JSON_OBJECT, "an object", path, err, errlen))
            return -1;
        snprintf(path, sizeof path, "options.params[%zu].name", i);
        if (want_str(json_object_get(p, "name"), o->params[i].name, PARAM_NAME_LEN, path, err, errlen))
            return -1;
        if (!json_is_number(val))
            return fail(err, errlen, "options.params[%zu].value: expected a number, found %s", i, type_name(val));
        o->params[i].value = json_number_value(val);
        o->param_count = (uint8_t)(i + 1);
    }
    char msg[160];
    if (game_params_check(o, msg, sizeof msg))
        return fail(err, errlen, "options.params: %s", msg);
    return 0;
}

static int parse_options(const json_t *v, GameOptions *o, char *err, int errlen)
{
    long long x = 0;
    if (want(v, JSON_OBJECT, "an object", "options", err, errlen))
        return -1;
    if (want_int(json_object_get(v, "players"), MIN_PLAYERS, MAX_PLAYERS, &x, "options.players", err, errlen))
        return -1;
    o->players = (uint8_t)x;
    if (want_int(json_object_get(v, "setup_variation"), 1, 2, &x, "options.setup_variation", err, errlen))
        return -1;
    o->setup_variation = (uint8_t)x;
    o->deal = 0;
    const json_t *deal = json_object_get(v, "deal");
    if (deal) {
        if (want(deal, JSON_ARRAY, "an array", "options.deal", err, errlen))
            return -1;
        for (size_t i = 0; i < json_array_size(deal); i++) {
            char path[48];
            snprintf(path, sizeof path, "options.deal[%zu]", i);
            if (want_int(json_array_get(deal, i), 0, MAX_POWER_CARDS - 1, &x, path, err, errlen))
                return -1;
            o->deal |= (uint64_t)1 << x;
        }
    }
    if (parse_hold(json_object_get(v, "hold"), o, err, errlen) ||
        parse_params(json_object_get(v, "params"), o, err, errlen))
        return -1;
    return want_str(json_object_get(v, "variant"), o->variant, VARIANT_LEN, "options.variant", err, errlen);
}

static int parse_mods(const json_t *v, SaveMeta *meta, char *err, int errlen)
{
    if (want(v, JSON_ARRAY, "an array", "mods", err, errlen))
        return -1;
    size_t n = json_array_size(v);
    if (n > SAVE_MAX_MODS)
        return fail(err, errlen, "mods: %zu entries, at most %d are supported", n, SAVE_MAX_MODS);
    for (size_t i = 0; i < n; i++) {
        const json_t *m = json_array_get(v, i);
        char path[48];
        snprintf(path, sizeof path, "mods[%zu]", i);
        if (want(m, JSON_OBJECT, "an object", path, err, errlen))
            return -1;
        snprintf(path, sizeof path, "mods[%zu].name", i);
        if (want_str(json_object_get(m, "name"), meta->mods[i].name, sizeof meta->mods[i].name, path, err, errlen))
            return -1;
        snprintf(path, sizeof path, "mods[%zu].hash", i);
        if (want_str(json_object_get(m, "hash"), meta->mods[i].hash, sizeof meta->mods[i].hash, path, err, errlen))
            return -1;
    }
    meta->mod_count = (int)n;
    return 0;
}

/* The optional "cards" list (informative). */
static int parse_cards(const json_t *v, SaveMeta *meta, char *err, int errlen)
{
    meta->card_count = 0;
    if (!v)
        return 0;
    if (want(v, JSON_ARRAY, "an array", "cards", err, errlen))
        return -1;
    size_t n = json_array_size(v);
    if (n > MAX_POWER_CARDS)
        return fail(err, errlen, "cards: %zu entries, at most %d are supported", n, MAX_POWER_CARDS);
    for (size_t i = 0; i < n; i++) {
        const json_t *c = json_array_get(v, i);
        SaveCard *sc = &meta->cards[i];
        char path[48];
        snprintf(path, sizeof path, "cards[%zu]", i);
        if (want(c, JSON_OBJECT, "an object", path, err, errlen))
            return -1;
        snprintf(path, sizeof path, "cards[%zu].name", i);
        if (want_str(json_object_get(c, "name"), sc->name, sizeof sc->name, path, err, errlen))
            return -1;
        snprintf(path, sizeof path, "cards[%zu].from", i);
        if (want_str(json_object_get(c, "from"), sc->from, sizeof sc->from, path, err, errlen))
            return -1;
    }
    meta->card_count = (int)n;
    return 0;
}

static int parse_action(const json_t *a, size_t i, Option *o, char *err, int errlen)
{
    char path[64];
    snprintf(path, sizeof path, "actions[%zu]", i);
    if (want(a, JSON_ARRAY, "an array [verb, sub, q, r, subject, pay]", path, err, errlen))
        return -1;
    if (json_array_size(a) != 6)
        return fail(err, errlen, "%s: expected 6 values [verb, sub, q, r, subject, pay], found %zu", path,
                    json_array_size(a));
    static const struct { const char *name; long long hi; } FIELD[6] = {
        { "verb", VERB_COUNT - 1 }, { "sub", 255 }, { "q", 0 }, { "r", 0 }, { "subject", 65535 }, { "pay", 0xFFF },
    };
    long long val[6] = { 0 };
    for (int j = 0; j < 6; j++) {
        const json_t *x = json_array_get(a, (size_t)j);
        snprintf(path, sizeof path, "actions[%zu][%d]", i, j);
        if (j == 2 || j == 3) {
            if (json_is_null(x))
                continue;
            if (!json_is_integer(x))
                return fail(err, errlen, "%s: expected an integer or null (%s), found %s", path, FIELD[j].name,
                            type_name(x));
            long long c = json_integer_value(x);
            if (c < -BOARD_OFFSET || c >= BOARD_SIZE - BOARD_OFFSET)
                return fail(err, errlen, "%s: %s %lld is off the board (%d..%d)", path, FIELD[j].name, c,
                            -BOARD_OFFSET, BOARD_SIZE - BOARD_OFFSET - 1);
            val[j] = c;
            continue;
        }
        if (!json_is_integer(x))
            return fail(err, errlen, "%s: expected an integer (%s), found %s", path, FIELD[j].name, type_name(x));
        long long c = json_integer_value(x);
        if (c < 0 || c > FIELD[j].hi)
            return fail(err, errlen, "%s: %s %lld is out of range 0..%lld", path, FIELD[j].name, c, FIELD[j].hi);
        val[j] = c;
    }
    int qnull = json_is_null(json_array_get(a, 2)), rnull = json_is_null(json_array_get(a, 3));
    if (qnull != rnull) {
        snprintf(path, sizeof path, "actions[%zu][%d]", i, qnull ? 2 : 3);
        return fail(err, errlen, "%s: q and r must both be integers or both be null", path);
    }
    Hex h = hex_make((int)val[2], (int)val[3]);
    o->verb = (uint8_t)val[0];
    o->sub = (uint8_t)val[1];
    o->cell = qnull ? NO_CELL : (board_in_bounds(h) ? (uint16_t)board_cell(h) : NO_CELL);
    o->subject = (uint16_t)val[4];
    o->pay = (uint16_t)val[5];
    return 0;
}

static int parse_actions(const json_t *v, ActionLog *log, char *err, int errlen)
{
    if (want(v, JSON_ARRAY, "an array", "actions", err, errlen))
        return -1;
    size_t n = json_array_size(v);
    if (n > SAVE_MAX_ACTIONS)
        return fail(err, errlen, "actions: %zu actions, at most %d are supported", n, SAVE_MAX_ACTIONS);
    if (n == 0)
        return 0;
    log->items = malloc(n * sizeof *log->items);
    if (!log->items)
        return fail(err, errlen, "actions: out of memory");
    log->cap = (int)n;
    for (size_t i = 0; i < n; i++) {
        if (parse_action(json_array_get(v, i), i, &log->items[i], err, errlen))
            return -1;
        log->len = (int)i + 1;
    }
    return 0;
}

static int parse_root(const json_t *root, LoadedSave *out, char *err, int errlen)
{
    if (!json_is_object(root))
        return fail(err, errlen, "expected a JSON object at the top level, found %s", type_name(root));
    const json_t *v = json_object_get(root, "format");
    if (want(v, JSON_STRING, "a string", "format", err, errlen))
        return -1;
    if (strcmp(json_string_value(v), SAVE_FORMAT) != 0 || json_string_length(v) != strlen(SAVE_FORMAT))
        return fail(err, errlen, "format: expected \"%s\", found \"%.40s\": not a Volcanique save", SAVE_FORMAT,
                    json_string_value(v));
    v = json_object_get(root, "format_version");
    if (want(v, JSON_INTEGER, "an integer", "format_version", err, errlen))
        return -1;
    if (json_integer_value(v) != SAVE_FORMAT_VERSION)
        return fail(err, errlen, "format_version: the save has version %lld; this build reads version %d",
                    (long long)json_integer_value(v), SAVE_FORMAT_VERSION);
    if (want_str(json_object_get(root, "rules_version"), out->meta.rules_version,
                 sizeof out->meta.rules_version, "rules_version", err, errlen) ||
        want_hex64(json_object_get(root, "rules_hash"), &out->rules_hash, "rules_hash", err, errlen) ||
        parse_options(json_object_get(root, "options"), &out->options, err, errlen) ||
        parse_mods(json_object_get(root, "mods"), &out->meta, err, errlen) ||
        parse_cards(json_object_get(root, "cards"), &out->meta, err, errlen) ||
        want_seed(json_object_get(root, "seed"), &out->seed, err, errlen) ||
        parse_actions(json_object_get(root, "actions"), &out->log, err, errlen) ||
        want(json_object_get(root, "snapshot"), JSON_OBJECT, "an object", "snapshot", err, errlen) ||
        want_hex64(json_object_get(root, "state_hash"), &out->state_hash, "state_hash", err, errlen))
        return -1;
    v = json_object_get(root, "seats");
    if (v && want_str(v, out->meta.seats, sizeof out->meta.seats, "seats", err, errlen))
        return -1;
    v = json_object_get(root, "scenario");
    if (v) {
        if (want(v, JSON_STRING, "a string", "scenario", err, errlen))
            return -1;
        if (memchr(json_string_value(v), '\0', json_string_length(v)))
            return fail(err, errlen, "scenario: contains a NUL character");
        out->meta.scenario = strdup(json_string_value(v));
        if (!out->meta.scenario)
            return fail(err, errlen, "scenario: out of memory");
    }
    return 0;
}

/* ---- the parser's memory --------------------------------------------------
 * jansson allocates through functions set once for the whole process. Ours
 * count what is held while a save is being parsed and refuse to go past
 * SAVE_MAX_PARSE_MEMORY; outside a parse they only pass through. Sizes come
 * from malloc_usable_size, so memory allocated before they were installed can
 * still be freed through them. The counts are the parsing thread's own: a
 * parse allocates on the thread that runs it, so saves load on two threads
 * at once without counting each other's memory. */

static _Thread_local size_t parse_held;
static _Thread_local int parse_active, parse_refused;

static void *counting_malloc(size_t n)
{
    if (parse_active && (n > SAVE_MAX_PARSE_MEMORY || parse_held > SAVE_MAX_PARSE_MEMORY - n)) {
        parse_refused = 1;
        return NULL;
    }
    void *p = malloc(n);
    if (p && parse_active)
        parse_held += malloc_usable_size(p);
    return p;
}

static void counting_free(void *p)
{
    if (p && parse_active) {
        size_t n = malloc_usable_size(p);
        parse_held = n < parse_held ? parse_held - n : 0;
    }
    free(p);
}

static void install_counting(void)
{
    json_set_alloc_funcs(counting_malloc, counting_free);
}

static json_t *bounded_load(const char *text, size_t len, json_error_t *je)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, install_counting);
    parse_held = 0;
    parse_refused = 0;
    parse_active = 1;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, je);
    parse_active = 0;
    return root;
}

/* Parses `len` bytes of JSON and checks them into out. */
static int parse_buffer(const char *text, size_t len, LoadedSave *out, char *err, int errlen)
{
    memset(out, 0, sizeof *out);
    if (len == 0)
        return fail(err, errlen, "the save is empty");
    json_error_t je;
    json_t *root = bounded_load(text, len, &je);
    if (!root && parse_refused)
        return fail(err, errlen, "not a save this build reads: parsing it needs more than %d MiB",
                    SAVE_MAX_PARSE_MEMORY >> 20);
    if (!root)
        return fail(err, errlen, "not valid JSON: line %d, column %d: %s", je.line, je.column, je.text);
    int rc = parse_root(root, out, err, errlen);
    json_decref(root);
    if (rc)
        loaded_save_free(out);
    return rc;
}

int save_parse(const char *text, LoadedSave *out, char *err, int errlen)
{
    if (!text) {
        memset(out, 0, sizeof *out);
        return fail(err, errlen, "no save text given");
    }
    return parse_buffer(text, strlen(text), out, err, errlen);
}

/* Reads the whole file into a malloc'd buffer after checking its size; a file
 * that is not regular (a FIFO would block) or that grows while read is refused. */
static char *read_bounded(int fd, size_t *len_out, char *msg, size_t msglen)
{
    struct stat st;
    if (fstat(fd, &st) != 0) {
        snprintf(msg, msglen, "cannot read: %s", strerror(errno));
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(msg, msglen, "not a regular file");
        return NULL;
    }
    if (st.st_size > SAVE_MAX_BYTES) {
        snprintf(msg, msglen, "%lld bytes, larger than %d: not a save", (long long)st.st_size, SAVE_MAX_BYTES);
        return NULL;
    }
    size_t want = (size_t)st.st_size + 1, len = 0;
    char *buf = malloc(want);
    if (!buf) {
        snprintf(msg, msglen, "out of memory");
        return NULL;
    }
    while (len < want) {
        ssize_t got = read(fd, buf + len, want - len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            snprintf(msg, msglen, "cannot read: %s", strerror(errno));
            free(buf);
            return NULL;
        }
        if (got == 0)
            break;
        len += (size_t)got;
    }
    if (len > (size_t)st.st_size) {
        snprintf(msg, msglen, "the file grew while being read");
        free(buf);
        return NULL;
    }
    *len_out = len;
    return buf;
}

int save_read_file(const char *path, LoadedSave *out, char *err, int errlen)
{
    memset(out, 0, sizeof *out);
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return fail(err, errlen, "%s: cannot open: %s", path, strerror(errno));
    char msg[512];
    size_t len = 0;
    char *buf = read_bounded(fd, &len, msg, sizeof msg);
    close(fd);
    int rc = buf ? parse_buffer(buf, len, out, msg, sizeof msg) : -1;
    free(buf);
    if (rc)
        fail(err, errlen, "%s: %s", path, msg);
    return rc;
}

void loaded_save_free(LoadedSave *ls)
{
    if (!ls)
        return;
    action_log_free(&ls->log);
    free(ls->meta.scenario);
    ls->meta.scenario = NULL;
}

/* ---- restore ------------------------------------------------------------- */

int save_replay(Game *g, const Rules *rules, const LoadedSave *ls, ActionLog *log,
                const GameHooks *hooks, void *hooks_ud, char *err, int errlen)
{
    char msg[256];
    if (ls->meta.scenario) {
        if (scenario_start(g, rules, ls->meta.scenario, &ls->options, &ls->seed, hooks, hooks_ud, msg,
                           sizeof msg) != 0)
            return fail(err, errlen, "cannot start the saved game from its scenario: %s", msg);
    } else if (game_init(g, rules, &ls->options, ls->seed, hooks, hooks_ud, msg, sizeof msg) != 0) {
        return fail(err, errlen, "cannot start the saved game: %s", msg);
    }
    if (log)
        log->len = 0;
    g->log = log;
    for (int i = 0; i < ls->log.len; i++) {
        const Option *o = &ls->log.items[i];
        if (game_apply_option(g, o, msg, sizeof msg) != 0)
            return fail(err, errlen, "action %d (%s, turn %d) is not legal at that point: %s", i, verb_name(o->verb),
                        g->turn, msg);
    }
    return 0;
}

int save_restore(Game *g, const Rules *rules, const LoadedSave *ls, ActionLog *log,
                 const GameHooks *hooks, void *hooks_ud, char *err, int errlen)
{
    if (rules_hash(rules) != ls->rules_hash)
        return fail(err, errlen, "the save was made with different rules (content or mods changed)");
    if (save_replay(g, rules, ls, log, hooks, hooks_ud, err, errlen))
        return -1;
    if (game_hash(g) != ls->state_hash)
        return fail(err, errlen, "state hash mismatch: the save is damaged or the rules changed");
    return 0;
}
