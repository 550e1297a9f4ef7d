/* The kept-state check: rules and mods must keep what outlives one handler
 * call in game.state, never in a local a handler closes over. A local that
 * changes between games makes game k of a batch differ from the same game
 * played alone, and a bot's look-ahead clone leak into the real game.
 *
 * script_kept_mark fingerprints every upvalue reachable from the functions
 * the scripts registered (handlers, answers, actions: every function held in
 * the Lua registry), following functions' upvalues and tables' contents;
 * script_kept_check recomputes them and names the first one that changed.
 * The environment (_ENV) is left out: globals are read-only after load.
 * Only raw reads are made, so no script code runs during the walk. */
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "lsandbox.h"
#include "script.h"

#define KEPT_KEY "volcanique.kept"   /* registry: the list of watched upvalues */
#define KEPT_DEPTH 16                 /* tables nested deeper count as one value */

static uint64_t mix(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    return h ^ (h >> 33);
}

/* The value at idx, by content for tables (order-independent) and by value for
 * plain values; functions, userdata and threads by identity (a replaced
 * closure is changed state). `open` marks tables being hashed (cycles). */
static uint64_t hash_value(lua_State *L, int idx, int open, int depth)
{
    idx = lua_absindex(L, idx);
    int t = lua_type(L, idx);
    uint64_t h = (uint64_t)t * 0x9E3779B97F4A7C15ULL;
    switch (t) {
    case LUA_TBOOLEAN:
        return mix(h + (uint64_t)lua_toboolean(L, idx));
    case LUA_TNUMBER:
        if (lua_isinteger(L, idx))
            return mix(h + (uint64_t)lua_tointeger(L, idx));
        else {
            lua_Number n = lua_tonumber(L, idx);
            uint64_t bits;
            memcpy(&bits, &n, sizeof bits);
            return mix(h + 1 + bits);
        }
    case LUA_TSTRING: {
        size_t len;
        const char *s = lua_tolstring(L, idx, &len);
        for (size_t i = 0; i < len; i++)
            h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
        return mix(h + len);
    }
    case LUA_TTABLE: {
        if (depth >= KEPT_DEPTH || lua_rawgetp(L, open, lua_topointer(L, idx)) != LUA_TNIL) {
            lua_pop(L, 1);
            return mix(h);
        }
        lua_pop(L, 1);
        lua_pushboolean(L, 1);
        lua_rawsetp(L, open, lua_topointer(L, idx));
        uint64_t sum = 0, count = 0;
        lua_pushnil(L);
        while (lua_next(L, idx)) {
            sum += mix(hash_value(L, -2, open, depth + 1) * 31 + hash_value(L, -1, open, depth + 1));
            count++;
            lua_pop(L, 1);
        }
        lua_pushnil(L);
        lua_rawsetp(L, open, lua_topointer(L, idx));
        return mix(h + sum + count);
    }
    case LUA_TNIL:
        return mix(h);
    default:
        return mix(h + (uint64_t)(uintptr_t)lua_topointer(L, idx));
    }
}

static uint64_t hash_upvalue(lua_State *L, int fn, int i)
{
    lua_newtable(L);   /* open tables */
    int open = lua_gettop(L);
    lua_getupvalue(L, fn, i);
    uint64_t h = hash_value(L, -1, open, 0);
    lua_pop(L, 2);
    return h;
}

static void collect(lua_State *L, int idx, int seen, int list);

/* Watches each upvalue of the function at fn (one entry per function and
 * index), then walks into the upvalues' values. */
static void collect_function(lua_State *L, int fn, int seen, int list)
{
    for (int i = 1;; i++) {
        const char *name = lua_getupvalue(L, fn, i);
        if (!name)
            break;
        if (strcmp(name, "_ENV") == 0) {
            lua_pop(L, 1);
            continue;
        }
        lua_createtable(L, 4, 0);
        lua_pushvalue(L, fn);
        lua_rawseti(L, -2, 1);
        lua_pushinteger(L, i);
        lua_rawseti(L, -2, 2);
        lua_pushinteger(L, (lua_Integer)hash_upvalue(L, fn, i));
        lua_rawseti(L, -2, 3);
        lua_rawseti(L, list, (lua_Integer)lua_rawlen(L, list) + 1);
        collect(L, -1, seen, list);
        lua_pop(L, 1);
    }
}

