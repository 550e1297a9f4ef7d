/* game.* bindings that list, move or split whole islands
 * (engine/core/island_move.h). Directions are 1..6 as
 * game.neighbours lists them (clockwise from east); split axes are 1 q, 2 r, 3 s. */
#include <limits.h>
#include <stdbool.h>

#include <lauxlib.h>
#include <lua.h>

#include "island_move.h"
#include "lgame.h"

static int check_dir(lua_State *L, int arg)
{
    lua_Integer d = luaL_checkinteger(L, arg);
    luaL_argcheck(L, d >= 1 && d <= HEX_DIRS, arg, "directions are 1..6, clockwise from east");
    return (int)d - 1;
}

static int check_axis(lua_State *L, int arg)
{
    lua_Integer a = luaL_checkinteger(L, arg);
    luaL_argcheck(L, a >= 1 && a <= 3, arg, "axes are 1 (q), 2 (r) and 3 (s = -q - r)");
    return (int)a - 1;
}

/** game.islands([form]) -> every island in board order: form "cells" (the default),
 * a list of its { q, r } in board order (the first is its anchor); form "anchors",
 * only its anchor { q, r, tiles }, tiles its count of stacks */
static int l_islands(lua_State *L)
{
    static const char *const FORMS[] = { "cells", "anchors", NULL };
    bool anchors_only = lgame_check_option(L, 1, "cells", FORMS) == 1;
    const Game *g = lgame_current(L);
    int anchors[MAX_LAND], cells[MAX_LAND];
    int n = island_anchors(&g->board, anchors, MAX_LAND);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        int m = island_cells_of(&g->board, anchors[i], cells, MAX_LAND);
        if (anchors_only) {
            lua_createtable(L, 0, 3);
            lgame_set_place(L, anchors[i]);
            lgame_set_int(L, LGK_TILES, m);
        } else {
            lua_createtable(L, m, 0);
            for (int k = 0; k < m; k++) {
                lgame_push_place(L, cells[k]);
                lua_rawseti(L, -2, k + 1);
            }
        }
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* The optional limit at arg: at most that many results (1 or more); all without it. */
static int check_limit(lua_State *L, int arg)
{
    return lua_isnoneornil(L, arg) ? INT_MAX : (int)lgame_check_range(L, arg, 1, INT_MAX);
}

/** game.island_shifts(q, r [, limit]) -> the distinct shifts of the island holding (q, r):
 * { dir, steps, q, r }, with (q, r) where the given place lands; with limit, the first ones */
static int l_island_shifts(lua_State *L)
{
    const Game *g = lgame_current(L);
    int cell = lgame_check_cell(L, 1);
    int limit = check_limit(L, 3);
    lua_newtable(L);
    int n = 0;
    for (int d = 0; d < HEX_DIRS && n < limit; d++)
        for (int steps = 1; steps <= 2 && n < limit; steps++) {
            if (island_shift_reach(g, cell, d, steps) != steps)
                continue;   /* it cannot go, or stops short: the same as a shorter shift */
            Hex to = hex_step(board_hex(cell), d, steps);
            lua_createtable(L, 0, 4);
            lgame_set_int(L, LGK_DIR, d + 1);
            lgame_set_int(L, LGK_STEPS, steps);
            lgame_set_int(L, LGK_Q, to.q);
            lgame_set_int(L, LGK_R, to.r);
            lua_rawseti(L, -2, ++n);
        }
    return 1;
}

/** game.shift_island(q, r, dir, steps) -> spaces moved: the island holding (q, r)
 * moves up to steps (1..2) spaces, stopping as soon as it touches other land */
static int l_shift_island(lua_State *L)
{
    Game *g = lgame_mutable(L, "shift_island");
    int cell = lgame_check_cell(L, 1), dir = check_dir(L, 3);
    lua_Integer steps = luaL_checkinteger(L, 4);
    luaL_argcheck(L, steps >= 1 && steps <= 2, 4, "an island shifts 1 or 2 spaces");
    char err[160];
    int moved = effect_shift_island(g, cell, dir, (int)steps, err, sizeof err);
    if (moved < 0)
        return luaL_error(L, "game.shift_island: %s", err);
    lua_pushinteger(L, moved);
    return 1;
}

/** game.island_splits(q, r [, limit]) -> the legal splits of the island holding (q, r):
 * { axis, line, dir, tiles, q, r }, (q, r) where the moving part's first tile lands;
 * with limit, the first ones (the same as the start of the whole list) */
static int l_island_splits(lua_State *L)
{
    const Game *g = lgame_current(L);
    int cell = lgame_check_cell(L, 1);
    int limit = check_limit(L, 3);
    IslandSplit splits[ISLAND_SPLITS_MAX];
    int max = (int)(sizeof splits / sizeof splits[0]);
    int n = island_splits(g, cell, splits, limit < max ? limit : max);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        Hex to = board_hex(splits[i].lands);
        lua_createtable(L, 0, 6);
        lgame_set_int(L, LGK_AXIS, splits[i].axis + 1);
        lgame_set_int(L, LGK_LINE, splits[i].line);
        lgame_set_int(L, LGK_DIR, splits[i].dir + 1);
        lgame_set_int(L, LGK_TILES, splits[i].tiles);
        lgame_set_int(L, LGK_Q, to.q);
        lgame_set_int(L, LGK_R, to.r);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/** game.split_island(q, r, axis, line, dir) -> tiles moved: the island holding (q, r) is
 * cut along the line and the part on dir's side moves one space in dir */
static int l_split_island(lua_State *L)
{
    Game *g = lgame_mutable(L, "split_island");
    int cell = lgame_check_cell(L, 1), axis = check_axis(L, 3);
    lua_Integer line = luaL_checkinteger(L, 4);
    int dir = check_dir(L, 5);
    luaL_argcheck(L, line >= -2 * BOARD_SIZE && line <= 2 * BOARD_SIZE, 4, "no such line");
    char err[160];
    int moved = effect_split_island(g, cell, axis, (int)line, dir, err, sizeof err);
    if (moved < 0)
        return luaL_error(L, "game.split_island: %s", err);
    lua_pushinteger(L, moved);
    return 1;
}

const luaL_Reg LGAME_ISLAND_FUNCS[] = {
    { "islands", l_islands },
    { "island_shifts", l_island_shifts },
    { "shift_island", l_shift_island },
    { "island_splits", l_island_splits },
    { "split_island", l_split_island },
    { NULL, NULL },
};

