/* Mods: finding, hashing, loading and guarding mods/<name>/ (see mods.h).
 *
 * Loading runs in two passes. Pass one runs each mod.lua in its own
 * environment, where on() only checks its arguments and records the handler
 * in the mod's state table; it reads the manifest and queues dependencies.
 * Pass two orders the mods (dependencies first) and registers the recorded
 * handlers with the real on() through a one-line trampoline compiled under
 * the caller's chunk name, so the registry still attributes each handler to
 * the mod file that asked for it.
 *
 * Every registered handler is wrapped in mod_handler, which skips disabled
 * mods and, when the handler fails, puts the game and the event's fields
 * back as they were, disables the mod and reports it.
 *
 * A mod's state table (Lua registry, ModInfo.state_ref):
 *   env      the environment every file of the mod runs in
 *   cache    require's results, by module name (false while loading)
 *   pending  { {event, fn, priority, chunk}, ... } recorded by pass one
 *   ret      what mod.lua returned */
#include "mods.h"

#include <ctype.h>
#include <dirent.h>
#include <stdbool.h>
#include <stdint.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <lauxlib.h>
#include <lua.h>

#include "levents.h"
#include "lrequire.h"
#include "lsandbox.h"
#include "session.h"

static void set_err(char *err, int errlen, const char *fmt, const char *a, const char *b, const char *c)
{
    if (err && errlen > 0)
        snprintf(err, (size_t)errlen, fmt, a, b, c);
}

/* ---- Names and lists --------------------------------------------------- */

static int valid_name(const char *name, size_t len, int allow_dash)
{
    if (len == 0 || len >= MODS_NAME_LEN)
        return 0;
    for (size_t i = 0; i < len; i++) {
        char c = name[i];
        int ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
                 (allow_dash && c == '-') || (!allow_dash && c >= 'A' && c <= 'Z');
        if (!ok)
            return 0;
    }
    return 1;
}

/* Calls fn(name) for each item of "a,b"; stops at the first nonzero result. */
static int each_name(const char *list, int (*fn)(void *, const char *), void *ud, char *err, int errlen)
{
    const char *p = list ? list : "";
    while (*p) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char name[MODS_NAME_LEN];
        if (!valid_name(p, len, 1)) {
            char bad[80];
            snprintf(bad, sizeof bad, "%.*s", (int)(len < 70 ? len : 70), p);
            set_err(err, errlen, "bad mod name '%s' (use a-z, 0-9, _ and -, at most 63 characters)",
                    bad, NULL, NULL);
            return -1;
        }
        memcpy(name, p, len);
        name[len] = 0;
        if (fn && fn(ud, name))
            return -1;
        p += len;
        if (*p == ',')
            p++;
    }
    return 0;
}

int mods_check_list(const char *list, char *err, int errlen)
{
    return each_name(list, NULL, NULL, err, errlen);
}

/* ---- Files and hashes -------------------------------------------------- */

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* FNV-1a 64 step over n bytes. */
static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

/* The size as 8 little-endian bytes. */
static uint64_t fnv_size(uint64_t h, uint64_t size)
{
    unsigned char b[8];
    for (int i = 0; i < 8; i++)
        b[i] = (unsigned char)(size >> (8 * i));
    return fnv(h, b, sizeof b);
}

/* Collects the names of dir's regular files (not following links), sorted. */
static int list_files(const char *dir, char ***out, int *count, char *err, int errlen)
{
    DIR *d = opendir(dir);
    if (!d) {
        set_err(err, errlen, "%s: cannot open the mod folder", dir, NULL, NULL);
        return -1;
    }
    char **names = NULL;
    int n = 0, cap = 0, rc = 0;
    struct dirent *e;
    while (rc == 0 && (e = readdir(d))) {
        char path[1024];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (e->d_name[0] == '.' || lstat(path, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 16;
            char **nn = realloc(names, (size_t)cap * sizeof *nn);
            if (!nn) { rc = -1; break; }
            names = nn;
        }
        if (!(names[n] = strdup(e->d_name))) { rc = -1; break; }
        n++;
    }
    closedir(d);
    if (rc == 0)
        qsort(names, (size_t)n, sizeof *names, by_name);
    else
        set_err(err, errlen, "%s: out of memory", dir, NULL, NULL);
    *out = names;
    *count = n;
    return rc;
}

/* Hashes one file as name, NUL, size (8 bytes), contents. */
static int hash_file(const char *dir, const char *name, uint64_t *h, char *err, int errlen)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    FILE *f = NULL;
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || !(f = fdopen(fd, "rb"))) {
        if (fd >= 0)
            close(fd);
        set_err(err, errlen, "%s: cannot read", path, NULL, NULL);
        return -1;
    }
    *h = fnv(*h, name, strlen(name) + 1);
    *h = fnv_size(*h, (uint64_t)st.st_size);
    unsigned char buf[4096];
    size_t got;
    uint64_t total = 0;
    while ((got = fread(buf, 1, sizeof buf, f)) > 0 && total < (uint64_t)st.st_size) {
        if (total + got > (uint64_t)st.st_size)
            got = (size_t)((uint64_t)st.st_size - total);
        *h = fnv(*h, buf, got);
        total += got;
    }
    int bad = ferror(f) || total != (uint64_t)st.st_size;
    fclose(f);
    if (bad) {
        set_err(err, errlen, "%s: changed while being hashed", path, NULL, NULL);
        return -1;
    }
    return 0;
}