static void collect(lua_State *L, int idx, int seen, int list)
{
    idx = lua_absindex(L, idx);
    int t = lua_type(L, idx);
    if (t != LUA_TFUNCTION && t != LUA_TTABLE)
        return;
    if (lua_rawgetp(L, seen, lua_topointer(L, idx)) != LUA_TNIL) {
        lua_pop(L, 1);
        return;
    }
    lua_pop(L, 1);
    lua_pushboolean(L, 1);
    lua_rawsetp(L, seen, lua_topointer(L, idx));
    if (t == LUA_TFUNCTION) {
        collect_function(L, idx, seen, list);
        return;
    }
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        collect(L, -2, seen, list);
        collect(L, -1, seen, list);
        lua_pop(L, 1);
    }
}

static int mark_p(lua_State *L)
{
    lua_newtable(L);
    int seen = lua_gettop(L);
    lua_newtable(L);
    int list = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, LUA_REGISTRYINDEX)) {
        if (lua_type(L, -2) == LUA_TNUMBER && lua_type(L, -1) == LUA_TFUNCTION)
            collect(L, -1, seen, list);
        lua_pop(L, 1);
    }
    lua_pushvalue(L, list);
    lua_setfield(L, LUA_REGISTRYINDEX, KEPT_KEY);
    lua_pushinteger(L, (lua_Integer)lua_rawlen(L, list));
    return 1;
}

/* Names the changed upvalue of the function at fn: "file:line" of the
 * function and the upvalue's name. */
static void describe(lua_State *L, int fn, int i, char *err, size_t errlen)
{
    const char *name = lua_getupvalue(L, fn, i);
    lua_pop(L, 1);
    lua_Debug ar;
    lua_pushvalue(L, fn);
    lua_getinfo(L, ">S", &ar);
    if (ar.linedefined > 0)
        snprintf(err, errlen, "%s:%d: the function defined here keeps state between calls in the local '%s' "
                 "it closes over (it changed while games were played): keep it in game.state",
                 ar.short_src, ar.linedefined, name && *name ? name : "?");
    else
        snprintf(err, errlen, "a registered function keeps state between calls in its upvalue %d: "
                 "keep it in game.state", i);
}

/* Returns nothing, or the message naming the first changed upvalue. */
static int check_p(lua_State *L)
{
    if (lua_getfield(L, LUA_REGISTRYINDEX, KEPT_KEY) != LUA_TTABLE)
        return 0;
    int list = lua_gettop(L);
    lua_Integer n = (lua_Integer)lua_rawlen(L, list);
    for (lua_Integer k = 1; k <= n; k++) {
        lua_rawgeti(L, list, k);
        lua_rawgeti(L, -1, 1);
        lua_rawgeti(L, -2, 2);
        lua_rawgeti(L, -3, 3);
        int fn = lua_gettop(L) - 2, i = (int)lua_tointeger(L, -2);
        if (hash_upvalue(L, fn, i) != (uint64_t)lua_tointeger(L, -1)) {
            char msg[400];
            describe(L, fn, i, msg, sizeof msg);
            lua_pushstring(L, msg);
            return 1;
        }
        lua_pop(L, 4);
    }
    return 0;
}

int script_kept_mark(Script *s, char *err, size_t errlen)
{
    lua_State *L = script_lua(s);
    lua_pushcfunction(L, mark_p);
    if (sb_pcall_results(s, 0, 1, "kept-state check", err, errlen))
        return -1;
    int n = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    return n;
}

int script_kept_check(Script *s, char *err, size_t errlen)
{
    lua_State *L = script_lua(s);
    lua_pushcfunction(L, check_p);
    if (sb_pcall_results(s, 0, 1, "kept-state check", err, errlen))
        return -1;
    int rc = 0;
    if (lua_isstring(L, -1)) {
        snprintf(err, errlen, "%s", lua_tostring(L, -1));
        rc = -1;
    }
    lua_pop(L, 1);
    return rc;
}
