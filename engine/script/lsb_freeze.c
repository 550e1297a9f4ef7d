/* Freezing what the rules keep from loading.
 *
 * Contract: once sb_freeze_values has run, nothing a script can reach from
 * the values the engine holds for it (handlers, the functions and tables its
 * declarations keep, and through them every local they close over, every
 * global of their chunk, every library copy, every module) can change again:
 * - a table becomes a frozen table (lsb_guard.c): what it held moves to a
 *   store its metatable reads through, and every write is refused with the
 *   table's name and the writer's file and line;
 * - a function that assigns one of those locals (found in its compiled code,
 *   lsb_upvalues.c) fails the freeze, naming the file, line and local.
 * So every call after loading sees exactly what the loading left, in every
 * game of a batch and every clone a bot plays ahead in: state that outlives a
 * call can only live in game.state, which the game saves, hashes and clones.
 *
 * A frozen table keeps its meaning for reading: indexing, #, ipairs, pairs,
 * next, rawget and rawlen see its store; the metamethods it had still apply
 * (its __index behind the store); getmetatable shows the metatable it had
 * (false when none: the real one must stay hidden). Used as a metatable for a
 * new object, it is replaced by a hidden copy of its store (the VM reads
 * metatables raw) that getmetatable answers with the frozen table itself.
 *
 * The walk is breadth-first over a queue (no C recursion, any depth) and runs
 * no script code: only raw reads. Left alone: C functions (their upvalues are
 * the engine's), userdata, coroutines (one made while loading cannot be
 * resumed later, lsb_coroutine.c), engine objects and environments (whose
 * stores are walked: the environment itself refuses writes after the freeze). */
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "lsandbox.h"

#define NAME_MAX_LEN 120

static const char VIEW_KEY = 'v';   /* frozen metatable[&VIEW_KEY]: its copy for new objects */

/* Keys of an old metatable that the frozen one sets itself. */
static int handled_metafield(const char *k)
{
    static const char *const OWN[] = { "__index", "__newindex", "__len", "__metatable", "__mode", "__gc", NULL };
    for (int i = 0; OWN[i]; i++)
        if (strcmp(k, OWN[i]) == 0)
            return 1;
    return 0;
}

static int frozen_newindex(lua_State *L)
{
    return sb_frozen_write_error(L, 1, 2);
}

static int frozen_len(lua_State *L)
{
    lua_settop(L, 1);
    sb_plain(L, 1);
    lua_pushinteger(L, (lua_Integer)lua_rawlen(L, 1));
    return 1;
}

/* __index of a frozen table whose old metatable had an __index function:
 * the store first, then that function with the frozen table itself.
 * Upvalues: the store, the function. */
static int index_through(lua_State *L)
{
    lua_settop(L, 2);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL)
        return 1;
    lua_pop(L, 1);
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_insert(L, 1);
    lua_call(L, 2, 1);
    return 1;
}

/* Pushes old[name] read raw (nil when old is 0): no script code runs. */
static int raw_field(lua_State *L, int old, const char *name)
{
    if (!old) {
        lua_pushnil(L);
        return LUA_TNIL;
    }
    lua_pushstring(L, name);
    return lua_rawget(L, old);
}

/* Sets mt.__index (mt, store at those indices) from old's __index. */
static void set_index(lua_State *L, int mt, int store, int old)
{
    int t = raw_field(L, old, "__index");
    if (t == LUA_TFUNCTION) {
        lua_pushvalue(L, store);
        lua_insert(L, -2);
        lua_pushcclosure(L, index_through, 2);
    } else {
        if (t != LUA_TNIL) {   /* a table (or anything indexable): behind the store */
            lua_createtable(L, 0, 1);
            lua_insert(L, -2);
            lua_setfield(L, -2, "__index");
            lua_setmetatable(L, store);
        } else {
            lua_pop(L, 1);
        }
        lua_pushvalue(L, store);
    }
    lua_setfield(L, mt, "__index");
}

