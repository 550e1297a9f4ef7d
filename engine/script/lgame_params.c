/* game.param: the named numbers a game was started with (GameOptions.params,
 * the command line's --set NAME=V), read-only, so a rule can be tried at
 * several values without editing its script. */
#include <lauxlib.h>
#include <lua.h>
#include <math.h>

#include "lgame.h"
#include "session.h"

/* A whole number comes back as a Lua integer, anything else as a float. */
static void push_value(lua_State *L, double v)
{
    if (v == floor(v) && v >= -9007199254740992.0 && v <= 9007199254740992.0)
        lua_pushinteger(L, (lua_Integer)v);
    else
        lua_pushnumber(L, v);
}

/** game.param(name [, default]) -> the value of parameter `name` in this game;
 * `default` when it was not given (an error without one). Marks it as read
 * (Session.params_read), so a front end can warn of a parameter no rule reads. */
static int l_param(lua_State *L)
{
    Session *s = lgame_session(L);
    const char *name = luaL_checkstring(L, 1);
    int has_default = !lua_isnoneornil(L, 2);
    if (has_default)
        luaL_checknumber(L, 2);
    const Game *g = s->current;
    if (!g)
        return luaL_error(L, "game.param: parameters belong to a game: read them inside an event handler");
    int i = game_param_find(&g->options, name);
    if (i >= 0) {
        s->params_read |= 1u << i;
        push_value(L, g->options.params[i].value);
    } else if (has_default) {
        lua_pushvalue(L, 2);
    } else {
        return luaL_error(L, "game.param: no parameter '%s' was given (--set %s=VALUE) and no default", name,
                          name);
    }
    return 1;
}

const luaL_Reg LGAME_PARAMS_FUNCS[] = {
    { "param", l_param },
    { NULL, NULL },
};

