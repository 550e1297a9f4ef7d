#include "lgame.h"

#include <lauxlib.h>
#include <lua.h>
#include <stdio.h>
#include <string.h>

#include "core_internal.h"
#include "effects.h"
#include "lsandbox.h"
#include "session.h"

#define SESSION_KEY "volcanique.session"

static Game *current(lua_State *L)
{
    Session *s = lua_touserdata(L, lua_upvalueindex(1));
    return s->current;
}

static int check_player(lua_State *L, const Game *g, int arg)
{
    lua_Integer p = luaL_checkinteger(L, arg);
    luaL_argcheck(L, p >= 0 && p < g->players, arg, "no such player (players are numbered from 0)");
    return (int)p;
}

static Game *mutable_game(lua_State *L, const char *fn);
static Session *session_of(lua_State *L);
static int check_cell(lua_State *L, int qarg);
static void effect_result(lua_State *L, int rc, const char *fn, const char *err);

/** game.players() -> number of players */
static int l_players(lua_State *L) { lua_pushinteger(L, current(L)->players); return 1; }
/** game.active() -> the player whose turn it is */
static int l_active(lua_State *L) { lua_pushinteger(L, current(L)->active); return 1; }
static int l_first_player(lua_State *L) { lua_pushinteger(L, current(L)->first_player); return 1; }
static int l_turn(lua_State *L) { lua_pushinteger(L, current(L)->turn); return 1; }
static int l_mode(lua_State *L) { lua_pushinteger(L, current(L)->mode); return 1; }
static int l_lava_count(lua_State *L) { lua_pushinteger(L, current(L)->lava_count); return 1; }
static int l_variant(lua_State *L) { lua_pushstring(L, current(L)->options.variant); return 1; }
static int l_end_triggered(lua_State *L) { lua_pushinteger(L, current(L)->end_triggered); return 1; }
static int l_trigger_player(lua_State *L) { lua_pushinteger(L, current(L)->trigger_player); return 1; }
static int l_targeting_threshold(lua_State *L)
{
    lua_pushinteger(L, current(L)->rules.targeting_threshold);
    return 1;
}

static int l_critters_on_land(lua_State *L)
{
    Game *g = current(L);
    lua_pushinteger(L, active_land_critter_count(g, check_player(L, g, 1)));
    return 1;
}

static int l_hand(lua_State *L)
{
    Game *g = current(L);
    lua_pushinteger(L, hand_count(g, check_player(L, g, 1)));
    return 1;
}

static int l_crater(lua_State *L)
{
    Game *g = current(L);
    lua_pushinteger(L, crater_count(g, check_player(L, g, 1)));
    return 1;
}

static int l_resources(lua_State *L)
{
    Game *g = current(L);
    const Player *p = &g->player[check_player(L, g, 1)];
    lua_createtable(L, 0, 3);
    for (int b = 0; b < BIOME_COUNT; b++) {
        lua_pushinteger(L, p->resources[b]);
        lua_setfield(L, -2, biome_name(b));
    }
    return 1;
}

static int check_var(lua_State *L)
{
    lua_Integer i = luaL_checkinteger(L, 1);
    luaL_argcheck(L, i >= 1 && i <= (lua_Integer)(sizeof current(L)->vars / sizeof(int32_t)), 1,
                  "variables are numbered 1..64 (get one from game.slot)");
    return (int)i - 1;
}

/** game.var(i) -> integer kept by the engine (saved with the game) */
static int l_var(lua_State *L)
{
    int i = check_var(L);
    lua_pushinteger(L, current(L)->vars[i]);
    return 1;
}

static int l_set_var(lua_State *L)
{
    mutable_game(L, "set_var");
    int i = check_var(L);
    lua_Integer v = luaL_checkinteger(L, 2);
    luaL_argcheck(L, v >= INT32_MIN && v <= INT32_MAX, 2, "value out of the 32-bit range");
    current(L)->vars[i] = (int32_t)v;
    return 0;
}

static int opt_int(lua_State *L, int t, const char *key, int fallback)
{
    lua_getfield(L, t, key);
    int isnum = 0;
    lua_Integer v = lua_tointegerx(L, -1, &isnum);
    int nil = lua_isnil(L, -1);
    lua_pop(L, 1);
    if (nil)
        return fallback;
    if (!isnum)
        luaL_error(L, "game.ask: '%s' must be an integer", key);
    return (int)v;
}

/** game.ask{ player = p, tag = "name", choices = { {value = v, q = q, r = r}, ... }, pass = bool }
 * Queues a question for player p. The answer arrives as the "decision" event
 * with ev.tag == game.tag("name"), ev.choice (1-based, -1 when passed), ev.value,
 * and ev.q, ev.r when the choice named a place. */
