/* Guarded tables: the tables whose raw contents scripts must not reach as
 * they would a plain table's.
 *
 * - An environment (lsb_env.c) is empty; its globals live in a store behind it.
 * - A frozen table (lsb_freeze.c) is empty too; what it held when the rules
 *   froze lives in its store, and every write is refused.
 * - An engine object (an event proxy, a game.state table) reads and writes
 *   through C, which checks every change: a raw write would bypass it.
 *
 * Each kind is told by its metatable, which scripts cannot reach (its
 * __metatable field hides it): a light-userdata key, which no script can
 * make, holds the kind, and another the store. rawget, rawset, rawlen, next
 * and pairs see a store in place of its table, and rawset refuses every
 * guarded table but an environment before the freeze. */
#include <stdio.h>

#include <lauxlib.h>
#include <lua.h>

#include "lsandbox.h"

static const char GUARD_KEY = 'g';   /* metatable[&GUARD_KEY]: the SB_GUARD_* kind */
static const char STORE_KEY = 's';   /* metatable[&STORE_KEY]: the store */
static const char NAME_KEY = 'n';    /* metatable[&NAME_KEY]: a frozen table's name, for messages */

void sb_guard_mark(lua_State *L, int mt, int kind, int store, const char *name)
{
    mt = lua_absindex(L, mt);
    if (store)
        store = lua_absindex(L, store);
    lua_pushinteger(L, kind);
    lua_rawsetp(L, mt, &GUARD_KEY);
    if (store) {
        lua_pushvalue(L, store);
        lua_rawsetp(L, mt, &STORE_KEY);
    }
    if (name) {
        lua_pushstring(L, name);
        lua_rawsetp(L, mt, &NAME_KEY);
    }
}

void sb_guard_engine(lua_State *L, int t)
{
    t = lua_absindex(L, t);
    lua_createtable(L, 0, 2);
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    sb_guard_mark(L, -1, SB_GUARD_ENGINE, 0, NULL);
    lua_setmetatable(L, t);
}

int sb_guard_kind(lua_State *L, int idx)
{
    if (lua_type(L, idx) != LUA_TTABLE || !lua_getmetatable(L, idx))
        return SB_GUARD_NONE;
    int kind = lua_rawgetp(L, -1, &GUARD_KEY) == LUA_TNUMBER ? (int)lua_tointeger(L, -1) : SB_GUARD_NONE;
    lua_pop(L, 2);
    return kind;
}

int sb_store_of(lua_State *L, int idx)
{
    if (lua_type(L, idx) != LUA_TTABLE || !lua_getmetatable(L, idx))
        return 0;
    if (lua_rawgetp(L, -1, &STORE_KEY) == LUA_TTABLE) {
        lua_remove(L, -2);
        return 1;
    }
    lua_pop(L, 2);
    return 0;
}

void sb_plain(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    if (sb_store_of(L, idx))
        lua_replace(L, idx);
}

static const char *frozen_name(lua_State *L, int idx)
{
    if (!lua_getmetatable(L, idx))
        return "a table";
    lua_rawgetp(L, -1, &NAME_KEY);
    lua_remove(L, -2);
    const char *name = lua_tostring(L, -1);
    return name ? name : "a table";
}

int sb_frozen_write_error(lua_State *L, int t, int key)
{
    t = lua_absindex(L, t);
    key = lua_absindex(L, key);
    char where[SB_WHERE_LEN];
    sb_where(L, where, sizeof where);
    const char *name = frozen_name(L, t);
    const char *k = lua_type(L, key) == LUA_TSTRING || lua_type(L, key) == LUA_TNUMBER ? lua_tostring(L, key)
                                                                                        : luaL_typename(L, key);
    lua_pushfstring(L, "%s: cannot set [%s] of %s: tables the rules keep from loading are read-only once "
                    "they are loaded (a change would carry from one call to the next, and from game to "
                    "game); keep what changes in game.state", where, k, name);
    return lua_error(L);
}

static int refused(lua_State *L, const char *fn)
{
    return luaL_error(L, "%s: not on an engine table (an event's or game.state's): it changes only through "
                      "its fields, which check every value", fn);
}

/* rawset(t, k, v): an environment's store before the freeze; never a frozen
 * table or an engine object. */
int sb_lrawset(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkany(L, 2);
    luaL_checkany(L, 3);
    lua_settop(L, 3);
    int target = 1;
    switch (sb_guard_kind(L, 1)) {
    case SB_GUARD_ENV:
        if (sb_env_locked(L))
            return sb_env_write_error(L, 2);
        sb_store_of(L, 1);
        target = 4;
        break;
    case SB_GUARD_FROZEN:
        return sb_frozen_write_error(L, 1, 2);
    case SB_GUARD_ENGINE:
        return refused(L, "rawset");
    default:
        break;
    }
    lua_pushvalue(L, 2);
    lua_pushvalue(L, 3);
    lua_rawset(L, target);
    lua_settop(L, 1);
    return 1;
}

/* rawget(t, k): reads a store in place of its table. */
int sb_lrawget(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkany(L, 2);
    lua_settop(L, 2);
    sb_plain(L, 1);
    lua_rawget(L, 1);
    return 1;
}

/* rawlen(v): a store's length in place of its table's. */
int sb_lrawlen(lua_State *L)
{
    int t = lua_type(L, 1);
    luaL_argexpected(L, t == LUA_TTABLE || t == LUA_TSTRING, 1, "table or string");
    lua_settop(L, 1);
    sb_plain(L, 1);
    lua_pushinteger(L, (lua_Integer)lua_rawlen(L, 1));
    return 1;
}
