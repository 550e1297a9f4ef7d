/* game.* bindings for critters in the sea: thin wrappers over
 * engine/core/sea.h. Queries read the game being handled; effects raise
 * "game.<name>: <reason>" when the core refuses, or in a query event. */
#include <lauxlib.h>
#include <lua.h>

#include "core_internal.h"
#include "lgame.h"
#include "sea.h"

static void push_place(lua_State *L, int cell, int area)
{
    Hex h = board_hex(cell);
    lua_createtable(L, 0, 3);
    lua_pushinteger(L, h.q); lua_setfield(L, -2, "q");
    lua_pushinteger(L, h.r); lua_setfield(L, -2, "r");
    if (area >= 0) {
        lua_pushinteger(L, area + 1);
        lua_setfield(L, -2, "area");
    }
}

/** game.sea_spaces() -> the open sea spaces as { q, r }, in board order:
 * ocean next to land, without lava, frost or a sea critter */
static int l_sea_spaces(lua_State *L)
{
    Game *g = lgame_current(L);
    static uint16_t cells[BOARD_CELLS];   /* the scripts run one handler at a time */
    int n = sea_spaces(g, cells, BOARD_CELLS);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        push_place(L, cells[i], -1);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/** game.sea_landings(player, index) -> where that sea critter may come ashore, as { q, r, area } */
static int l_sea_landings(lua_State *L)
{
    Game *g = lgame_current(L);
    int id = lgame_check_critter(L, g, 1);
    uint16_t cells[HEX_DIRS * 3];
    uint8_t areas[HEX_DIRS * 3];
    int n = sea_landings(g, id, cells, areas, HEX_DIRS * 3);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        push_place(L, cells[i], areas[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/** game.sea_critter(q, r) -> player, index of the sea critter there, or nil */
static int l_sea_critter(lua_State *L)
{
    Game *g = lgame_current(L);
    int id = sea_critter_at(g, lgame_check_cell(L, 1));
    if (id < 0) {
        lua_pushnil(L);
        return 1;
    }
    lua_pushinteger(L, id / MAX_CRITTERS);
    lua_pushinteger(L, id % MAX_CRITTERS + 1);
    return 2;
}

/** game.put_to_sea(player, q, r): a critter from hand into an open sea space */
static int l_put_to_sea(lua_State *L)
{
    Game *g = lgame_mutable(L, "put_to_sea");
    int p = lgame_check_player(L, g, 1);
    int cell = lgame_check_cell(L, 2);
    char err[160];
    lgame_effect_result(L, sea_place(g, p, cell, err, sizeof err), "put_to_sea", err);
    return 0;
}

/** game.swim(player, index, q, r): a sea critter to another open sea space */
static int l_swim(lua_State *L)
{
    Game *g = lgame_mutable(L, "swim");
    int id = lgame_check_critter(L, g, 1);
    int cell = lgame_check_cell(L, 3);
    char err[160];
    lgame_effect_result(L, sea_swim(g, id, cell, err, sizeof err), "swim", err);
    return 0;
}

/** game.come_ashore(player, index, q, r, area): a sea critter onto one of its landings */
static int l_come_ashore(lua_State *L)
{
    Game *g = lgame_mutable(L, "come_ashore");
    int id = lgame_check_critter(L, g, 1);
    int cell = lgame_check_cell(L, 3);
    lua_Integer area = luaL_checkinteger(L, 5);
    char err[160];
    lgame_effect_result(L, sea_ashore(g, id, cell, (int)area - 1, err, sizeof err), "come_ashore", err);
    return 0;
}

static const luaL_Reg FUNCS[] = {
    { "sea_spaces", l_sea_spaces },
    { "sea_landings", l_sea_landings },
    { "sea_critter", l_sea_critter },
    { "put_to_sea", l_put_to_sea },
    { "swim", l_swim },
    { "come_ashore", l_come_ashore },
    { NULL, NULL },
};

const luaL_Reg *const LGAME_SEA_FUNCS = FUNCS;