/* Makes the table at t frozen under `name`. */
static void freeze_table(lua_State *L, int t, const char *name)
{
    luaL_checkstack(L, 8, "freezing the rules' tables");
    t = lua_absindex(L, t);
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        n++;
    }
    lua_Integer seq = (lua_Integer)lua_rawlen(L, t);
    lua_createtable(L, (int)seq, n - (int)seq);   /* sized once: no rehash while filling */
    int store = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, store);
    }
    lua_pushnil(L);
    while (lua_next(L, store)) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_pushnil(L);
        lua_rawset(L, t);
    }
    int old = 0;
    if (lua_getmetatable(L, t)) {
        sb_plain(L, -1);     /* an old metatable frozen before this table: read its store */
        old = lua_gettop(L);
    }
    lua_createtable(L, 0, 8);
    int mt = lua_gettop(L);
    if (old) {
        lua_pushnil(L);
        while (lua_next(L, old)) {
            if (lua_type(L, -2) != LUA_TSTRING || !handled_metafield(lua_tostring(L, -2))) {
                lua_pushvalue(L, -2);
                lua_insert(L, -2);
                lua_rawset(L, mt);
            } else {
                lua_pop(L, 1);
            }
        }
    }
    set_index(L, mt, store, old);
    lua_pushcfunction(L, frozen_newindex);
    lua_setfield(L, mt, "__newindex");
    if (raw_field(L, old, "__len") == LUA_TNIL) {
        lua_pop(L, 1);
        lua_pushcfunction(L, frozen_len);
    }
    lua_setfield(L, mt, "__len");
    /* What getmetatable showed: the old __metatable field, else the old
     * metatable, else false (the new one must stay hidden). */
    if (raw_field(L, old, "__metatable") == LUA_TNIL) {
        lua_pop(L, 1);
        if (!old || !lua_getmetatable(L, t))
            lua_pushboolean(L, 0);
    }
    lua_setfield(L, mt, "__metatable");
    sb_guard_mark(L, mt, SB_GUARD_FROZEN, store, name);
    lua_pushvalue(L, mt);
    lua_setmetatable(L, t);
    lua_settop(L, store - 1);
}

/* ---- the walk ------------------------------------------------------------ */

typedef struct Walk {
    int queue, names, seen;   /* stack indices: values to visit, their names, visited */
    lua_Integer head, tail;
} Walk;

/* Queues the value on top (popping it) under the name, once. */
static void enqueue(lua_State *L, Walk *w, const char *name)
{
    int t = lua_type(L, -1);
    if (t != LUA_TTABLE && t != LUA_TFUNCTION) {
        lua_pop(L, 1);
        return;
    }
    lua_pushvalue(L, -1);
    if (lua_rawget(L, w->seen) != LUA_TNIL) {
        lua_pop(L, 2);
        return;
    }
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_pushboolean(L, 1);
    lua_rawset(L, w->seen);
    lua_rawseti(L, w->queue, ++w->tail);
    lua_pushstring(L, name);
    lua_rawseti(L, w->names, w->tail);
}

/* name.key or name[key], shortened to fit. */
static void child_name(lua_State *L, int key, const char *parent, char *out, size_t len)
{
    if (lua_type(L, key) == LUA_TSTRING)
        snprintf(out, len, "%s.%.60s", parent, lua_tostring(L, key));
    else if (lua_isinteger(L, key))
        snprintf(out, len, "%s[%lld]", parent, (long long)lua_tointeger(L, key));
    else if (lua_type(L, key) == LUA_TNUMBER)
        snprintf(out, len, "%s[%g]", parent, (double)lua_tonumber(L, key));
    else
        snprintf(out, len, "%s[%s]", parent, luaL_typename(L, key));
}

static int walked(int type)
{
    return type == LUA_TTABLE || type == LUA_TFUNCTION;
}

/* Queues every key and value of the table at t (raw), named under parent
 * (NULL: by their keys alone, as globals are). Names are made only for what
 * is queued: most values are strings, numbers and C functions. */
static void enqueue_contents(lua_State *L, Walk *w, int t, const char *parent)
{
    t = lua_absindex(L, t);
    char name[NAME_MAX_LEN];
    lua_pushnil(L);
    while (lua_next(L, t)) {
        if (walked(lua_type(L, -1)) && !lua_iscfunction(L, -1)) {
            if (parent)
                child_name(L, -2, parent, name, sizeof name);
            else
                snprintf(name, sizeof name, "%.60s", lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "?");
            enqueue(L, w, name);
        } else {
            lua_pop(L, 1);
        }
        if (walked(lua_type(L, -1))) {
            lua_pushvalue(L, -1);
            snprintf(name, sizeof name, "a key of %.100s", parent ? parent : "the globals");
            enqueue(L, w, name);
        }
    }
}

/* A Lua function: its upvalues are queued (an environment's globals by their
 * own names), and its code must not assign them. A C function: the Lua
 * functions among its upvalues (a mod's handler behind its guard); its other
 * upvalues are the engine's. */
static void visit_function(lua_State *L, Walk *w, int fn)
{
    int lua = !lua_iscfunction(L, fn);
    if (lua && sb_upvalue_writes(L, fn))
        lua_error(L);
    for (int i = 1;; i++) {
        const char *up = lua_getupvalue(L, fn, i);
        if (!up)
            return;
        char name[NAME_MAX_LEN];
        snprintf(name, sizeof name, "%.60s", *up ? up : "a handler");
        if (!lua && (lua_type(L, -1) != LUA_TFUNCTION || lua_iscfunction(L, -1))) {
            lua_pop(L, 1);
        } else if (sb_guard_kind(L, -1) == SB_GUARD_ENV && sb_store_of(L, -1)) {
            enqueue_contents(L, w, -1, NULL);
            lua_pop(L, 2);
        } else {
            enqueue(L, w, name);
        }
    }
}