int mods_hash_folder(const char *dir, char out[17], char *err, int errlen)
{
    char **names = NULL;
    int n = 0;
    int rc = list_files(dir, &names, &n, err, errlen);
    uint64_t h = 0xcbf29ce484222325ULL;
    h = fnv_size(h, (uint64_t)n);
    for (int i = 0; i < n && rc == 0; i++)
        rc = hash_file(dir, names[i], &h, err, errlen);
    for (int i = 0; i < n; i++)
        free(names[i]);
    free(names);
    if (rc == 0)
        snprintf(out, 17, "%016llx", (unsigned long long)h);
    return rc;
}

/* ---- The guard around every handler ----------------------------------- */

_Static_assert(MODS_MAX <= GAME_MOD_SLOTS, "a game counts every mod's work");

void mods_work_begin(const ModInfo *mi, const Game *g, int in_event, SbShare *out)
{
    uint32_t event = g->mod_work_event[mi->index], decision = g->mod_work_decision[mi->index];
    uint64_t left = UINT64_MAX;
    char what[96] = "";
    if (!mi->session->read_only) {
        left = decision < MODS_DECISION_INSTRUCTIONS ? MODS_DECISION_INSTRUCTIONS - decision : 0;
        snprintf(what, sizeof what, "mod '%.40s': %u per decision", mi->name, MODS_DECISION_INSTRUCTIONS);
    }
    uint64_t event_left = event < MODS_EVENT_INSTRUCTIONS ? MODS_EVENT_INSTRUCTIONS - event : 0;
    if (in_event && event_left < left) {
        left = event_left;
        snprintf(what, sizeof what, "mod '%.40s': %u per %s", mi->name, MODS_EVENT_INSTRUCTIONS,
                 in_event == 2 ? "listing of a decision's actions" : "event");
    }
    *out = sb_share(mi->session->script, left, what);
}

static uint32_t add_work(uint32_t had, uint64_t used)
{
    return used >= UINT32_MAX - had ? UINT32_MAX : had + (uint32_t)used;
}

void mods_work_end(const ModInfo *mi, Game *g, int in_event, const SbShare *share)
{
    uint64_t used = sb_share_end(script_lua(mi->session->script), share);
    if (in_event)
        g->mod_work_event[mi->index] = add_work(g->mod_work_event[mi->index], used);
    if (!mi->session->read_only)   /* listing and words are asked any number of times: not counted */
        g->mod_work_decision[mi->index] = add_work(g->mod_work_decision[mi->index], used);
}

/* The handler of mod mi failed with status st (the error object on top),
 * snap holding the game as it was when it began and values the event's
 * fields. Undoes what it did and switches the mod off; returns whether the
 * error must go on up: while the mod has calls under way further out (its
 * own pcall around game.hit, say), none of them may go on, so the error
 * unwinds them all (Script.unwinding), through every pcall, up to the
 * outermost one's guard. `own`: an inner call of the mod already failed and
 * was reported; this is that failure unwinding. */
static int handler_failed(lua_State *L, ModInfo *mi, int st, const Game *snap, const int64_t *values, int own,
                          const SbShare *share)
{
    Session *s = mi->session;
    Game *g = s->current;
    Script *sc = sb_script(L);
    if (!own) {
        char chunk[MODS_NAME_LEN + 8];
        snprintf(chunk, sizeof chunk, "mods/%s", mi->name);
        sb_failure_message(L, st, chunk, mi->error, sizeof mi->error);
        if (st == LUA_ERRMEM && sc->oom_kind == SB_OOM_STRING && !sc->mem_fatal)
            sc->oom_kind = SB_OOM_NONE;   /* an ordinary error: the string was refused */
        else if (st == LUA_ERRMEM)
            sc->mem_fatal = 1;
    }
    sb_share_end(L, share);   /* a share that ran out fails this mod alone */
    *g = *snap;   /* also the mod's switching off by an inner call: set again below */
    g->mods_disabled |= 1u << mi->index;
    if (values && s->event)
        memcpy(s->event->v, values, sizeof(int64_t) * EVENT_MAX_SLOTS);
    if (!own) {
        char what[200];
        snprintf(what, sizeof what, "event '%s' (mod '%s' is switched off for this game)",
                 s->event_id >= 0 ? EVENT_DEFS[s->event_id].name : "?", mi->name);
        session_script_error(s, g, what, mi->error);
    }
    if (mi->active > 0) {
        sb_unwind(L, mi->index + 1);
        return 1;
    }
    sc->unwinding = 0;
    g->script_errors++;   /* once, by the outermost call (an inner one's count was undone with the game) */
    /* Budget and memory failures cannot be caught inside the sandbox. At the
     * outermost handler call nothing runs after us, so the mod's failure ends
     * here; deeper down, the enclosing call fails too. */
    return (sc->tripped || sc->mem_fatal) && sc->depth > 1;
}

