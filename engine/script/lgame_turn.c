/* Readers of the turn and of the rules' numbers: what a power needs to say
 * whether it can act now (a bolt's offer, an action's offers) without
 * copying content values or counting the turn's purchases itself. */
#include "lgame.h"

#include <stddef.h>
#include <string.h>

#include "placement.h"
#include "query.h"

static void set_int(lua_State *L, const char *key, lua_Integer v)
{
    lua_pushinteger(L, v);
    lua_setfield(L, -2, key);
}

static const char *const TURN_FIELDS[] = { "player", "moves_left", "buys_made", "buys_allowed", "caldera_bought",
                                            "sacrificed_board", "sacrificed_hand", "sacrifices_allowed", NULL };

/* Field i of TURN_FIELDS for game g. */
static int turn_field(const Game *g, int i)
{
    const Player *pl = &g->player[g->active];
    switch (i) {
    case 0: return g->active;
    case 1: return g->moves_left;
    case 2: return g->buys_made;
    case 3: return 1 + g->extra_buys;
    case 4: return pl->caldera_bought;
    case 5: return pl->sacrificed_board;
    case 6: return pl->sacrificed_hand;
    default: return g->rules.modes[g->mode].sacrifices_per_turn;
    }
}

/** game.turn_state([name]) -> { player, moves_left, buys_made, buys_allowed,
 *  caldera_bought, sacrificed_board, sacrificed_hand, sacrifices_allowed }:
 *  the active player's turn so far; with a field's name, that value alone,
 *  without the table. */
static int l_turn_state(lua_State *L)
{
    const Game *g = lgame_current(L);
    if (!lua_isnoneornil(L, 1)) {
        lua_pushinteger(L, turn_field(g, lgame_check_option(L, 1, NULL, TURN_FIELDS)));
        return 1;
    }
    lua_createtable(L, 0, 8);
    for (int i = 0; TURN_FIELDS[i]; i++)
        set_int(L, TURN_FIELDS[i], turn_field(g, i));
    return 1;
}

/** game.price(player, item) -> { any, alike, each, distinct }: what `item`
 *  ("uno", "duo", "trio", "volcano", "island", "caldera", "sacrifice",
 *  "evacuation", "point") costs that player now, after the "cost" handlers. */
static int l_price(lua_State *L)
{
    Game *g = lgame_current(L);
    int p = lgame_check_player(L, g, 1);
    const char *name = luaL_checkstring(L, 2);
    int item = -1;
    for (int i = 0; i < COST_ITEM_COUNT; i++)
        if (strcmp(cost_item_name(i), name) == 0)
            item = i;
    if (item < 0)
        return luaL_argerror(L, 2, lua_pushfstring(L, "'%s' is not a priced item (uno, duo, trio, volcano, island, "
                                                     "caldera, sacrifice, evacuation, point)", name));
    Cost c = game_item_cost(g, p, item);
    lua_createtable(L, 0, 4);
    set_int(L, "any", c.any);
    set_int(L, "alike", c.alike);
    set_int(L, "each", c.each);
    lua_pushboolean(L, c.distinct);
    lua_setfield(L, -2, "distinct");
    return 1;
}

/* The rules game.rule reads by name: each a uint8_t of Rules, a number or
 * an option (a boolean). */
static const struct {
    const char *name;
    size_t offset;
    bool option;
} RULE[] = {
    { "critters_per_player", offsetof(Rules, critters_per_player), false },
    { "resource_cap", offsetof(Rules, resource_cap), false },
    { "crater_capacity", offsetof(Rules, crater_capacity), false },
    { "resources_per_type", offsetof(Rules, resources_per_type), false },
    { "later_player_bonus", offsetof(Rules, later_player_bonus), false },
    { "volcanoes_per_player", offsetof(Rules, volcanoes_per_player), false },
    { "targeting_threshold", offsetof(Rules, targeting_threshold), false },
    { "island_crater_critters", offsetof(Rules, island_crater_critters), false },
    { "island_tiles", offsetof(Rules, island_tiles), false },
    { "island_max_distance", offsetof(Rules, island_max_distance), false },
    { "cliffs_block_biomes", offsetof(Rules, cliffs_block_biomes), true },
    { "cools_in_place", offsetof(Rules, soil_cooling), true },
};
#define RULE_COUNT (sizeof RULE / sizeof RULE[0])