static void visit(lua_State *L, Walk *w, int v, const char *name)
{
    if (lua_type(L, v) == LUA_TFUNCTION) {
        visit_function(L, w, v);
        return;
    }
    int kind = sb_guard_kind(L, v);
    if (kind == SB_GUARD_ENGINE || kind == SB_GUARD_FROZEN)
        return;
    if (kind == SB_GUARD_ENV) {
        sb_store_of(L, v);
        enqueue_contents(L, w, -1, NULL);
        lua_pop(L, 1);
        return;
    }
    enqueue_contents(L, w, v, name);
    if (lua_getmetatable(L, v)) {
        char meta[NAME_MAX_LEN];
        snprintf(meta, sizeof meta, "the metatable of %.90s", name);
        enqueue(L, w, meta);
    }
    freeze_table(L, v, name);
}

/* The roots: every value the registry holds under a reference (its integer
 * keys past Lua's own), and the values of the tables among them, which are
 * the engine's containers (kept declarations, a mod's state). */
static void enqueue_roots(lua_State *L, Walk *w)
{
    lua_pushnil(L);
    while (lua_next(L, LUA_REGISTRYINDEX)) {
        if (!lua_isinteger(L, -2) || lua_tointeger(L, -2) <= LUA_RIDX_LAST) {
            lua_pop(L, 1);
            continue;
        }
        if (lua_type(L, -1) == LUA_TTABLE && sb_guard_kind(L, -1) == SB_GUARD_NONE) {
            enqueue_contents(L, w, -1, "a declaration");
            lua_pop(L, 1);
        } else if (lua_type(L, -1) == LUA_TFUNCTION) {
            enqueue(L, w, "a handler");
        } else if (lua_type(L, -1) == LUA_TTABLE) {
            visit(L, w, lua_gettop(L), "a value the engine keeps");
            lua_pop(L, 1);
        } else {
            lua_pop(L, 1);
        }
    }
}

/* Protected: the whole freeze. */
static int freeze_p(lua_State *L)
{
    Walk w = { 0, 0, 0, 0, 0 };
    lua_newtable(L);
    w.queue = lua_gettop(L);
    lua_newtable(L);
    w.names = lua_gettop(L);
    lua_newtable(L);
    w.seen = lua_gettop(L);
    enqueue_roots(L, &w);
    while (w.head < w.tail) {
        w.head++;
        lua_rawgeti(L, w.queue, w.head);
        lua_rawgeti(L, w.names, w.head);
        char name[NAME_MAX_LEN];
        snprintf(name, sizeof name, "%s", lua_tostring(L, -1));
        lua_pop(L, 1);
        visit(L, &w, lua_gettop(L), name);
        lua_pop(L, 1);
    }
    return 0;
}

int sb_freeze_values(Script *s, char *err, size_t errlen)
{
    lua_pushcfunction(s->L, freeze_p);
    return sb_pcall(s, 0, "freezing the rules' values", err, errlen);
}

/* ---- frozen tables as metatables --------------------------------------- */

int sb_metatable_for_new_object(lua_State *L, int mt)
{
    mt = lua_absindex(L, mt);
    if (sb_guard_kind(L, mt) != SB_GUARD_FROZEN)
        return 0;
    lua_getmetatable(L, mt);
    if (lua_rawgetp(L, -1, &VIEW_KEY) == LUA_TTABLE) {
        lua_remove(L, -2);
        return 1;
    }
    lua_pop(L, 1);
    lua_newtable(L);
    int view = lua_gettop(L);
    sb_store_of(L, mt);
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        if (lua_type(L, -2) == LUA_TSTRING && (strcmp(lua_tostring(L, -2), "__mode") == 0 ||
                                              strcmp(lua_tostring(L, -2), "__gc") == 0))
            lua_pop(L, 2);
        else
            lua_rawset(L, view);
    }
    lua_pop(L, 1);
    lua_pushliteral(L, "__metatable");
    if (lua_rawget(L, view) == LUA_TNIL) {
        lua_pushvalue(L, mt);   /* getmetatable(object) is the frozen table itself */
        lua_setfield(L, view, "__metatable");
    }
    lua_pop(L, 1);
    lua_pushvalue(L, view);
    lua_rawsetp(L, view - 1, &VIEW_KEY);
    lua_remove(L, view - 1);
    return 1;
}