/* Upvalues: ModInfo*, the handler. Argument: the event proxy. */
static int mod_handler(lua_State *L)
{
    ModInfo *mi = lua_touserdata(L, lua_upvalueindex(1));
    Session *s = mi->session;
    Game *g = s->current;
    if (mods_disabled(g, mi))
        return 0;
    ScriptEvent *ev = s->event;
    Game *snap = malloc(sizeof *snap);
    if (!snap)
        return luaL_error(L, "%s: out of memory", mi->name);
    *snap = *g;
    int64_t values[EVENT_MAX_SLOTS];
    if (ev)
        memcpy(values, ev->v, sizeof values);

    lua_settop(L, 1);
    lua_pushcfunction(L, sb_traceback);
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_rotate(L, 1, 2);   /* handler, function, event */
    SbShare share;
    mods_work_begin(mi, g, 1, &share);
    mi->active++;
    int st = lua_pcall(L, 1, 0, 1);
    mi->active--;
    Script *sc = sb_script(L);
    if (st == LUA_OK || (sc->unwinding && sc->unwinding != mi->index + 1) || sb_share_foreign(sc, &share)) {
        mods_work_end(mi, g, 1, &share);
        free(snap);   /* failed: another mod's calls unwind through this one, or its share ran out */
        return st == LUA_OK ? 0 : lua_error(L);
    }
    int up = handler_failed(L, mi, st, snap, ev ? values : NULL, mods_disabled(g, mi), &share);
    free(snap);
    if (up)
        return lua_error(L);
    lua_pop(L, 1);
    return 0;
}

/* ---- The mod environment: on() and require() ---------------------------- */

static void push_state(lua_State *L, const ModInfo *mi, const char *field)
{
    lua_rawgeti(L, LUA_REGISTRYINDEX, mi->state_ref);
    lua_getfield(L, -1, field);
    lua_remove(L, -2);
}

/* Runs fn(L, ud) in a protected call, so that C code touching the state
 * between script calls cannot reach Lua's panic when memory runs out. */
typedef int (*ProtectedFn)(lua_State *L, void *ud);

static int protected_p(lua_State *L)
{
    ProtectedFn fn = (ProtectedFn)(uintptr_t)lua_touserdata(L, 1);
    void *ud = lua_touserdata(L, 2);
    lua_settop(L, 0);
    lua_pushinteger(L, fn(L, ud));
    return 1;
}

static int run_protected(lua_State *L, ProtectedFn fn, void *ud, const char *name, char *err, int errlen)
{
    lua_pushcfunction(L, protected_p);
    lua_pushlightuserdata(L, (void *)(uintptr_t)fn);
    lua_pushlightuserdata(L, ud);
    if (lua_pcall(L, 2, 1, 0) != LUA_OK) {
        set_err(err, errlen, "memory limit exceeded while loading mod '%s'", name, NULL, NULL);
        lua_pop(L, 1);
        return -1;
    }
    int rc = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    return rc;
}

/* on(event, fn [, priority [, gate]]) while a mod loads: checked now, registered later. */
#define GATE_COPY_ENTRIES 64   /* more than any gate's table may hold (levents.h) */

/* Pushes a copy of the value at idx: a table without a metatable is copied
 * raw, `depth` levels deep; anything else (a state table, a uses counter,
 * strings, numbers) as it is. The gate on() registers later is this copy, so
 * the mod cannot change it after the checks, and a metamethod cannot answer
 * the checks and the registration differently. */
static void push_gate_copy(lua_State *L, int idx, int depth)
{
    idx = lua_absindex(L, idx);
    int has_meta = lua_type(L, idx) == LUA_TTABLE && lua_getmetatable(L, idx);
    if (has_meta)
        lua_pop(L, 1);
    if (lua_type(L, idx) != LUA_TTABLE || depth == 0 || has_meta) {
        lua_pushvalue(L, idx);
        return;
    }
    lua_newtable(L);
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        if (++n > GATE_COPY_ENTRIES)
            luaL_error(L, "on: the gate's tables hold at most %d entries", GATE_COPY_ENTRIES);
        lua_pushvalue(L, -2);
        push_gate_copy(L, -2, depth - 1);
        lua_rawset(L, -5);
        lua_pop(L, 1);
    }
}

