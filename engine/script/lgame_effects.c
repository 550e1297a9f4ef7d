/* game.* effects: the changes a handler, a question's answer or an action may
 * make (engine/core/effects.h). Each raises "game.<name>: <reason>" when the
 * effect refuses, leaving the game as it was, and raises when called from
 * code that may only read (query events, offers, labels). Critters are named
 * by (player, index), places by (q, r), marks by the names declared for them. */
#include "lgame.h"

#include <stdio.h>
#include <string.h>

#include "query.h"
#include "effects.h"

#define RESULT(call, fn) do { char err_[160]; lgame_effect_result(L, (call), fn, err_); } while (0)
#define ERRBUF err_, sizeof err_

static int check_biome(lua_State *L, int arg)
{
    static const char *const NAMES[] = { "dark", "medium", "light", NULL };
    return lgame_check_option(L, arg, NULL, NAMES);
}

/** game.gain(player, biome, n) -> resources actually taken from the supply */
static int l_gain(lua_State *L)
{
    Game *g = lgame_mutable(L, "gain");
    int p = lgame_check_player(L, g, 1), b = check_biome(L, 2);
    lua_pushinteger(L, effect_gain(g, p, b, (int)lgame_check_range(L, 3, 0, 60)));
    return 1;
}

/** game.lose(player, biome, n) -> resources actually returned to the supply */
static int l_lose(lua_State *L)
{
    Game *g = lgame_mutable(L, "lose");
    int p = lgame_check_player(L, g, 1), b = check_biome(L, 2);
    lua_pushinteger(L, effect_lose(g, p, b, (int)lgame_check_range(L, 3, 0, 60)));
    return 1;
}

