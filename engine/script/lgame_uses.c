/* game.uses: how many times a power may still be used this turn, counted in
 * C over engine-owned state, so that offers, bolt offers and handlers ask it
 * cheaply and game.action{ uses = U } is checked before any Lua runs.
 *
 *   local uses = game.uses{ card = "Digging", per_turn = 1 }
 *   uses.left(player)    -> uses left this turn: per_turn for a holder (0
 *                           for others), plus one per Caldera bolt of the
 *                           card played this turn, minus the uses spent;
 *                           per_turn = "unlimited": a holder always has
 *                           LGAME_USES_UNLIMITED, whatever was spent
 *   uses.spend(player)   -- one use taken
 *   uses.bolt(player)    -- a bolt of the card was played
 *
 * Called while the script loads; it declares the state
 *   { spent = per_player{ turn = 0, count = 0 }, bolts = per_player{ ... } }
 * (the layout scripts/lib/uses.lua declared before, so saves keep their
 * hashes). A counter's turn that is not the game's turn reads as 0. */
#include "lgame.h"

#include <string.h>

#include "lsandbox.h"
#include "query.h"

static int uses_key;   /* its address keys a counter's index in its table */

int lgame_uses_left(const Session *s, const Game *g, int id, int player)
{
    const SessionUses *u = &s->uses[id];
    const int32_t *st = g->state + player * u->stride;
    bool holder = u->card >= 0 && player_holds_card(g, player, u->card);
    if (holder && u->per_turn < 0)
        return LGAME_USES_UNLIMITED;
    int left = holder ? u->per_turn : 0;
    left += st[u->bolts_turn] == g->turn ? st[u->bolts_count] : 0;
    left -= st[u->spent_turn] == g->turn ? st[u->spent_count] : 0;
    return left;
}

/* The counter a function of game.uses belongs to: upvalue 2 (the session is upvalue 1). */
static int counter_id(lua_State *L)
{
    return (int)lua_tointeger(L, lua_upvalueindex(2));
}

static int l_left(lua_State *L)
{
    Game *g = lgame_current(L);
    int player = lgame_check_player(L, g, 1);
    lua_pushinteger(L, lgame_uses_left(lgame_session(L), g, counter_id(L), player));
    return 1;
}

/* One more in `player`'s bolts (or spent uses), restarted on a new turn. */
static int add(lua_State *L, bool bolt)
{
    const SessionUses *u = &lgame_session(L)->uses[counter_id(L)];
    int player = lgame_check_player(L, lgame_current(L), 1);
    Game *g = lgame_mutable(L, "uses");
    int32_t *st = g->state + player * u->stride;
    int turn = bolt ? u->bolts_turn : u->spent_turn, count = bolt ? u->bolts_count : u->spent_count;
    if (st[turn] != g->turn) {
        st[turn] = g->turn;
        st[count] = 0;
    }
    st[count]++;
    return 0;
}

static int l_spend(lua_State *L) { return add(L, false); }
static int l_bolt(lua_State *L) { return add(L, true); }

/* Calls game.<name> (a function of LGAME_STATE_FUNCS) on the value on top, replacing it with the result. */
static void call_state_function(lua_State *L, const char *name)
{
    for (const luaL_Reg *r = LGAME_STATE_FUNCS; r->name; r++)
        if (strcmp(r->name, name) == 0) {
            lua_pushlightuserdata(L, lgame_session(L));
            lua_pushcclosure(L, r->func, 1);
            lua_insert(L, -2);
            lua_call(L, 1, 1);
            return;
        }
    luaL_error(L, "game.uses: no game.%s", name);
}

/* Pushes per_player{ turn = 0, count = 0 }. */
static void push_counter_declaration(lua_State *L)
{
    lua_createtable(L, 0, 2);
    lua_pushinteger(L, 0);
    lua_setfield(L, -2, "turn");
    lua_pushinteger(L, 0);
    lua_setfield(L, -2, "count");
    call_state_function(L, "per_player");
}

/* Declares the counters' state and fills u's slots from it. */
static void declare_state(lua_State *L, SessionUses *u)
{
    lua_createtable(L, 0, 2);
    push_counter_declaration(L);
    lua_setfield(L, -2, "spent");
    push_counter_declaration(L);
    lua_setfield(L, -2, "bolts");
    call_state_function(L, "state");
    u->bolts_turn = lgame_state_slot(L, -1, "bolts.0.turn");
    u->bolts_count = lgame_state_slot(L, -1, "bolts.0.count");
    u->spent_turn = lgame_state_slot(L, -1, "spent.0.turn");
    u->spent_count = lgame_state_slot(L, -1, "spent.0.count");
    u->stride = lgame_state_slot(L, -1, "spent.1.turn") - u->spent_turn;
    lua_pop(L, 1);
}

/** game.uses{ card = NAME, per_turn = 1 | "unlimited" } -> { left, spend, bolt } */
static int l_uses(lua_State *L)
{
    lgame_check_loading(L, "game.uses");
    Session *s = lgame_session(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    static const char *const KNOWN[] = { "card", "per_turn", NULL };
    sb_check_keys(L, 1, "game.uses", KNOWN);
    if (s->uses_count >= SESSION_MAX_USES)
        return luaL_error(L, "game.uses: at most %d counters", SESSION_MAX_USES);
    SessionUses *u = &s->uses[s->uses_count];
    memset(u, 0, sizeof *u);
    if (lua_getfield(L, 1, "card") != LUA_TSTRING)
        return luaL_error(L, "game.uses: 'card' is the power card's name");
    snprintf(u->card_name, sizeof u->card_name, "%s", lua_tostring(L, -1));
    lua_getfield(L, 1, "per_turn");
    lua_Integer per_turn = lua_isinteger(L, -1) ? lua_tointeger(L, -1) : 1;   /* range checked before it narrows */
    if (lua_type(L, -1) == LUA_TSTRING && strcmp(lua_tostring(L, -1), "unlimited") == 0)
        per_turn = -1;
    else if (!lua_isnoneornil(L, -1) && (!lua_isinteger(L, -1) || per_turn < 0 || per_turn > 100))
        return luaL_error(L, "game.uses: 'per_turn' is an integer 0..100 or \"unlimited\", not %s",
                          sb_tostring(L, -1));
    u->per_turn = (int)per_turn;
    lua_settop(L, 1);
    u->card = -1;
    u->chunk = lgame_caller_chunk(L);
    declare_state(L, u);
    int id = s->uses_count++;
    static const luaL_Reg FUNCS[] = { { "left", l_left }, { "spend", l_spend }, { "bolt", l_bolt }, { NULL, NULL } };
    lua_createtable(L, 0, 4);
    for (const luaL_Reg *r = FUNCS; r->name; r++) {
        lua_pushlightuserdata(L, s);
        lua_pushinteger(L, id);
        lua_pushcclosure(L, r->func, 2);
        lua_setfield(L, -2, r->name);
    }
    lua_pushinteger(L, id);
    lua_rawsetp(L, -2, &uses_key);
    return 1;
}

int lgame_uses_of(lua_State *L, int idx)
{
    if (lua_type(L, idx) != LUA_TTABLE)
        return -1;
    idx = lua_absindex(L, idx);
    lua_pushvalue(L, idx);
    sb_plain(L, -1);
    int id = lua_rawgetp(L, -1, &uses_key) == LUA_TNUMBER ? (int)lua_tointeger(L, -1) : -1;
    lua_pop(L, 2);
    return id;
}

const luaL_Reg LGAME_USES_FUNCS[] = {
    { "uses", l_uses },
    { NULL, NULL },
};