static int mod_on(lua_State *L)
{
    ModInfo *mi = lua_touserdata(L, lua_upvalueindex(1));
    Script *sc = sb_script(L);
    const char *name = luaL_checkstring(L, 1);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_Integer prio = luaL_optinteger(L, 3, 0);
    lua_settop(L, 4);   /* the gate (or nil) at 4 */
    push_gate_copy(L, 4, 3);   /* checked now and registered later: the same copy */
    lua_replace(L, 4);
    levents_check_gate(L, 4);   /* now, so an error names this line */
    if (script_is_frozen(sc))
        return luaL_error(L, "events are frozen");
    if (script_event_index(sc, name) < 0) {
        const char *names[EV_COUNT];
        for (int i = 0; i < EV_COUNT; i++)
            names[i] = EVENT_DEFS[i].name;
        const char *near = levents_nearest(names, EV_COUNT, name);
        if (near)
            return luaL_error(L, "on: unknown event '%s' (did you mean '%s'?)", name, near);
        return luaL_error(L, "on: unknown event '%s'", name);
    }
    levents_check_event_gate(L, script_event_index(sc, name));
    mi->queries |= event_is_query(script_event_index(sc, name));
    push_state(L, mi, "pending");
    if (lua_rawlen(L, -1) >= MODS_MAX_HANDLERS)
        return luaL_error(L, "on: mod '%s' registers more than %d handlers", mi->name, MODS_MAX_HANDLERS);
    lua_pop(L, 1);
    const char *chunk = "?";
    lua_Debug ar;
    if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "S", &ar) && ar.source[0] == '@')
        chunk = ar.source + 1;
    push_state(L, mi, "pending");
    lua_createtable(L, 4, 0);
    lua_pushstring(L, name);
    lua_rawseti(L, -2, 1);
    lua_pushvalue(L, 2);
    lua_rawseti(L, -2, 2);
    lua_pushinteger(L, prio);
    lua_rawseti(L, -2, 3);
    lua_pushstring(L, chunk);
    lua_rawseti(L, -2, 4);
    lua_pushvalue(L, 4);   /* the gate, checked when registered */
    lua_rawseti(L, -2, 5);
    lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
    return 0;
}

/* Loads the text file path as chunk "@chunk" with the mod's environment and
 * leaves the compiled function on the stack. Raises on any failure. */
static void load_in_env(lua_State *L, const ModInfo *mi, const char *path, const char *chunk)
{
    char why[96];
    size_t len = 0;
    char *src = sb_read_text(path, 1, &len, why, sizeof why);
    if (!src)
        luaL_error(L, "%s: %s", chunk, why);
    lua_pushfstring(L, "@%s", chunk);
    int st = luaL_loadbufferx(L, src, len, lua_tostring(L, -1), "t");
    free(src);
    lua_remove(L, -2);
    if (st != LUA_OK)
        lua_error(L);
    push_state(L, mi, "env");
    if (!lua_setupvalue(L, -2, 1))
        lua_pop(L, 1);
}

/* require(modname): mods/<mod>/<modname>.lua, run once, result cached. */
static int mod_require(lua_State *L)
{
    ModInfo *mi = lua_touserdata(L, lua_upvalueindex(1));
    size_t len;
    const char *name = luaL_checklstring(L, 1, &len);
    if (strncmp(name, "base.", 5) == 0) {   /* the base scripts' helpers, scripts/lib/ */
        char caller[MODS_NAME_LEN + 8];
        snprintf(caller, sizeof caller, "mods/%s", mi->name);
        return lrequire_lib(L, name + 5, caller);
    }
    if (!valid_name(name, len, 0) || strcmp(name, "mod") == 0)
        return luaL_error(L, "require: bad module name '%s' (a module is mods/%s/NAME.lua, "
                          "NAME being letters, digits and _)", name, mi->name);
    lua_settop(L, 1);
    push_state(L, mi, "cache");                 /* 2 */
    lua_pushvalue(L, 1);
    int t = lua_rawget(L, 2);
    if (t == LUA_TBOOLEAN && !lua_toboolean(L, -1))
        return luaL_error(L, "require: '%s' requires itself (a loop between modules)", name);
    if (t != LUA_TNIL)
        return 1;
    if (script_is_frozen(sb_script(L)))   /* a module loaded now would escape the freeze */
        return luaL_error(L, "require: '%s' was not required while the mod loaded: modules are required "
                          "while the scripts load", name);
    lua_pop(L, 1);
    char path[SESSION_PATH + 200], chunk[200];
    snprintf(path, sizeof path, "%s/mods/%s/%s.lua", mi->session->root, mi->name, name);
    snprintf(chunk, sizeof chunk, "mods/%s/%s.lua", mi->name, name);
    lua_pushvalue(L, 1);
    lua_pushboolean(L, 0);
    lua_rawset(L, 2);                           /* loading */
    load_in_env(L, mi, path, chunk);
    lua_pushvalue(L, 1);
    lua_call(L, 1, 1);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        lua_pushboolean(L, 1);
    }
    lua_pushvalue(L, 1);
    lua_pushvalue(L, -2);
    lua_rawset(L, 2);
    return 1;
}