static int l_ask(lua_State *L)
{
    Session *s = lua_touserdata(L, lua_upvalueindex(1));
    Game *g = mutable_game(L, "ask");
    luaL_checktype(L, 1, LUA_TTABLE);
    ScriptAsk a;
    memset(&a, 0, sizeof a);
    int player = opt_int(L, 1, "player", g->active);
    luaL_argcheck(L, player >= 0 && player < g->players, 1, "game.ask: no such player");
    a.player = (uint8_t)player;
    lua_getfield(L, 1, "tag");
    const char *tag = lua_tostring(L, -1);
    if (!tag)
        return luaL_error(L, "game.ask: 'tag' must name the question");
    int id = session_tag(s, tag);
    lua_pop(L, 1);
    if (id < 0)
        return luaL_error(L, "game.ask: too many question tags");
    a.tag = (uint8_t)id;
    lua_getfield(L, 1, "pass");
    a.can_pass = (uint8_t)lua_toboolean(L, -1);
    lua_pop(L, 1);
    lua_getfield(L, 1, "choices");
    int t = lua_gettop(L);
    if (!lua_isnil(L, t)) {
        luaL_checktype(L, t, LUA_TTABLE);
        lua_Integer n = luaL_len(L, t);
        if (n > MAX_ASK_CHOICES)
            return luaL_error(L, "game.ask: at most %d choices", MAX_ASK_CHOICES);
        for (int i = 1; i <= n; i++) {
            lua_rawgeti(L, t, i);
            int c = lua_gettop(L);
            if (lua_isinteger(L, c)) {
                a.value[i - 1] = (int32_t)lua_tointeger(L, c);
                a.cell[i - 1] = NO_CELL;
            } else {
                luaL_checktype(L, c, LUA_TTABLE);
                a.value[i - 1] = opt_int(L, c, "value", i);
                lua_getfield(L, c, "q");
                int placed = !lua_isnil(L, -1);
                lua_pop(L, 1);
                a.cell[i - 1] = NO_CELL;
                if (placed) {
                    Hex h = hex_make(opt_int(L, c, "q", 0), opt_int(L, c, "r", 0));
                    if (!board_in_bounds(h))
                        return luaL_error(L, "game.ask: choice %d lies off the board", i);
                    a.cell[i - 1] = (uint16_t)board_cell(h);
                }
            }
            lua_settop(L, t);
            a.count = (uint8_t)i;
        }
    }
    if (game_ask(g, &a) != 0)
        return luaL_error(L, "game.ask: the question has no choice, or %d are already waiting", MAX_ASKS);
    return 0;
}

/** game.slot(name) -> a game.var index of one's own, handed out while scripts load.
 * The same name gives the same slot; slots follow load order, so every process
 * running the same scripts agrees on them. */
static int l_slot(lua_State *L)
{
    Session *s = session_of(L);
    const char *name = luaL_checkstring(L, 1);
    for (int i = 0; i < s->slot_count; i++)
        if (strcmp(s->slots[i], name) == 0) {
            lua_pushinteger(L, i + 1);
            return 1;
        }
    if (script_is_frozen(s->script))
        return luaL_error(L, "game.slot: slots are handed out while the scripts load");
    int max = (int)(sizeof s->current->vars / sizeof(int32_t));
    if (s->slot_count >= max)
        return luaL_error(L, "game.slot: all %d slots are taken", max);
    snprintf(s->slots[s->slot_count], sizeof s->slots[0], "%s", name);
    lua_pushinteger(L, ++s->slot_count);
    return 1;
}

/** game.divert_lava(flow, q, r): send a lava flow (the "lava_flow" event's ev.flow)
 * to (q, r), a neighbour of where it comes from */
static int l_divert_lava(lua_State *L)
{
    Game *g = mutable_game(L, "divert_lava");
    lua_Integer flow = luaL_checkinteger(L, 1);
    int cell = check_cell(L, 2);
    char err[128];
    effect_result(L, effect_divert_lava(g, (int)flow - 1, cell, err, sizeof err), "divert_lava", err);
    return 0;
}

