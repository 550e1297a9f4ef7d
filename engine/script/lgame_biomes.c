/* The biome readers of the `game` library: game.biomes, game.biome_areas,
 * game.biome_of and game.area_biome. The first three read the game's View
 * through lgame_view, so a script asking about many biomes in one call has
 * the regions worked out once. A biome's id is its region's number in that View, from 1: the same
 * for every area of the biome, and the index of its entry in game.biomes(). */
#include "lgame.h"

#include "query.h"

/* Whether area `area` of the stack on `cell` may not be entered: lava there,
 * or a cell mark barring entry. */
static bool area_closed(const Game *g, int cell)
{
    return cell_has_trait(g, cell, LT_NO_ENTER) || (g->board.cells[cell].flags & CELL_LAVA);
}

/* Pushes the table of one area of a biome: { q, r, area, closed [, free]
 * [, critter] } (`free` only when with_free). */
static void push_area(lua_State *L, const Game *g, int cell, int area, bool with_free)
{
    int who = game_critter_at(g, cell, area);
    lgame_push_place_room(L, cell, 2 + with_free + (who >= 0));
    lgame_set_int(L, LGK_AREA, area + 1);
    if (with_free) {
        lua_pushboolean(L, who < 0);
        lua_setfield(L, -2, "free");
    }
    lua_pushboolean(L, area_closed(g, cell));
    lua_setfield(L, -2, "closed");
    if (who >= 0) {
        lgame_push_critter(L, g, who);
        lgame_set_key(L, LGK_CRITTER);
    }
}

static const char *const BIOMES_FILTERS[] = { "all", "free", NULL };

/* game.biomes([filter]) -> every biome (region) on the board, by id: { id,
 * biome, tiles, edges, areas = { {q, r, area, closed, critter}, ... } }
 * (critter: who stands there, if anyone); with "free", only the biomes where
 * no critter stands, still in order of id. */
static int l_biomes(lua_State *L)
{
    Session *s = lgame_session(L);
    Game *g = lgame_current(L);
    bool free_only = lgame_check_option(L, 1, "all", BIOMES_FILTERS) == 1;
    const View *v = lgame_view(s, g);
    /* Every table is made at its final size (a table growing is rehashed at
     * each power of two): first how many areas each biome has. */
    uint16_t size[MAX_REGIONS] = { 0 }, filled[MAX_REGIONS] = { 0 }, slot[MAX_REGIONS];
    for (int k = 0; k < g->board.land_count; k++) {
        int c = g->board.land[k];
        for (int a = 0, areas = board_areas(&g->board, &g->rules, c); a < areas; a++) {
            int r = game_view_region(g, v, c, a);
            if (r >= 0 && r < v->rg.count)
                size[r]++;
        }
    }
    int listed = 0;
    for (int r = 0; r < v->rg.count; r++)
        slot[r] = free_only && v->players_in[r] ? 0 : (uint16_t)++listed;
    lua_createtable(L, listed, 0);
    int top = lua_gettop(L);
    for (int r = 0; r < v->rg.count; r++) {
        if (!slot[r])
            continue;
        lua_createtable(L, 0, 5);
        lua_pushinteger(L, r + 1); lua_setfield(L, -2, "id");
        lua_pushstring(L, biome_name(v->rg.biome[r])); lua_setfield(L, -2, "biome");
        lua_pushinteger(L, v->rg.tiles[r]); lua_setfield(L, -2, "tiles");
        lua_pushinteger(L, v->rg.edges[r]); lua_setfield(L, -2, "edges");
        lua_createtable(L, size[r], 0);
        lua_setfield(L, -2, "areas");
        lua_rawseti(L, top, slot[r]);
    }
    for (int k = 0; k < g->board.land_count; k++) {
        int c = g->board.land[k];
        for (int a = 0, areas = board_areas(&g->board, &g->rules, c); a < areas; a++) {
            int r = game_view_region(g, v, c, a);
            if (r < 0 || r >= v->rg.count || !slot[r])
                continue;
            lua_rawgeti(L, top, slot[r]);
            lua_getfield(L, -1, "areas");
            push_area(L, g, c, a, false);
            lua_rawseti(L, -2, ++filled[r]);
            lua_pop(L, 2);
        }
    }
    return 1;
}

/* The stack at arguments 1-2 and its area (argument 3, from 1; *area from
 * 0); raises when the stack has no such area. */
static void check_area(lua_State *L, const Game *g, int *cell, int *area)
{
    *cell = lgame_check_cell(L, 1);
    lua_Integer a = luaL_checkinteger(L, 3);   /* from 1; checked before any arithmetic */
    luaL_argcheck(L, a >= 1 && a <= board_areas(&g->board, &g->rules, *cell), 3, "no such area there");
    *area = (int)a - 1;
}

/* check_area, and the region of that area in view v. */
static int check_region(lua_State *L, const Game *g, const View *v, int *cell, int *area)
{
    check_area(L, g, cell, area);
    return game_view_region(g, v, *cell, *area);
}

/* game.biome_areas(q, r, area) -> every area of the biome holding that area,
 * in board order: { q, r, area, free, closed, critter }. */
static int l_biome_areas(lua_State *L)
{
    Session *s = lgame_session(L);
    Game *g = lgame_current(L);
    const View *v = lgame_view(s, g);
    int cell, area;
    int region = check_region(L, g, v, &cell, &area), size = 0;
    for (int k = 0; k < g->board.land_count; k++)
        for (int a = 0, areas = board_areas(&g->board, &g->rules, g->board.land[k]); a < areas; a++)
            size += game_view_region(g, v, g->board.land[k], a) == region;
    lua_createtable(L, size, 0);   /* every table at its final size */
    int n = 0;
    for (int k = 0; k < g->board.land_count; k++) {
        int c = g->board.land[k];
        for (int a = 0, areas = board_areas(&g->board, &g->rules, c); a < areas; a++)
            if (game_view_region(g, v, c, a) == region) {
                push_area(L, g, c, a, true);
                lua_rawseti(L, -2, ++n);
            }
    }
    return 1;
}

/* game.biome_of(q, r, area) -> id, players: the id of the biome holding that
 * area and the players with a critter standing in it, as a bitmask (bit p
 * for player p, peaceful critters too). No table is made: a test to run
 * over many areas before reading any biome whole. */
static int l_biome_of(lua_State *L)
{
    Session *s = lgame_session(L);
    Game *g = lgame_current(L);
    const View *v = lgame_view(s, g);
    int cell, area;
    int region = check_region(L, g, v, &cell, &area);
    if (region < 0 || region >= v->rg.count)
        return luaL_error(L, "game.biome_of: the area belongs to no biome");
    lua_pushinteger(L, region + 1);
    lua_pushinteger(L, v->players_in[region]);
    return 2;
}

/* game.area_biome(q, r, area) -> "dark" | "medium" | "light": the biome
 * type of that area of the stack's top tile, for words ("the light area at
 * (2,0)"); no View needed. */
static int l_area_biome(lua_State *L)
{
    const Game *g = lgame_current(L);
    int cell, area;
    check_area(L, g, &cell, &area);
    lua_pushstring(L, biome_name(board_area_biome(&g->board, &g->rules, cell, area)));
    return 1;
}

const luaL_Reg LGAME_BIOME_FUNCS[] = {
    { "area_biome", l_area_biome },
    { "biomes", l_biomes },
    { "biome_areas", l_biome_areas },
    { "biome_of", l_biome_of },
    { NULL, NULL },
};
