#include "lgame.h"

#include <lauxlib.h>
#include <lua.h>
#include <stdio.h>
#include <string.h>

#include "core_internal.h"
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
    lua_pushinteger(L, land_critter_count(g, check_player(L, g, 1)));
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
                  "variables are numbered 1..32");
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
    Game *g = s->current;
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

static const luaL_Reg FUNCS[] = {
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

static int open_game(lua_State *L)
{
    lua_getfield(L, LUA_REGISTRYINDEX, SESSION_KEY);
    Session *s = lua_touserdata(L, -1);
    lua_pop(L, 1);
    luaL_newlibtable(L, FUNCS);
    lua_pushlightuserdata(L, s);
    luaL_setfuncs(L, FUNCS, 1);
    lua_createtable(L, 0, MODE_COUNT);
    lua_pushinteger(L, MODE_NORMAL); lua_setfield(L, -2, "normal");
    lua_pushinteger(L, MODE_FINAL); lua_setfield(L, -2, "final");
    lua_pushinteger(L, MODE_FINALE); lua_setfield(L, -2, "finale");
    lua_setfield(L, -2, "MODE");
    lua_createtable(L, 0, 6);
    for (int r = END_SUPPLY; r <= END_STALLED; r++) {
        lua_pushinteger(L, r);
        lua_setfield(L, -2, end_reason_name(r));
    }
    lua_setfield(L, -2, "END");
    return 1;
}

int lgame_install(Script *script, Session *session, char *err, int errlen)
{
    lua_State *L = script_lua(script);
    lua_pushlightuserdata(L, session);
    lua_setfield(L, LUA_REGISTRYINDEX, SESSION_KEY);
    if (script_add_global_lib(script, "game", open_game) != 0) {
        snprintf(err, (size_t)errlen, "cannot install the game library");
        return -1;
    }
    return 0;
}
