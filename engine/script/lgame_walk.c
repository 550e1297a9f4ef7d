/* Walks: the game.each_ readers. A walk gives what a list reader gives, as
 * the values of a generic for, one element per step, without a table per
 * element (lgame.h, LgameStep):
 *     for q, r in game.each_land() do ... end
 * Contract: a walk is a snapshot of the list at the call (the same elements
 * in the same order); changing the game in the loop's body changes nothing
 * the walk gives. It costs one userdata whatever its length, and its step
 * function reads only that userdata, never the game. */
#include "lgame.h"

#include <string.h>

#include "board.h"
#include "lsandbox.h"

_Static_assert(BOARD_CELLS <= NO_CELL, "a step's cell fits its 16 bits");

typedef struct Walk {
    uint64_t call;        /* the call that made it (sb_call_serial): it lives within that call */
    uint16_t next;        /* the step the next call gives */
    uint16_t count;
    uint8_t kind;         /* LgameWalkKind: what a step gives */
    LgameStep step[];
} Walk;

/* Pushes q and r of `cell`, or two nils for NO_CELL. */
static void push_hex(lua_State *L, int cell)
{
    if (cell == NO_CELL) {
        lua_pushnil(L);
        lua_pushnil(L);
        return;
    }
    Hex h = board_hex(cell);
    lua_pushinteger(L, h.q);
    lua_pushinteger(L, h.r);
}

/* The iterator of every walk: (walk, ignored) -> the next step's values, or
 * nil past the last. Upvalue 1: the walks' metatable, which tells a walk
 * from any other value a script could pass. */
static int walk_step(lua_State *L)
{
    Walk *w = lua_touserdata(L, 1);
    if (!w || !lua_getmetatable(L, 1) || !lua_rawequal(L, -1, lua_upvalueindex(1)))
        return luaL_argerror(L, 1, "a walk from a game.each_ reader");
    sb_check_call(L, w->call, "a game.each_ walk");
    if (w->next >= w->count) {
        lua_pushnil(L);
        return 1;
    }
    const LgameStep *st = &w->step[w->next++];
    switch (w->kind) {
    case LGAME_WALK_PLACES:
        push_hex(L, st->cell);
        return 2;
    case LGAME_WALK_FLAG:
        push_hex(L, st->cell);
        lua_pushboolean(L, st->a);
        return 3;
    case LGAME_WALK_NUMBER:
        push_hex(L, st->cell);
        lua_pushinteger(L, st->a);
        return 3;
    default:   /* LGAME_WALK_CRITTERS */
        lua_pushinteger(L, st->a);
        push_hex(L, st->cell);
        if (st->b > 0)
            lua_pushinteger(L, st->b);
        else
            lua_pushnil(L);
        return 4;
    }
}

int lgame_push_walk(lua_State *L, LgameWalkKind kind, const LgameStep *steps, int n)
{
    Session *s = lgame_session(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, s->walk_step_ref);
    Walk *w = lua_newuserdatauv(L, sizeof(Walk) + (size_t)n * sizeof(LgameStep), 0);
    w->call = sb_call_serial(L);
    w->next = 0;
    w->count = (uint16_t)n;
    w->kind = (uint8_t)kind;
    if (n > 0)
        memcpy(w->step, steps, (size_t)n * sizeof(LgameStep));
    lua_rawgeti(L, LUA_REGISTRYINDEX, s->walk_meta_ref);
    lua_setmetatable(L, -2);
    return 2;   /* the generic for's control value starts as nil: walk_step ignores it */
}

void lgame_walk_install(lua_State *L, Session *s)
{
    lua_createtable(L, 0, 2);
    lua_pushliteral(L, "walk");
    lua_setfield(L, -2, "__name");
    lua_pushliteral(L, "walk");   /* getmetatable(walk) gives this, not the table */
    lua_setfield(L, -2, "__metatable");
    lua_pushvalue(L, -1);
    s->walk_meta_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pushcclosure(L, walk_step, 1);
    s->walk_step_ref = luaL_ref(L, LUA_REGISTRYINDEX);
}