/* ---- Loading ------------------------------------------------------------ */

typedef struct LoadCtx {
    ModInfo *mi;
    const char *path;
    const char *chunk;
} LoadCtx;

/* Protected: creates the mod's state table and runs mod.lua (pass one). */
static int run_mod_p(lua_State *L)
{
    LoadCtx *c = lua_touserdata(L, 1);
    ModInfo *mi = c->mi;
    lua_settop(L, 0);
    lua_createtable(L, 0, 4);
    sb_push_env(L);
    lua_pushlightuserdata(L, mi);
    lua_pushcclosure(L, mod_on, 1);
    lua_setfield(L, -2, "on");
    lua_pushlightuserdata(L, mi);
    lua_pushcclosure(L, mod_require, 1);
    lua_setfield(L, -2, "require");
    lua_setfield(L, 1, "env");
    lua_newtable(L);
    sb_guard_engine(L, -1);
    lua_setfield(L, 1, "cache");
    lua_newtable(L);
    sb_guard_engine(L, -1);
    lua_setfield(L, 1, "pending");
    lua_pushvalue(L, 1);
    mi->state_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    load_in_env(L, mi, c->path, c->chunk);
    lua_call(L, 0, 1);
    lua_setfield(L, 1, "ret");
    return 0;
}

typedef struct ManifestCtx {
    ModInfo *mi;
    const char *chunk;
    const char *path;          /* mod.lua on disk: where a field's line is looked for */
    char *err;
    int errlen;
    char where[160];           /* at(): "CHUNK:LINE" */
} ManifestCtx;

/* The line of mod.lua where the manifest's field `key` is written (`key =`,
 * outside a comment), else where the manifest begins (`manifest =`, or the
 * last `return {`); 0 when neither is found. */
static int manifest_line(const char *path, const char *key)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    char line[512];
    int n = 0, field = 0, start = 0;
    size_t klen = strlen(key);
    while (!field && fgets(line, sizeof line, f)) {
        n++;
        char *comment = strstr(line, "--");
        if (comment)
            *comment = 0;
        for (char *p = line; (p = strstr(p, key)) != NULL; p += klen) {
            const char *after = p + klen;
            while (*after == ' ' || *after == '\t')
                after++;
            bool word = (p == line || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) && *after == '=' &&
                        after[1] != '=';
            if (word) {
                field = n;
                break;
            }
        }
        if (strstr(line, "manifest") && strchr(line, '=') && !start)
            start = n;
        else if (strstr(line, "return") && strchr(line, '{'))
            start = n;
    }
    fclose(f);
    return field ? field : start;
}

/* "CHUNK:LINE" of the manifest's field `key` (manifest_line), or "CHUNK". */
static const char *at(ManifestCtx *mc, const char *key)
{
    int line = manifest_line(mc->path, key);
    if (line > 0)
        snprintf(mc->where, sizeof mc->where, "%s:%d", mc->chunk, line);
    else
        snprintf(mc->where, sizeof mc->where, "%s", mc->chunk);
    return mc->where;
}

static int str_field(lua_State *L, int t, const char *key, char *out, size_t outlen, int required, ManifestCtx *mc)
{
    lua_pushstring(L, key);
    int type = lua_rawget(L, t);
    int rc = 0;
    if (type == LUA_TSTRING) {
        size_t len;
        const char *v = lua_tolstring(L, -1, &len);
        if (len >= outlen) {
            snprintf(mc->err, (size_t)mc->errlen, "%s: manifest: '%s' is longer than %d characters", at(mc, key),
                     key, (int)outlen - 1);
            rc = -1;
        } else {
            snprintf(out, outlen, "%s", v);
        }
    } else if (type != LUA_TNIL || required) {
        snprintf(mc->err, (size_t)mc->errlen, "%s: manifest: '%s' must be a string%s", at(mc, key), key,
                 type == LUA_TNIL ? " (it is missing)" : "");
        rc = -1;
    }
    lua_pop(L, 1);
    return rc;
}

/* Fails (-1, message in mc->err) on a manifest field other than the known ones. */
static int manifest_fields_known(lua_State *L, int t, ManifestCtx *mc)
{
    static const char *const KNOWN[] = { "name", "version", "description", "depends", NULL };
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        int known = 0;
        if (lua_type(L, -1) == LUA_TSTRING)
            for (int i = 0; KNOWN[i]; i++)
                known |= strcmp(KNOWN[i], lua_tostring(L, -1)) == 0;
        if (!known) {
            const char *key = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : luaL_typename(L, -1);
            snprintf(mc->err, (size_t)mc->errlen, "%s: manifest: unknown field '%s' (known: name, version, "
                     "description, depends)", at(mc, key), key);
            lua_pop(L, 1);
            return -1;
        }
    }
    return 0;
}