/** game.lava_flows() -> the decided flows not yet arrived, { q, r, to_q, to_r } by flow number */
static int l_lava_flows(lua_State *L)
{
    Game *g = current(L);
    lua_createtable(L, g->flow_count, 0);
    for (int i = 0; i < g->flow_count; i++) {
        Hex from = board_hex(g->flows[i].from), to = board_hex(g->flows[i].to);
        lua_createtable(L, 0, 4);
        lua_pushinteger(L, from.q); lua_setfield(L, -2, "q");
        lua_pushinteger(L, from.r); lua_setfield(L, -2, "r");
        lua_pushinteger(L, to.q); lua_setfield(L, -2, "to_q");
        lua_pushinteger(L, to.r); lua_setfield(L, -2, "to_r");
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/** game.add_moves(n): n more critter moves this turn (only in the move step) */
static int l_add_moves(lua_State *L)
{
    Game *g = mutable_game(L, "add_moves");
    lua_Integer n = luaL_checkinteger(L, 1);
    luaL_argcheck(L, n >= 0 && n <= 10, 1, "0..10 moves");
    if (g->phase == PHASE_MOVE)
        g->moves_left = (uint16_t)(g->moves_left + n);
    return 0;
}

/** game.add_buys(n): n more tiles may be bought this turn */
static int l_add_buys(lua_State *L)
{
    Game *g = mutable_game(L, "add_buys");
    lua_Integer n = luaL_checkinteger(L, 1);
    luaL_argcheck(L, n >= 0 && n <= 10, 1, "0..10 buys");
    g->extra_buys = (uint8_t)(g->extra_buys + n);
    return 0;
}

/** game.biome_areas(q, r, area) -> every area of the biome (region) holding that
 * area, as { q, r, area, free } (free: no critter stands there) */
static int l_biome_areas(lua_State *L)
{
    Game *g = current(L);
    int cell = check_cell(L, 1);
    lua_Integer area = luaL_checkinteger(L, 3) - 1;
    luaL_argcheck(L, area >= 0 && area < board_areas(&g->board, &g->rules, cell), 3, "no such area there");
    static View v;   /* large; the scripts run one handler at a time */
    view_compute(g, &v);
    int region = view_region(g, &v, cell, (int)area);
    lua_newtable(L);
    int n = 0;
    for (int k = 0; k < g->board.land_count; k++) {
        int c = g->board.land[k];
        int areas = board_areas(&g->board, &g->rules, c);
        for (int a = 0; a < areas; a++) {
            if (view_region(g, &v, c, a) != region)
                continue;
            Hex h = board_hex(c);
            lua_createtable(L, 0, 4);
            lua_pushinteger(L, h.q); lua_setfield(L, -2, "q");
            lua_pushinteger(L, h.r); lua_setfield(L, -2, "r");
            lua_pushinteger(L, a + 1); lua_setfield(L, -2, "area");
            lua_pushboolean(L, critter_at(g, c, a) < 0 && !cell_frozen(g, c)); lua_setfield(L, -2, "free");
            lua_pushboolean(L, cell_frozen(g, c)); lua_setfield(L, -2, "frozen");
            lua_rawseti(L, -2, ++n);
        }
    }
    return 1;
}

/** game.supply() -> { land, volcanoes, dark, medium, light }: what the supply holds */
static int l_supply(lua_State *L)
{
    Game *g = current(L);
    lua_createtable(L, 0, 5);
    lua_pushinteger(L, land_supply(g)); lua_setfield(L, -2, "land");
    lua_pushinteger(L, g->supply_volcanoes); lua_setfield(L, -2, "volcanoes");
    for (int b = 0; b < BIOME_COUNT; b++) {
        lua_pushinteger(L, g->supply_resources[b]);
        lua_setfield(L, -2, biome_name(b));
    }
    return 1;
}

/** game.groups(player) -> the biomes where the player has two or more (awake)
 * critters, as { size, biome, q, r } (q, r: one of its critters) */
static int l_groups(lua_State *L)
{
    Game *g = current(L);
    int p = check_player(L, g, 1);
    static View v;
    view_compute(g, &v);
    lua_newtable(L);
    int n = 0;
    for (int r = 0; r < v.rg.count; r++) {
        if (v.count_in[r][p] < 2)
            continue;
        for (int i = 0; i < g->rules.critters_per_player; i++) {
            const Critter *c = &g->player[p].critters[i];
            if (c->place != AT_BOARD || critter_dormant(c) || view_region(g, &v, c->cell, c->area) != r)
                continue;
            Hex h = board_hex(c->cell);
            lua_createtable(L, 0, 4);
            lua_pushinteger(L, v.count_in[r][p]); lua_setfield(L, -2, "size");
            lua_pushstring(L, biome_name(v.rg.biome[r])); lua_setfield(L, -2, "biome");
            lua_pushinteger(L, h.q); lua_setfield(L, -2, "q");
            lua_pushinteger(L, h.r); lua_setfield(L, -2, "r");
            lua_rawseti(L, -2, ++n);
            break;
        }
    }
    return 1;
}

/** game.land() -> every land stack as { q, r }, in board order */
static int l_land(lua_State *L)
{
    Game *g = current(L);
    lua_createtable(L, g->board.land_count, 0);
    for (int i = 0; i < g->board.land_count; i++) {
        Hex h = board_hex(g->board.land[i]);
        lua_createtable(L, 0, 2);
        lua_pushinteger(L, h.q); lua_setfield(L, -2, "q");
        lua_pushinteger(L, h.r); lua_setfield(L, -2, "r");
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/** game.tag(name) -> the id "decision" events carry for questions tagged name */
static int l_tag(lua_State *L)
{
    Session *s = lua_touserdata(L, lua_upvalueindex(1));
    int id = session_tag(s, luaL_checkstring(L, 1));
    if (id < 0)
        return luaL_error(L, "game.tag: too many question tags");
    lua_pushinteger(L, id);
    return 1;
}

/* ---- effects: change the game from a handler ---- */

static Session *session_of(lua_State *L) { return lua_touserdata(L, lua_upvalueindex(1)); }

/* The game to change; raises when the handler may only read (query events). */
static Game *mutable_game(lua_State *L, const char *fn)
{
    Session *s = session_of(L);
    if (s->read_only)
        luaL_error(L, "game.%s: this event only asks; handlers of it may not change the game", fn);
    return s->current;
}

static int check_biome(lua_State *L, int arg)
{
    int b = biome_by_name(luaL_checkstring(L, arg));
    luaL_argcheck(L, b >= 0, arg, "expected \"dark\", \"medium\" or \"light\"");
    return b;
}

static int check_cell(lua_State *L, int qarg)
{
    Hex h = hex_make((int)luaL_checkinteger(L, qarg), (int)luaL_checkinteger(L, qarg + 1));
    luaL_argcheck(L, board_in_bounds(h), qarg, "(q, r) lies off the board");
    return board_cell(h);
}

static int check_critter(lua_State *L, const Game *g, int parg)
{
    int p = check_player(L, g, parg);
    lua_Integer i = luaL_checkinteger(L, parg + 1);
    luaL_argcheck(L, i >= 1 && i <= g->rules.critters_per_player, parg + 1, "critters are numbered from 1");
    return critter_id(p, (int)i - 1);
}

static void effect_result(lua_State *L, int rc, const char *fn, const char *err)
{
    if (rc != 0)
        luaL_error(L, "game.%s: %s", fn, err);
}

/** game.gain(player, biome, n) -> resources actually taken from the supply */
static int l_gain(lua_State *L)
{
    Game *g = mutable_game(L, "gain");
    int p = check_player(L, g, 1), b = check_biome(L, 2);
    lua_pushinteger(L, effect_gain(g, p, b, (int)luaL_checkinteger(L, 3)));
    return 1;
}

/** game.lose(player, biome, n) -> resources actually returned to the supply */
static int l_lose(lua_State *L)
{
    Game *g = mutable_game(L, "lose");
    int p = check_player(L, g, 1), b = check_biome(L, 2);
    lua_pushinteger(L, effect_lose(g, p, b, (int)luaL_checkinteger(L, 3)));
    return 1;
}

static const char *const PLACE_NAMES[] = { "hand", "board", "crater", "grid", "sea", "unused" };

static void push_critter(lua_State *L, const Game *g, int id)
{
    const Critter *c = &g->player[id / MAX_CRITTERS].critters[id % MAX_CRITTERS];
    lua_createtable(L, 0, 6);
    lua_pushinteger(L, id / MAX_CRITTERS); lua_setfield(L, -2, "player");
    lua_pushinteger(L, id % MAX_CRITTERS + 1); lua_setfield(L, -2, "index");
    lua_pushstring(L, PLACE_NAMES[c->place]); lua_setfield(L, -2, "place");
    if (c->place == AT_BOARD || c->place == AT_SEA) {
        Hex h = board_hex(c->cell);
        lua_pushinteger(L, h.q); lua_setfield(L, -2, "q");
        lua_pushinteger(L, h.r); lua_setfield(L, -2, "r");
    }
    if (c->place == AT_BOARD) {
        lua_pushinteger(L, c->armour); lua_setfield(L, -2, "armour");
        lua_pushboolean(L, critter_dormant(c)); lua_setfield(L, -2, "dormant");
        lua_pushinteger(L, c->area + 1); lua_setfield(L, -2, "area");
        lua_pushstring(L, biome_name(board_area_biome(&g->board, &g->rules, c->cell, c->area)));
        lua_setfield(L, -2, "biome");
    }
}

/** game.critters(player) -> list of { player, index, place, q, r, area, biome } */
static int l_critters(lua_State *L)
{
    Game *g = current(L);
    int p = check_player(L, g, 1);
    lua_createtable(L, g->rules.critters_per_player, 0);
    for (int i = 0; i < g->rules.critters_per_player; i++) {
        push_critter(L, g, critter_id(p, i));
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/** game.critters_at(q, r) -> list of the critters standing on that stack */
static int l_critters_at(lua_State *L)
{
    Game *g = current(L);
    int cell = check_cell(L, 1);
    int ids[16];
    int n = critters_on_cell(g, cell, ids, 16);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        push_critter(L, g, ids[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/** game.to_hand(player, index): a board or sea critter back to its owner's hand */
static int l_to_hand(lua_State *L)
{
    Game *g = mutable_game(L, "to_hand");
    char err[128];
    effect_result(L, effect_to_hand(g, check_critter(L, g, 1), err, sizeof err), "to_hand", err);
    return 0;
}

/** game.erupt(player, q, r): a further eruption there, without an unlock */
static int l_erupt(lua_State *L)
{
    Game *g = mutable_game(L, "erupt");
    int p = check_player(L, g, 1);
    int cell = check_cell(L, 2);
    char err[128];
    effect_result(L, effect_erupt(g, p, cell, err, sizeof err), "erupt", err);
    return 0;
}

/** game.slide(from_q, from_r, to_q, to_r): a landslide onto a lower neighbouring stack */
static int l_slide(lua_State *L)
{
    Game *g = mutable_game(L, "slide");
    int from = check_cell(L, 1), to = check_cell(L, 3);
    char err[128];
    effect_result(L, effect_slide(g, from, to, err, sizeof err), "slide", err);
    return 0;
}

/** game.pay(player, n) -> true if paid: n resources of any types from the largest piles */
static int l_pay(lua_State *L)
{
    Game *g = mutable_game(L, "pay");
    int p = check_player(L, g, 1);
    char err[128];
    lua_pushboolean(L, effect_pay_any(g, p, (int)luaL_checkinteger(L, 2), err, sizeof err) == 0);
    return 1;
}

/** game.damage(player, index): a blow — armour absorbs it, else the critter goes to hand */
static int l_damage(lua_State *L)
{
    Game *g = mutable_game(L, "damage");
    char err[128];
    effect_result(L, effect_damage(g, check_critter(L, g, 1), err, sizeof err), "damage", err);
    return 0;
}

/** game.set_armour(player, index, n): extra hit points of a critter on the board */
static int l_set_armour(lua_State *L)
{
    Game *g = mutable_game(L, "set_armour");
    int id = check_critter(L, g, 1);
    char err[128];
    effect_result(L, effect_set_armour(g, id, (int)luaL_checkinteger(L, 3), err, sizeof err), "set_armour", err);
    return 0;
}

/** game.set_dormant(player, index, bool): a dormant critter stays put (see docs) */
static int l_set_dormant(lua_State *L)
{
    Game *g = mutable_game(L, "set_dormant");
    int id = check_critter(L, g, 1);
    luaL_checktype(L, 3, LUA_TBOOLEAN);
    char err[128];
    effect_result(L, effect_set_dormant(g, id, lua_toboolean(L, 3), err, sizeof err), "set_dormant", err);
    return 0;
}

/** game.move_critter(player, index, q, r, area): onto a free area of a land tile */
static int l_move_critter(lua_State *L)
{
    Game *g = mutable_game(L, "move_critter");
    int id = check_critter(L, g, 1);
    int cell = check_cell(L, 3);
    char err[128];
    effect_result(L, effect_move_critter(g, id, cell, (int)luaL_checkinteger(L, 5) - 1, err, sizeof err),
                  "move_critter", err);
    return 0;
}

/** game.neighbours(q, r) -> the six neighbouring {q, r}, clockwise from east */
static int l_neighbours(lua_State *L)
{
    Hex h = hex_make((int)luaL_checkinteger(L, 1), (int)luaL_checkinteger(L, 2));
    lua_createtable(L, HEX_DIRS, 0);
    for (int d = 0; d < HEX_DIRS; d++) {
        Hex n = hex_neighbour(h, d);
        lua_createtable(L, 0, 2);
        lua_pushinteger(L, n.q); lua_setfield(L, -2, "q");
        lua_pushinteger(L, n.r); lua_setfield(L, -2, "r");
        lua_rawseti(L, -2, d + 1);
    }
    return 1;
}

/** game.stack(q, r) -> { height, top = class name or nil, tile = type name, rotation, lava } */
static int l_stack(lua_State *L)
{
    Game *g = current(L);
    int cell = check_cell(L, 1);
    const Cell *c = &g->board.cells[cell];
    lua_createtable(L, 0, 5);
    lua_pushinteger(L, c->height); lua_setfield(L, -2, "height");
    lua_pushboolean(L, (c->flags & CELL_LAVA) != 0); lua_setfield(L, -2, "lava");
    lua_pushboolean(L, cell_frozen(g, cell)); lua_setfield(L, -2, "frozen");
    const PlacedTile *t = board_top(&g->board, cell);
    if (t) {
        const TileType *tt = &g->rules.tile_types[t->type];
        lua_pushstring(L, tile_class_name(tt->tile_class)); lua_setfield(L, -2, "top");
        lua_pushstring(L, tt->name); lua_setfield(L, -2, "tile");
        lua_pushinteger(L, t->rotation); lua_setfield(L, -2, "rotation");
        if (t->below != NO_TILE) {
            int under = g->rules.tile_types[g->board.tiles[t->below].type].tile_class;
            lua_pushstring(L, tile_class_name(under)); lua_setfield(L, -2, "under");
        }
    }
    return 1;
}

/** game.frozen(q, r) -> whether that position (land or ocean) is frozen */
static int l_frozen(lua_State *L)
{
    Game *g = current(L);
    lua_pushboolean(L, cell_frozen(g, check_cell(L, 1)));
    return 1;
}

/** game.freeze(q, r): that position (land or ocean) freezes */
static int l_freeze(lua_State *L)
{
    Game *g = mutable_game(L, "freeze");
    char err[128];
    effect_result(L, effect_freeze(g, check_cell(L, 1), err, sizeof err), "freeze", err);
    return 0;
}

/** game.spread_frozen() -> positions newly frozen: every neighbour of a frozen position freezes */
static int l_spread_frozen(lua_State *L)
{
    Game *g = mutable_game(L, "spread_frozen");
    lua_pushinteger(L, effect_spread_frozen(g));
    return 1;
}

/** game.place_critter(player, q, r, area): a critter from hand onto a free area */
static int l_place_critter(lua_State *L)
{
    Game *g = mutable_game(L, "place_critter");
    int p = check_player(L, g, 1);
    int cell = check_cell(L, 2);
    char err[128];
    effect_result(L, effect_place_critter(g, p, cell, (int)luaL_checkinteger(L, 4) - 1, err, sizeof err),
                  "place_critter", err);
    return 0;
}

/** game.stack_volcano(q, r) -> false when the supply has no volcano tile left, else true */
static int l_stack_volcano(lua_State *L)
{
    Game *g = mutable_game(L, "stack_volcano");
    int cell = check_cell(L, 1);
    if (g->supply_volcanoes == 0) {
        lua_pushboolean(L, 0);
        return 1;
    }
    char err[128];
    effect_result(L, effect_stack_volcano(g, cell, err, sizeof err), "stack_volcano", err);
    lua_pushboolean(L, 1);
    return 1;
}

/** game.add_lava(q, r): a lava token on a land stack; it flows on at the lava step */
static int l_add_lava(lua_State *L)
{
    Game *g = mutable_game(L, "add_lava");
    char err[128];
    effect_result(L, effect_add_lava(g, check_cell(L, 1), err, sizeof err), "add_lava", err);
    return 0;
}

/** game.quiet_volcano(): the volcano about to be activated sends no lava */
static int l_quiet_volcano(lua_State *L)
{
    effect_quiet_volcano(mutable_game(L, "quiet_volcano"));
    return 0;
}

/** game.trigger_end(reason): an end trigger (game.END) for the active player; the first one counts */
static int l_trigger_end(lua_State *L)
{
    Game *g = mutable_game(L, "trigger_end");
    char err[128];
    effect_result(L, effect_trigger_end(g, (int)luaL_checkinteger(L, 1), err, sizeof err), "trigger_end", err);
    return 0;
}

/** game.supply_volcanoes() -> volcano tiles left in the supply */
static int l_supply_volcanoes(lua_State *L)
{
    lua_pushinteger(L, current(L)->supply_volcanoes);
    return 1;
}

/** game.remove_top(q, r): the top tile of a stack of 2+ leaves the game */
static int l_remove_top(lua_State *L)
{
    Game *g = mutable_game(L, "remove_top");
    char err[128];
    effect_result(L, effect_remove_top(g, check_cell(L, 1), err, sizeof err), "remove_top", err);
    return 0;
}

/** game.rotate_top(q, r, rotation): turn the top land tile (critters on it go to hand) */
static int l_rotate_top(lua_State *L)
{
    Game *g = mutable_game(L, "rotate_top");
    int cell = check_cell(L, 1);
    char err[128];
    effect_result(L, effect_rotate_top(g, cell, (int)luaL_checkinteger(L, 3), err, sizeof err), "rotate_top",
                  err);
    return 0;
}

/** game.roll(sides) -> 1..sides from the game's RNG (a logged die) */
static int l_roll(lua_State *L)
{
    Game *g = mutable_game(L, "roll");
    lua_Integer n = luaL_checkinteger(L, 1);
    luaL_argcheck(L, n >= 1 && n <= 1000, 1, "a die has 1..1000 sides");
    lua_pushinteger(L, (lua_Integer)rng_below(&g->rng, (uint32_t)n) + 1);
    return 1;
}

static int check_ability(lua_State *L, int arg)
{
    int a = ability_by_name(luaL_checkstring(L, arg));
    luaL_argcheck(L, a >= 0, arg, "unknown ability (see docs/lua-api.md)");
    return a;
}

/** game.set_ability(player, name, value) */
static int l_set_ability(lua_State *L)
{
    Game *g = mutable_game(L, "set_ability");
    int p = check_player(L, g, 1), a = check_ability(L, 2);
    char err[128];
    effect_result(L, effect_set_ability(g, p, a, (int)luaL_checkinteger(L, 3), err, sizeof err), "set_ability",
                  err);
    return 0;
}

/** game.ability(player, name) -> value */
static int l_ability(lua_State *L)
{
    Game *g = current(L);
    int p = check_player(L, g, 1), a = check_ability(L, 2);
    lua_pushinteger(L, g->player[p].ability[a]);
    return 1;
}

static int card_index(const Game *g, const char *name)
{
    for (int i = 0; i < g->rules.power_card_count; i++)
        if (strcmp(g->rules.power_cards[i].name, name) == 0)
            return i;
    return -1;
}

/** game.holds(player, card_name) -> whether the player has unlocked that power */
static int l_holds(lua_State *L)
{
    Game *g = current(L);
    int p = check_player(L, g, 1);
    int card = card_index(g, luaL_checkstring(L, 2));
    lua_pushboolean(L, card >= 0 && player_holds_card(g, p, card));
    return 1;
}

/** game.card(index) -> { name, stars, level_min, level_max } for ev.card values */
static int l_card_info(lua_State *L)
{
    Game *g = current(L);
    lua_Integer i = luaL_checkinteger(L, 1);
    luaL_argcheck(L, i >= 0 && i < g->rules.power_card_count, 1, "no such card");
    const PowerCard *c = &g->rules.power_cards[i];
    lua_createtable(L, 0, 4);
    lua_pushstring(L, c->name); lua_setfield(L, -2, "name");
    lua_pushinteger(L, c->stars); lua_setfield(L, -2, "stars");
    lua_pushinteger(L, c->level_min); lua_setfield(L, -2, "level_min");
    lua_pushinteger(L, c->level_max); lua_setfield(L, -2, "level_max");
    lua_pushboolean(L, c->bolt); lua_setfield(L, -2, "bolt");
    return 1;
}

static const luaL_Reg FUNCS[] = {
    { "slot", l_slot },
    { "add_moves", l_add_moves },
    { "divert_lava", l_divert_lava },
    { "lava_flows", l_lava_flows },
    { "add_buys", l_add_buys },
    { "land", l_land },
    { "supply", l_supply },
    { "groups", l_groups },
    { "biome_areas", l_biome_areas },
    { "gain", l_gain },
    { "lose", l_lose },
    { "critters", l_critters },
    { "critters_at", l_critters_at },
    { "to_hand", l_to_hand },
    { "damage", l_damage },
    { "pay", l_pay },
    { "erupt", l_erupt },
    { "slide", l_slide },
    { "set_armour", l_set_armour },
    { "set_dormant", l_set_dormant },
    { "move_critter", l_move_critter },
    { "neighbours", l_neighbours },
    { "stack", l_stack },
    { "frozen", l_frozen },
    { "freeze", l_freeze },
    { "spread_frozen", l_spread_frozen },
    { "place_critter", l_place_critter },
    { "stack_volcano", l_stack_volcano },
    { "add_lava", l_add_lava },
    { "quiet_volcano", l_quiet_volcano },
    { "trigger_end", l_trigger_end },
    { "supply_volcanoes", l_supply_volcanoes },
    { "remove_top", l_remove_top },
    { "rotate_top", l_rotate_top },
    { "roll", l_roll },
    { "set_ability", l_set_ability },
    { "ability", l_ability },
    { "holds", l_holds },
    { "card", l_card_info },
    { "ask", l_ask },
    { "tag", l_tag },
    { "players", l_players },
    { "active", l_active },
    { "first_player", l_first_player },
    { "turn", l_turn },
    { "mode", l_mode },
    { "lava_count", l_lava_count },
    { "variant", l_variant },
    { "end_triggered", l_end_triggered },
    { "trigger_player", l_trigger_player },
    { "targeting_threshold", l_targeting_threshold },
    { "critters_on_land", l_critters_on_land },
    { "hand", l_hand },
    { "crater", l_crater },
    { "resources", l_resources },
    { "var", l_var },
    { "set_var", l_set_var },
    { NULL, NULL },
};

Game *lgame_current(lua_State *L) { return current(L); }
int lgame_check_player(lua_State *L, const Game *g, int arg) { return check_player(L, g, arg); }
int lgame_check_cell(lua_State *L, int qarg) { return check_cell(L, qarg); }
int lgame_check_critter(lua_State *L, const Game *g, int parg) { return check_critter(L, g, parg); }
void lgame_effect_result(lua_State *L, int rc, const char *fn, const char *err) { effect_result(L, rc, fn, err); }
Game *lgame_mutable(lua_State *L, const char *fn) { return mutable_game(L, fn); }

static int open_game(lua_State *L)
{
    lua_getfield(L, LUA_REGISTRYINDEX, SESSION_KEY);
    Session *s = lua_touserdata(L, -1);
    lua_pop(L, 1);
    luaL_newlibtable(L, FUNCS);
    lua_pushlightuserdata(L, s);
    luaL_setfuncs(L, FUNCS, 1);
    /* Bindings kept in files of their own (lgame_*.c), same upvalue. */
    const luaL_Reg *const more[] = { LGAME_SEA_FUNCS, LGAME_ISLAND_FUNCS, LGAME_PARAMS_FUNCS };
    for (size_t i = 0; i < sizeof more / sizeof more[0]; i++) {
        lua_pushlightuserdata(L, s);
        luaL_setfuncs(L, more[i], 1);
    }
    lua_createtable(L, 0, MODE_COUNT);
    lua_pushinteger(L, MODE_NORMAL); lua_setfield(L, -2, "normal");
    lua_pushinteger(L, MODE_FINAL); lua_setfield(L, -2, "final");
    lua_pushinteger(L, MODE_FINALE); lua_setfield(L, -2, "finale");
    lua_setfield(L, -2, "MODE");
    lua_createtable(L, 0, PHASE_COUNT);
    for (int p = 0; p < PHASE_COUNT; p++) {
        lua_pushinteger(L, p);
        lua_setfield(L, -2, phase_name(p));
    }
    lua_setfield(L, -2, "PHASE");
    static const char *const COST_NAMES[COST_ITEM_COUNT] = {
        "uno", "duo", "trio", "volcano", "island", "caldera", "sacrifice", "evacuation", "point",
    };
    lua_createtable(L, 0, COST_ITEM_COUNT);
    for (int c = 0; c < COST_ITEM_COUNT; c++) {
        lua_pushinteger(L, c);
        lua_setfield(L, -2, COST_NAMES[c]);
    }
    lua_setfield(L, -2, "COST");
    lua_createtable(L, 0, 6);
    for (int r = END_SUPPLY; r <= END_STALLED; r++) {
        lua_pushinteger(L, r);
        lua_setfield(L, -2, end_reason_name(r));
    }
    lua_setfield(L, -2, "END");
    return 1;
}

/** card{ name = "...", levels = { min, max }, middle = bool, stars = n, text = "..." }
 * Declares a power card while the power scripts load (scripts/powers/). */
static int l_declare_card(lua_State *L)
{
    lua_getfield(L, LUA_REGISTRYINDEX, SESSION_KEY);
    Session *s = lua_touserdata(L, -1);
    lua_pop(L, 1);
    luaL_checktype(L, 1, LUA_TTABLE);
    if (s->cards_frozen)
        return luaL_error(L, "card: cards are declared only while the power scripts load");
    Rules *r = &s->rules;
    if (r->power_card_count >= MAX_POWER_CARDS)
        return luaL_error(L, "card: more than %d power cards", MAX_POWER_CARDS);
    PowerCard c;
    memset(&c, 0, sizeof c);
    lua_getfield(L, 1, "name");
    const char *name = lua_tostring(L, -1);
    if (!name || !*name || strlen(name) >= NAME_LEN)
        return luaL_error(L, "card: 'name' must be a string of 1..%d characters", NAME_LEN - 1);
    snprintf(c.name, sizeof c.name, "%s", name);
    lua_pop(L, 1);
    for (int i = 0; i < r->power_card_count; i++)
        if (strcmp(r->power_cards[i].name, c.name) == 0)
            return luaL_error(L, "card: '%s' is declared twice", c.name);
    lua_getfield(L, 1, "levels");
    if (!lua_istable(L, -1))
        return luaL_error(L, "card '%s': 'levels' must be { min, max }", c.name);
    lua_rawgeti(L, -1, 1);
    lua_rawgeti(L, -2, 2);
    lua_Integer lo = lua_tointeger(L, -2), hi = lua_tointeger(L, -1);
    lua_pop(L, 3);
    if (lo < 1 || hi > 5 || lo > hi)
        return luaL_error(L, "card '%s': levels must lie in 1..5, min first", c.name);
    c.level_min = (uint8_t)lo;
    c.level_max = (uint8_t)hi;
    lua_getfield(L, 1, "middle");
    c.middle_only = (uint8_t)lua_toboolean(L, -1);
    lua_pop(L, 1);
    lua_getfield(L, 1, "bolt");
    c.bolt = (uint8_t)lua_toboolean(L, -1);
    lua_pop(L, 1);
    lua_getfield(L, 1, "stars");
    int isnum = 0;
    lua_Integer stars = lua_tointegerx(L, -1, &isnum);
    lua_pop(L, 1);
    if (!isnum || stars < 0 || stars > 9)
        return luaL_error(L, "card '%s': 'stars' must be 0..9", c.name);
    c.stars = (uint8_t)stars;
    struct SessionCardDoc *doc = &s->card_docs[r->power_card_count];
    memset(doc, 0, sizeof *doc);
    lua_getfield(L, 1, "text");
    snprintf(doc->text, sizeof doc->text, "%s", lua_isstring(L, -1) ? lua_tostring(L, -1) : "");
    lua_getfield(L, 1, "ruling");
    snprintf(doc->ruling, sizeof doc->ruling, "%s", lua_isstring(L, -1) ? lua_tostring(L, -1) : "");
    lua_pop(L, 2);
    lua_Debug ar;
    if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "S", &ar))
        snprintf(doc->chunk, sizeof doc->chunk, "%s", ar.short_src);
    r->power_cards[r->power_card_count++] = c;
    lua_pushinteger(L, r->power_card_count - 1);
    return 1;
}

int lgame_install(Script *script, Session *session, char *err, int errlen)
{
    lua_State *L = script_lua(script);
    lua_pushlightuserdata(L, session);
    lua_setfield(L, LUA_REGISTRYINDEX, SESSION_KEY);
    if (script_add_global(script, "card", l_declare_card) != 0 ||
        script_add_global_lib(script, "game", open_game) != 0) {
        snprintf(err, (size_t)errlen, "cannot install the game library");
        return -1;
    }
    return 0;
}