/* Pushes "name, name, ..." of the rules (numbers only: `numbers`). */
static const char *push_rule_names(lua_State *L, bool numbers)
{
    luaL_Buffer known;
    luaL_buffinit(L, &known);
    for (size_t i = 0, n = 0; i < RULE_COUNT; i++) {
        if (numbers && RULE[i].option)
            continue;
        if (n++)
            luaL_addstring(&known, ", ");
        luaL_addstring(&known, RULE[i].name);
    }
    luaL_pushresult(&known);
    return lua_tostring(L, -1);
}

/* The index in RULE of the rule called `name`, or -1. */
static int rule_by_name(const char *name)
{
    for (size_t i = 0; i < RULE_COUNT; i++)
        if (strcmp(RULE[i].name, name) == 0)
            return (int)i;
    return -1;
}

int lgame_rule_number_at(lua_State *L, const char *name, const char *what)
{
    int i = rule_by_name(name);
    if (i < 0 || RULE[i].option)
        return luaL_error(L, "%s: no rule number is called '%s' (%s)", what, name, push_rule_names(L, true));
    return (int)RULE[i].offset;
}

/** game.rule(name) -> the rules' number of that name, or their option's
 *  boolean (the files of content/). */
static int l_rule(lua_State *L)
{
    const Game *g = lgame_current(L);
    const char *name = luaL_checkstring(L, 1);
    int i = rule_by_name(name);
    if (i < 0)
        return luaL_argerror(L, 1, lua_pushfstring(L, "no rule called '%s' (%s)", name, push_rule_names(L, false)));
    uint8_t value = ((const uint8_t *)&g->rules)[RULE[i].offset];
    if (RULE[i].option)
        lua_pushboolean(L, value);
    else
        lua_pushinteger(L, value);
    return 1;
}

/** game.caldera(player) -> the names of the Caldera cards in that player's hand. */
static int l_caldera(lua_State *L)
{
    const Game *g = lgame_current(L);
    const Player *pl = &g->player[lgame_check_player(L, g, 1)];
    lua_createtable(L, pl->caldera_count, 0);
    for (int i = 0; i < pl->caldera_count; i++) {
        lua_pushstring(L, g->rules.power_cards[pl->caldera[i]].name);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/** game.volcano_targets() -> the stacks a volcano the active player sets off
 *  could erupt on now (the targeting rules of the player count), as places. */
static int l_volcano_targets(lua_State *L)
{
    Game *g = lgame_current(L);
    Option *o = lgame_session(L)->option_scratch;
    int n = 0;
    list_volcano_targets(g, game_target_players(g), o, &n, MAX_OPTIONS);
    if (n > MAX_OPTIONS)
        n = MAX_OPTIONS;
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lgame_push_place(L, o[i].cell);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/** game.lava() -> every lava token: { q, r, ocean } (ocean: it will cool to
 * soil). game.each_lava: the same as a walk of q, r, ocean. */
static int lava(lua_State *L, int walk)
{
    const Game *g = lgame_current(L);
    LgameStep steps[MAX_LAVA];
    int n = g->lava_count;
    for (int i = 0; i < n; i++)
        steps[i] = (LgameStep){ .cell = g->lava[i].cell, .a = g->lava[i].in_ocean };
    if (walk)
        return lgame_push_walk(L, LGAME_WALK_FLAG, steps, n);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lgame_push_place_room(L, steps[i].cell, 1);
        lua_pushboolean(L, steps[i].a);
        lua_setfield(L, -2, "ocean");
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}
static int l_lava(lua_State *L) { return lava(L, 0); }
static int l_each_lava(lua_State *L) { return lava(L, 1); }

const luaL_Reg LGAME_TURN_FUNCS[] = {
    { "turn_state", l_turn_state },
    { "price", l_price },
    { "rule", l_rule },
    { "caldera", l_caldera },
    { "volcano_targets", l_volcano_targets },
    { "lava", l_lava },
    { "each_lava", l_each_lava },
    { NULL, NULL },
};