/* Reads the manifest's optional `depends` list of mod names into mi. */
static int manifest_depends(lua_State *L, int t, ManifestCtx *mc)
{
    ModInfo *mi = mc->mi;
    lua_pushliteral(L, "depends");
    int type = lua_rawget(L, t);
    int rc = 0;
    if (type == LUA_TTABLE) {
        lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
        if (n > MODS_MAX_DEPENDS) {
            snprintf(mc->err, (size_t)mc->errlen, "%s: manifest: at most %d dependencies", at(mc, "depends"),
                     MODS_MAX_DEPENDS);
            rc = -1;
        }
        for (lua_Integer i = 1; rc == 0 && i <= n; i++) {
            size_t len = 0;
            int ty = lua_rawgeti(L, -1, i);
            const char *d = ty == LUA_TSTRING ? lua_tolstring(L, -1, &len) : NULL;
            if (!d || !valid_name(d, len, 1)) {
                snprintf(mc->err, (size_t)mc->errlen, "%s: manifest: depends[%d] must be a mod name",
                         at(mc, "depends"), (int)i);
                rc = -1;
            } else {
                snprintf(mi->depends[mi->depend_count++], MODS_NAME_LEN, "%s", d);
            }
            lua_pop(L, 1);
        }
    } else if (type != LUA_TNIL) {
        snprintf(mc->err, (size_t)mc->errlen, "%s: manifest: 'depends' must be a list of mod names",
                 at(mc, "depends"));
        rc = -1;
    }
    lua_pop(L, 1);
    return rc;
}

/* Reads the manifest table at t: known fields only, a name matching the
 * folder, a non-empty version, an optional description and depends. Errors
 * name the line of mod.lua where the field is written. */
static int manifest_read(lua_State *L, int t, ManifestCtx *mc)
{
    ModInfo *mi = mc->mi;
    char name[MODS_NAME_LEN] = "";
    if (manifest_fields_known(L, t, mc) || str_field(L, t, "name", name, sizeof name, 1, mc))
        return -1;
    if (strcmp(name, mi->name) != 0) {
        snprintf(mc->err, (size_t)mc->errlen, "%s: manifest: name '%s' does not match the folder '%s'",
                 at(mc, "name"), name, mi->name);
        return -1;
    }
    if (str_field(L, t, "version", mi->version, sizeof mi->version, 1, mc))
        return -1;
    if (!mi->version[0]) {
        snprintf(mc->err, (size_t)mc->errlen, "%s: manifest: 'version' is empty", at(mc, "version"));
        return -1;
    }
    if (str_field(L, t, "description", mi->description, sizeof mi->description, 0, mc))
        return -1;
    sb_clean_text(mi->version);
    sb_clean_text(mi->description);
    return manifest_depends(L, t, mc);
}

static int read_manifest_p(lua_State *L, void *ud)
{
    ManifestCtx *mc = ud;
    int top = lua_gettop(L);
    push_state(L, mc->mi, "ret");
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        push_state(L, mc->mi, "env");
        lua_getfield(L, -1, "manifest");   /* the environment keeps globals in its store */
        lua_remove(L, -2);
    }
    int rc;
    if (!lua_istable(L, -1)) {
        snprintf(mc->err, (size_t)mc->errlen, "%s: no manifest: return { name = \"%s\", version = \"1.0\" } "
                 "or set manifest = {...}", mc->chunk, mc->mi->name);
        rc = -1;
    } else {
        rc = manifest_read(L, lua_gettop(L), mc);
    }
    lua_settop(L, top);
    return rc;
}

typedef struct Loader {
    Session *s;
    ModSet *m;
    char *err;
    int errlen;
} Loader;

static int index_of(const ModSet *m, const char *name)
{
    for (int i = 0; i < m->count; i++)
        if (strcmp(m->mod[i].name, name) == 0)
            return i;
    return -1;
}

/* Queues a mod (once). */
static int queue_mod(void *ud, const char *name)
{
    Loader *ld = ud;
    if (index_of(ld->m, name) >= 0)
        return 0;
    if (ld->m->count >= MODS_MAX) {
        set_err(ld->err, ld->errlen, "too many mods (at most %s)", "16", NULL, NULL);
        return -1;
    }
    ModInfo *mi = &ld->m->mod[ld->m->count];
    memset(mi, 0, sizeof *mi);
    mi->index = ld->m->count++;
    snprintf(mi->name, sizeof mi->name, "%s", name);
    mi->session = ld->s;
    mi->state_ref = LUA_NOREF;
    return 0;
}

