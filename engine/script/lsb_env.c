/* Per-chunk environments (see lsandbox.h).
 *
 * An environment is an empty table whose metatable sends reads to a store and
 * writes through a guard. The store holds the chunk's globals and its own deep
 * copies of every table in the base; the store's metatable sends the remaining
 * reads to the shared base (functions, which nobody can change). Keeping the
 * environment empty means every global assignment reaches the guard, which
 * refuses it once the event registry is frozen. The environment's metatable
 * marks it as a guarded table with its store (lsb_guard.c), so rawget,
 * rawset, next and pairs act on the store instead. */
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "lsandbox.h"

#define SB_STOREMT_KEY "vq.sandbox.storemt"
#define SB_COPY_DEPTH  64

/* Pushes a deep copy of the table at src: nested tables (keys too) and
 * metatables are copied, other values shared. seen (an index) maps originals
 * to copies, so shared and cyclic tables stay shared and cyclic. */
static void deep_copy(lua_State *L, int src, int seen, int depth)
{
    src = lua_absindex(L, src);
    luaL_checkstack(L, 6, "library table too deep");
    lua_pushvalue(L, src);
    if (lua_rawget(L, seen) == LUA_TTABLE)
        return;
    lua_pop(L, 1);
    if (depth > SB_COPY_DEPTH)
        luaL_error(L, "a sandbox library table is nested more than %d deep", SB_COPY_DEPTH);
    lua_newtable(L);
    int copy = lua_gettop(L);
    lua_pushvalue(L, src);
    lua_pushvalue(L, copy);
    lua_rawset(L, seen);
    lua_pushnil(L);
    while (lua_next(L, src)) {
        if (lua_type(L, -1) == LUA_TTABLE) {
            deep_copy(L, -1, seen, depth + 1);
            lua_replace(L, -2);
        }
        lua_pushvalue(L, -2);
        if (lua_type(L, -1) == LUA_TTABLE) {
            deep_copy(L, -1, seen, depth + 1);
            lua_replace(L, -2);
        }
        lua_insert(L, -2);
        lua_rawset(L, copy);
    }
    if (lua_getmetatable(L, src)) {
        deep_copy(L, -1, seen, depth + 1);
        lua_setmetatable(L, copy);
        lua_pop(L, 1);
    }
}

int sb_env_locked(lua_State *L)
{
    Script *s = sb_script(L);
    return s->events && script_is_frozen(s);
}

int sb_env_write_error(lua_State *L, int key)
{
    if (lua_type(L, key) == LUA_TSTRING)
        return luaL_error(L, "globals are read-only after load: keep state in game state "
                          "(assignment to global '%s')", lua_tostring(L, key));
    return luaL_error(L, "globals are read-only after load: keep state in game state "
                      "(assignment to a %s key of _ENV)", luaL_typename(L, key));
}

/* __newindex of an environment: (env, key, value); upvalue 1 is the store. */
static int env_newindex(lua_State *L)
{
    if (sb_env_locked(L))
        return sb_env_write_error(L, 2);
    lua_settop(L, 3);
    lua_rawset(L, lua_upvalueindex(1));
    return 0;
}

/* The metatable of every store: reads fall through to the base. */
static void push_store_metatable(lua_State *L, int base)
{
    if (lua_getfield(L, LUA_REGISTRYINDEX, SB_STOREMT_KEY) == LUA_TTABLE)
        return;
    lua_pop(L, 1);
    lua_createtable(L, 0, 2);
    lua_pushvalue(L, base);
    lua_setfield(L, -2, "__index");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, SB_STOREMT_KEY);
}

void sb_push_env(lua_State *L)
{
    luaL_checkstack(L, 12, "sandbox environment");
    lua_newtable(L);
    int env = lua_gettop(L);
    lua_newtable(L);
    int store = env + 1;
    lua_newtable(L);
    int seen = env + 2;
    lua_getfield(L, LUA_REGISTRYINDEX, SB_BASE_KEY);
    int base = env + 3;
    lua_pushnil(L);
    while (lua_next(L, base)) {
        if (lua_type(L, -1) == LUA_TTABLE) {
            deep_copy(L, -1, seen, 0);
            lua_pushvalue(L, -3);
            lua_insert(L, -2);
            lua_rawset(L, store);
        }
        lua_pop(L, 1);
    }
    push_store_metatable(L, base);
    lua_setmetatable(L, store);

    lua_createtable(L, 0, 3);
    lua_pushvalue(L, store);
    lua_setfield(L, -2, "__index");
    lua_pushvalue(L, store);
    lua_pushcclosure(L, env_newindex, 1);
    lua_setfield(L, -2, "__newindex");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    sb_guard_mark(L, -1, SB_GUARD_ENV, store, NULL);
    lua_setmetatable(L, env);
    lua_settop(L, env);
}
