/* Needs: what a deciding player must have before a script is asked whether
 * it offers anything (game.action's `needs`, card{}'s `bolt_needs`).
 *
 *   needs = { resources = 4, crater = "island_crater_critters", hand = 1,
 *             crater_room = true, purchase = true, lava = 1, holder = false }
 *
 * A count is at least that many: a number, or the name of a rule number
 * (game.rule), read from the game's rules when checked. Each need is checked
 * in C before any Lua runs, so an offer that most decisions cannot have costs
 * no Lua call there; the script's own function still decides everything the
 * needs leave open. */
#include "lgame.h"

#include "query.h"
#include "lsandbox.h"

/* The count field `name` of the table at t: absent, 0..255 or a rule's name. */
static SessionCount read_count(lua_State *L, int t, const char *what, const char *name)
{
    SessionCount c = { 0, 0 };
    lua_getfield(L, t, name);
    int isint = 0;
    lua_Integer v = lua_tointegerx(L, -1, &isint);
    if (lua_type(L, -1) == LUA_TSTRING) {
        char where[NAME_LEN + 64];
        snprintf(where, sizeof where, "%s: '%s'", what, name);
        c.rule = (uint16_t)(lgame_rule_number_at(L, lua_tostring(L, -1), where) + 1);
    } else if (!lua_isnil(L, -1)) {
        if (!isint || lua_type(L, -1) != LUA_TNUMBER || v < 0 || v > 255)
            luaL_error(L, "%s: '%s' must be an integer 0..255 or a rule's name, not %s", what, name,
                       luaL_tolstring(L, -1, NULL));
        c.at_least = (uint8_t)v;
    }
    lua_pop(L, 1);
    return c;
}

/* The boolean field `name` of the table at t: absent is false. */
static uint8_t read_flag(lua_State *L, int t, const char *what, const char *name)
{
    int type = lua_getfield(L, t, name);
    if (type != LUA_TNIL && type != LUA_TBOOLEAN)
        luaL_error(L, "%s: '%s' must be true or false", what, name);
    uint8_t on = (uint8_t)lua_toboolean(L, -1);
    lua_pop(L, 1);
    return on;
}

void lgame_read_needs(lua_State *L, int t, const char *what, int has_card, SessionNeeds *out)
{
    static const char *const KNOWN[] = { "resources", "crater", "hand", "lava", "crater_room", "purchase", "holder",
                                         NULL };
    *out = (SessionNeeds){ 0 };
    if (lua_isnil(L, t))
        return;
    if (!lua_istable(L, t))
        luaL_error(L, "%s must be a table { resources = n, crater = n, hand = n, lava = n, crater_room = true, "
                      "purchase = true, holder = true/false }", what);
    t = lua_absindex(L, t);
    sb_check_keys(L, t, what, KNOWN);
    out->resources = read_count(L, t, what, "resources");
    out->crater = read_count(L, t, what, "crater");
    out->hand = read_count(L, t, what, "hand");
    out->lava = read_count(L, t, what, "lava");
    out->crater_room = read_flag(L, t, what, "crater_room");
    out->purchase = read_flag(L, t, what, "purchase");
    lua_getfield(L, t, "holder");
    if (!lua_isnil(L, -1)) {
        if (!lua_isboolean(L, -1))
            luaL_error(L, "%s: 'holder' must be true or false", what);
        if (!has_card)
            luaL_error(L, "%s: 'holder' needs the card the player must (not) hold", what);
        out->holder = lua_toboolean(L, -1) ? SESSION_NEEDS_HOLDER : SESSION_NEEDS_NOT_HOLDER;
    }
    lua_pop(L, 1);
}

static int count_of(const Game *g, SessionCount c)
{
    return c.rule ? ((const uint8_t *)&g->rules)[c.rule - 1] : c.at_least;
}

int lgame_needs_met(const Game *g, int player, const SessionNeeds *n, int card)
{
    if (count_of(g, n->resources) > player_resource_total(&g->player[player]))
        return 0;
    int crater = count_of(g, n->crater);
    if (crater || n->crater_room) {
        int in_crater = game_crater_count(g, player);
        if (in_crater < crater || (n->crater_room && in_crater >= g->rules.crater_capacity))
            return 0;
    }
    if (n->purchase && (player != g->active || g->buys_made >= 1 + g->extra_buys))
        return 0;
    if (g->lava_count < count_of(g, n->lava))
        return 0;
    int hand = count_of(g, n->hand);
    if (hand && game_hand_count(g, player) < hand)
        return 0;
    if (n->holder != SESSION_NEEDS_ANY_HOLDER && card >= 0 &&
        player_holds_card(g, player, card) != (n->holder == SESSION_NEEDS_HOLDER))
        return 0;
    return 1;
}