/* Pass one for mod i: hash, run mod.lua, read the manifest, queue its dependencies. */
static int load_one(Loader *ld, int i)
{
    Session *s = ld->s;
    ModInfo *mi = &ld->m->mod[i];
    char dir[SESSION_PATH + 80], path[SESSION_PATH + 100], chunk[120], msg[600];
    snprintf(dir, sizeof dir, "%s/mods/%s", s->root, mi->name);
    snprintf(path, sizeof path, "%s/mod.lua", dir);
    snprintf(chunk, sizeof chunk, "mods/%s/mod.lua", mi->name);
    struct stat st;
    if (lstat(dir, &st) == 0 && !S_ISDIR(st.st_mode)) {   /* a link could lead anywhere: as inside a mod */
        set_err(ld->err, ld->errlen, "mod '%s': mods/%s is %s, not a folder (symbolic links are refused)",
                mi->name, mi->name, S_ISLNK(st.st_mode) ? "a symbolic link" : "a file");
        return -1;
    }
    if (stat(path, &st) != 0) {
        set_err(ld->err, ld->errlen, "mod '%s': no %s (is it installed in mods/?)", mi->name, chunk, NULL);
        return -1;
    }
    msg[0] = 0;
    if (mods_hash_folder(dir, mi->hash, msg, sizeof msg)) {
        set_err(ld->err, ld->errlen, "mod '%s': %s", mi->name, msg, NULL);
        return -1;
    }
    Script *sc = s->script;
    lua_State *L = script_lua(sc);
    LoadCtx c = { mi, path, chunk };
    sc->chunks_loaded++;
    lua_pushcfunction(L, run_mod_p);
    lua_pushlightuserdata(L, &c);
    ManifestCtx mc = { mi, chunk, path, msg, (int)sizeof msg, "" };
    if (sb_pcall(sc, 1, chunk, msg, sizeof msg) != 0 ||
        run_protected(L, read_manifest_p, &mc, mi->name, msg, sizeof msg) != 0) {
        set_err(ld->err, ld->errlen, "mod '%s': %s", mi->name, msg, NULL);
        return -1;
    }
    for (int d = 0; d < mi->depend_count; d++) {
        const char *dep = mi->depends[d];
        if (index_of(ld->m, dep) >= 0)
            continue;
        char dpath[SESSION_PATH + 200];
        snprintf(dpath, sizeof dpath, "%s/mods/%s/mod.lua", s->root, dep);
        if (stat(dpath, &st) != 0) {
            set_err(ld->err, ld->errlen, "mod '%s' (%s) depends on '%s', which is not installed", mi->name,
                    chunk, dep);
            return -1;
        }
        if (queue_mod(ld, dep))
            return -1;
    }
    return 0;
}

/* Depth-first: every dependency before the mod. state: 0 new, 1 visiting, 2 done. */
static int visit(Loader *ld, int i, int *state, int *order, int *n, int *path, int depth)
{
    if (state[i] == 2)
        return 0;
    path[depth] = i;
    if (state[i] == 1) {
        char cyc[400] = "";
        int from = 0;
        while (path[from] != i)
            from++;
        for (int k = from; k <= depth; k++) {
            size_t len = strlen(cyc);
            snprintf(cyc + len, sizeof cyc - len, "%s%s", k > from ? " -> " : "", ld->m->mod[path[k]].name);
        }
        set_err(ld->err, ld->errlen, "mods: dependency cycle: %s", cyc, NULL, NULL);
        return -1;
    }
    state[i] = 1;
    const ModInfo *mi = &ld->m->mod[i];
    for (int d = 0; d < mi->depend_count; d++)
        if (visit(ld, index_of(ld->m, mi->depends[d]), state, order, n, path, depth + 1))
            return -1;
    state[i] = 2;
    order[(*n)++] = i;
    return 0;
}

static const char TRAMPOLINE[] = "local on, event, fn, priority, gate = ...\non(event, fn, priority, gate)\n";

typedef struct RegisterCtx {
    Session *s;
    ModInfo *mi;
    char *err;
    int errlen;
} RegisterCtx;

/* Pass two for one mod: registers its recorded handlers, each wrapped (run protected). */
static int register_handlers_p(lua_State *L_outer, void *ud)
{
    (void)L_outer;
    RegisterCtx *rc_ctx = ud;
    Session *s = rc_ctx->s;
    ModInfo *mi = rc_ctx->mi;
    char *err = rc_ctx->err;
    int errlen = rc_ctx->errlen;
    Script *sc = s->script;
    lua_State *L = script_lua(sc);
    push_state(L, mi, "pending");
    int pend = lua_gettop(L);
    lua_Integer n = (lua_Integer)lua_rawlen(L, pend);
    int rc = 0;
    for (lua_Integer i = 1; i <= n && rc == 0; i++) {
        lua_rawgeti(L, pend, i);
        int e = lua_gettop(L);
        lua_rawgeti(L, e, 4);
        const char *chunk = lua_tostring(L, -1);
        char name[240];
        snprintf(name, sizeof name, "@%s", chunk ? chunk : mi->name);
        lua_pop(L, 1);
        if (luaL_loadbufferx(L, TRAMPOLINE, sizeof TRAMPOLINE - 1, name, "t") != LUA_OK) {
            snprintf(err, (size_t)errlen, "mod '%s': cannot register its handlers", mi->name);
            lua_settop(L, pend - 1);
            return -1;
        }
        lua_pushcfunction(L, levents_lua_on);
        lua_rawgeti(L, e, 1);
        lua_pushlightuserdata(L, mi);
        lua_rawgeti(L, e, 2);
        lua_pushcclosure(L, mod_handler, 2);
        lua_rawgeti(L, e, 3);
        lua_rawgeti(L, e, 5);
        char msg[400];
        if (sb_pcall(sc, 5, name + 1, msg, sizeof msg) != 0) {
            snprintf(err, (size_t)errlen, "mod '%s': %s", mi->name, msg);
            rc = -1;
        }
        lua_settop(L, e - 1);
    }
    lua_settop(L, pend - 1);
    return rc;
}

