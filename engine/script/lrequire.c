/* require for the rules scripts: the shared helper modules of scripts/lib/.
 * A base script calls require("groups"); a mod calls require("base.groups")
 * (its own require, mods.c, hands such names here). A module returns a
 * table of functions and declares nothing (no on(), no game.state): it is
 * run once per requiring script in a fresh sandbox environment and cached
 * for that script, so no script can change what another one runs. */
#include "lrequire.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "lgame.h"
#include "lsandbox.h"

#define LIB_CACHE_KEY "volcanique.lib.cache"
#define LIB_MAX_FILE ((size_t)256 << 10)

static int valid_module(const char *name)
{
    size_t n = strlen(name);
    if (n == 0 || n > 40)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!((name[i] >= 'a' && name[i] <= 'z') || (name[i] >= '0' && name[i] <= '9') || name[i] == '_'))
            return 0;
    return 1;
}

/* Loads scripts/lib/<name>.lua as a function with a fresh environment. */
static void load_module(lua_State *L, Session *s, const char *name)
{
    char path[SESSION_PATH + 80], chunk[80];
    snprintf(path, sizeof path, "%s/scripts/lib/%s.lua", s->root, name);
    snprintf(chunk, sizeof chunk, "@scripts/lib/%s.lua", name);
    FILE *f = fopen(path, "rb");
    if (!f)
        luaL_error(L, "require: no module scripts/lib/%s.lua", name);
    char *buf = malloc(LIB_MAX_FILE + 1);
    size_t len = buf ? fread(buf, 1, LIB_MAX_FILE + 1, f) : 0;
    fclose(f);
    if (!buf || len > LIB_MAX_FILE) {
        free(buf);
        luaL_error(L, "require: scripts/lib/%s.lua is larger than %d bytes", name, (int)LIB_MAX_FILE);
    }
    int st = luaL_loadbufferx(L, buf, len, chunk, "t");
    free(buf);
    if (st != LUA_OK)
        lua_error(L);
    sb_push_env(L);
    if (!lua_setupvalue(L, -2, 1))
        lua_pop(L, 1);
}

int lrequire_lib(lua_State *L, const char *name, const char *caller)
{
    Session *s = lgame_session(L);
    if (!valid_module(name))
        return luaL_error(L, "require: bad module name '%s' (a module is scripts/lib/NAME.lua, NAME being a-z, "
                             "0-9 and _)", name);
    if (script_is_frozen(s->script))
        return luaL_error(L, "require: modules are required while the scripts load");
    if (luaL_getsubtable(L, LUA_REGISTRYINDEX, LIB_CACHE_KEY))
        (void)0;
    int cache = lua_gettop(L);
    lua_pushfstring(L, "%s|%s", caller, name);
    int key = lua_gettop(L);
    lua_pushvalue(L, key);
    if (lua_rawget(L, cache) != LUA_TNIL)
        return 1;
    lua_pop(L, 1);
    load_module(L, s, name);
    lua_call(L, 0, 1);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        lua_pushboolean(L, 1);
    }
    lua_pushvalue(L, key);
    lua_pushvalue(L, -2);
    lua_rawset(L, cache);
    return 1;
}

/** require(name) in a base script: scripts/lib/<name>.lua */
int lrequire_global(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    lua_Debug ar;
    const char *caller = lua_getstack(L, 1, &ar) && lua_getinfo(L, "S", &ar) ? ar.short_src : "?";
    return lrequire_lib(L, name, caller);
}