/** game.pay(player, { dark =, medium =, light = }): exactly that payment */
static int l_pay(lua_State *L)
{
    Game *g = lgame_mutable(L, "pay");
    int p = lgame_check_player(L, g, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    int part[BIOME_COUNT];
    for (int b = 0; b < BIOME_COUNT; b++) {
        lua_getfield(L, 2, biome_name(b));
        lua_Integer v = luaL_optinteger(L, -1, 0);
        luaL_argcheck(L, v >= 0 && v <= 15, 2, "each part of a payment is 0..15");
        part[b] = (int)v;
        lua_pop(L, 1);
    }
    RESULT(effect_pay(g, p, pay_pack(part[0], part[1], part[2]), ERRBUF), "pay");
    return 0;
}

/** game.move_critter(player, index, q, r, area): onto a free area of a land tile */
static int l_move_critter(lua_State *L)
{
    Game *g = lgame_mutable(L, "move_critter");
    int id = lgame_check_critter(L, g, 1), cell = lgame_check_cell(L, 3);
    int area = (int)lgame_check_range(L, 5, 1, MAX_AREAS) - 1;
    RESULT(effect_move_critter(g, id, cell, area, ERRBUF), "move_critter");
    return 0;
}

/** game.place_critter(player, q, r, area): a critter from hand onto a free area */
static int l_place_critter(lua_State *L)
{
    Game *g = lgame_mutable(L, "place_critter");
    int p = lgame_check_player(L, g, 1), cell = lgame_check_cell(L, 2);
    int area = (int)lgame_check_range(L, 4, 1, MAX_AREAS) - 1;
    RESULT(effect_place_critter(g, p, cell, area, ERRBUF), "place_critter");
    return 0;
}

/** game.to_hand(player, index): a board, aside or crater critter back to hand */
static int l_to_hand(lua_State *L)
{
    Game *g = lgame_mutable(L, "to_hand");
    RESULT(effect_to_hand(g, lgame_check_critter(L, g, 1), ERRBUF), "to_hand");
    return 0;
}

/** game.set_aside(player, index [, q, r]): out of play, shown at (q, r) if given */
static int l_set_aside(lua_State *L)
{
    Game *g = lgame_mutable(L, "set_aside");
    int id = lgame_check_critter(L, g, 1);
    int cell = lua_isnoneornil(L, 3) ? NO_CELL : lgame_check_cell(L, 3);
    RESULT(effect_set_aside(g, id, cell, ERRBUF), "set_aside");
    return 0;
}

/** game.hit(player, index [, "takeover"]) -> "lost" | "spared" | "fled", stopped:
 * a blow (critter_hit handlers may spare it or make it flee), else to hand */
static int l_hit(lua_State *L)
{
    Game *g = lgame_mutable(L, "hit");
    int id = lgame_check_critter(L, g, 1);
    static const char *const CAUSES[] = { "script", "takeover", NULL };
    int cause = lgame_check_option(L, 3, "script", CAUSES) ? CAUSE_TAKEOVER : CAUSE_SCRIPT;
    HitOutcome hit = { false, false, false };
    RESULT(effect_hit(g, id, cause, &hit, ERRBUF), "hit");
    bool stays = g->player[id / MAX_CRITTERS].critters[id % MAX_CRITTERS].place == AT_BOARD;
    lua_pushstring(L, hit.spared && stays ? "spared" : hit.flee && stays ? "fled" : "lost");
    lua_pushboolean(L, hit.stop);
    return 2;
}

/** game.mark(player, index, name, on): a critter mark on or off */
static int l_mark(lua_State *L)
{
    Game *g = lgame_mutable(L, "mark");
    int id = lgame_check_critter(L, g, 1);
    int m = lgame_check_mark(L, 3, g->rules.critter_marks, g->rules.critter_mark_count, "critter");
    luaL_checktype(L, 4, LUA_TBOOLEAN);
    RESULT(effect_mark_critter(g, id, m, lua_toboolean(L, 4), ERRBUF), "mark");
    return 0;
}

/** game.mark_cell(q, r, name, on): a cell mark on or off */
static int l_mark_cell(lua_State *L)
{
    Game *g = lgame_mutable(L, "mark_cell");
    int cell = lgame_check_cell(L, 1);
    int m = lgame_check_mark(L, 3, g->rules.cell_marks, g->rules.cell_mark_count, "cell");
    luaL_checktype(L, 4, LUA_TBOOLEAN);
    RESULT(effect_mark_cell(g, cell, m, lua_toboolean(L, 4), ERRBUF), "mark_cell");
    return 0;
}

/** game.remove_top(q, r): the top tile of a stack of 2+ leaves the game */
static int l_remove_top(lua_State *L)
{
    Game *g = lgame_mutable(L, "remove_top");
    RESULT(effect_remove_top(g, lgame_check_cell(L, 1), ERRBUF), "remove_top");
    return 0;
}

/** game.rotate_top(q, r, rotation): turns the top land tile (critters on it go to hand) */
static int l_rotate_top(lua_State *L)
{
    Game *g = lgame_mutable(L, "rotate_top");
    int cell = lgame_check_cell(L, 1), rotation = (int)lgame_check_range(L, 3, 0, 5);
    RESULT(effect_rotate_top(g, cell, rotation, ERRBUF), "rotate_top");
    return 0;
}

/** game.slide(from_q, from_r, to_q, to_r): the top tile slides onto a lower neighbour */
static int l_slide(lua_State *L)
{
    Game *g = lgame_mutable(L, "slide");
    int from = lgame_check_cell(L, 1), to = lgame_check_cell(L, 3);
    RESULT(effect_slide(g, from, to, ERRBUF), "slide");
    return 0;
}

static int check_tile_type(lua_State *L, const Game *g, int arg)
{
    const char *name = luaL_checkstring(L, arg);
    int t = rules_tile_type_by_name(&g->rules, name);
    if (t < 0 && strcmp(name, "volcano") == 0)
        for (int k = 0; k < g->rules.tile_type_count && t < 0; k++)
            if (g->rules.tile_types[k].tile_class == TILE_VOLCANO)
                t = k;
    if (t < 0)
        luaL_argerror(L, arg, lua_pushfstring(L, "no tile type is called '%s' (see content/tiles.lua)", name));
    return t;
}

/** game.stack_tile(q, r, type [, rotation]): a tile from the supply onto a land stack */
static int l_stack_tile(lua_State *L)
{
    Game *g = lgame_mutable(L, "stack_tile");
    int cell = lgame_check_cell(L, 1), type = check_tile_type(L, g, 3);
    int rotation = lua_isnoneornil(L, 4) ? 0 : (int)lgame_check_range(L, 4, 0, 5);
    RESULT(effect_stack_tile(g, cell, type, rotation, ERRBUF), "stack_tile");
    return 0;
}

/** game.erupt(player, q, r): a further eruption there, without an unlock */
static int l_erupt(lua_State *L)
{
    Game *g = lgame_mutable(L, "erupt");
    int p = lgame_check_player(L, g, 1), cell = lgame_check_cell(L, 2);
    RESULT(effect_erupt(g, p, cell, ERRBUF), "erupt");
    return 0;
}

/** game.divert_lava(flow, q, r): a lava flow on its way goes to (q, r) instead */
static int l_divert_lava(lua_State *L)
{
    Game *g = lgame_mutable(L, "divert_lava");
    int flow = (int)lgame_check_range(L, 1, 1, MAX_LAVA) - 1, cell = lgame_check_cell(L, 2);
    RESULT(effect_divert_lava(g, flow, cell, ERRBUF), "divert_lava");
    return 0;
}

/** game.add_lava(q, r): a lava token on a land stack; it flows on at the lava step */
static int l_add_lava(lua_State *L)
{
    Game *g = lgame_mutable(L, "add_lava");
    RESULT(effect_add_lava(g, lgame_check_cell(L, 1), ERRBUF), "add_lava");
    return 0;
}

/** game.add_moves(n): n more critter moves this turn (in the move step) */
static int l_add_moves(lua_State *L)
{
    Game *g = lgame_mutable(L, "add_moves");
    RESULT(effect_add_moves(g, (int)lgame_check_range(L, 1, 0, 20), ERRBUF), "add_moves");
    return 0;
}

/** game.add_buys(n): n more tiles may be bought this turn */
static int l_add_buys(lua_State *L)
{
    Game *g = lgame_mutable(L, "add_buys");
    RESULT(effect_add_buys(g, (int)lgame_check_range(L, 1, 0, 20), ERRBUF), "add_buys");
    return 0;
}

/** game.trigger_end(reason): the end is triggered (the first trigger counts) */
static int l_trigger_end(lua_State *L)
{
    Game *g = lgame_mutable(L, "trigger_end");
    const char *name = luaL_checkstring(L, 1);
    int reason = rules_end_reason_by_name(&g->rules, name);
    if (reason < 0)
        return luaL_argerror(L, 1, lua_pushfstring(L, "no end reason is called '%s' (register it with "
                                                      "game.end_reason)", name));
    RESULT(effect_trigger_end(g, reason, ERRBUF), "trigger_end");
    return 0;
}

/** game.roll(sides) -> 1..sides from the game's RNG */
static int l_roll(lua_State *L)
{
    Game *g = lgame_mutable(L, "roll");
    lua_Integer n = lgame_check_range(L, 1, 1, 1000);
    lua_pushinteger(L, (lua_Integer)rng_below(&g->rng, (uint32_t)n) + 1);
    return 1;
}

const luaL_Reg LGAME_EFFECT_FUNCS[] = {
    { "gain", l_gain },
    { "lose", l_lose },
    { "pay", l_pay },
    { "move_critter", l_move_critter },
    { "place_critter", l_place_critter },
    { "to_hand", l_to_hand },
    { "set_aside", l_set_aside },
    { "hit", l_hit },
    { "mark", l_mark },
    { "mark_cell", l_mark_cell },
    { "remove_top", l_remove_top },
    { "rotate_top", l_rotate_top },
    { "slide", l_slide },
    { "stack_tile", l_stack_tile },
    { "erupt", l_erupt },
    { "divert_lava", l_divert_lava },
    { "add_lava", l_add_lava },
    { "add_moves", l_add_moves },
    { "add_buys", l_add_buys },
    { "trigger_end", l_trigger_end },
    { "roll", l_roll },
    { NULL, NULL },
};
