/* game.* bindings that move or split whole islands (Rift, Converging tectonic plates). */
#include <lauxlib.h>
#include <lua.h>

#include "lgame.h"

static const luaL_Reg FUNCS[] = {
    { NULL, NULL },
};

const luaL_Reg *const LGAME_ISLAND_FUNCS = FUNCS;