int mods_load(Session *s, const char *list, char *err, int errlen)
{
    ModSet *m = &s->mods;
    m->count = 0;
    if (err && errlen > 0)
        err[0] = 0;
    Loader ld = { s, m, err, errlen };
    if (each_name(list, queue_mod, &ld, err, errlen))
        return -1;
    for (int i = 0; i < m->count; i++)   /* m->count grows as dependencies are queued */
        if (load_one(&ld, i))
            return -1;
    int state[MODS_MAX] = { 0 }, order[MODS_MAX], path[MODS_MAX + 1], n = 0;
    for (int i = 0; i < m->count; i++)
        if (visit(&ld, i, state, order, &n, path, 0))
            return -1;
    /* ModInfo addresses are held by the mods' closures: the array stays put
     * and order[] says in which order the mods load. */
    for (int i = 0; i < n; i++)
        m->order[i] = order[i];
    for (int i = 0; i < n; i++) {
        RegisterCtx rc = { s, &m->mod[order[i]], err, errlen };
        if (run_protected(script_lua(s->script), register_handlers_p, &rc, rc.mi->name, err, errlen))
            return -1;
    }
    return 0;
}

/* ---- Mods and saves ----------------------------------------------------- */

int mods_disabled(const Game *g, const ModInfo *mi)
{
    return (g->mods_disabled >> mi->index) & 1;
}

void mods_reset(ModSet *m)
{
    for (int i = 0; i < m->count; i++) {
        m->mod[i].error[0] = 0;
    }
}

const ModInfo *mods_find(const ModSet *m, const char *name)
{
    int i = index_of(m, name);
    return i < 0 ? NULL : &m->mod[i];
}

void mods_to_save(const ModSet *m, SaveMeta *meta)
{
    meta->mod_count = 0;
    for (int i = 0; i < m->count && i < SAVE_MAX_MODS; i++) {
        const ModInfo *mi = &m->mod[i];
        snprintf(meta->mods[i].name, sizeof meta->mods[i].name, "%s", mi->name);
        snprintf(meta->mods[i].hash, sizeof meta->mods[i].hash, "%s", mi->hash);
        meta->mod_count++;
    }
}

int mods_check_save(const ModSet *m, const SaveMeta *meta, char *err, int errlen)
{
    for (int i = 0; i < meta->mod_count; i++) {
        const SaveMod *sm = &meta->mods[i];
        const ModInfo *mi = mods_find(m, sm->name);
        if (!mi) {
            set_err(err, errlen, "the save was made with mod '%s', which is not enabled (hash %s)",
                    sm->name, sm->hash, NULL);
            return -1;
        }
        if (strcmp(mi->hash, sm->hash) != 0) {
            set_err(err, errlen, "mod '%s' has changed since the save was made (save: %s, now: %s)",
                    sm->name, sm->hash, mi->hash);
            return -1;
        }
    }
    for (int i = 0; i < m->count; i++) {
        int found = 0;
        for (int k = 0; k < meta->mod_count; k++)
            found |= strcmp(meta->mods[k].name, m->mod[i].name) == 0;
        if (!found) {
            set_err(err, errlen, "mod '%s' is enabled, but the save was made without it", m->mod[i].name,
                    NULL, NULL);
            return -1;
        }
    }
    for (int i = 0; i < m->count; i++)
        if (strcmp(meta->mods[i].name, m->mod[i].name) != 0) {
            char list[SAVE_MAX_MODS * 64];
            mods_list_of_save(meta, list, sizeof list);
            set_err(err, errlen, "mod '%s' is enabled in another order than in the save (--mods %s)",
                    m->mod[i].name, list, NULL);
            return -1;
        }
    return 0;
}

void mods_list_of_save(const SaveMeta *meta, char *out, int outlen)
{
    if (outlen <= 0)
        return;
    out[0] = 0;
    for (int i = 0; i < meta->mod_count; i++) {
        size_t len = strlen(out);
        snprintf(out + len, (size_t)outlen - len, "%s%s", i ? "," : "", meta->mods[i].name);
    }
}
