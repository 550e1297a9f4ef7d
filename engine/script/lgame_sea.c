/* game.* bindings for critters in the sea (Sea critters). */
#include <lauxlib.h>
#include <lua.h>

#include "lgame.h"

static const luaL_Reg FUNCS[] = {
    { NULL, NULL },
};

const luaL_Reg *const LGAME_SEA_FUNCS = FUNCS;
