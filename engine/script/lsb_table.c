/* The sandbox's table library: Lua 5.4's functions with their meaning
 * (metamethods respected, as in Lua), rewritten so that each call is charged
 * for the elements it will touch before touching them. A length from __len or
 * a range given as arguments can be as large as an integer, so the charge is
 * what stops table.move(t, 1, 2^40, 2) or table.concat over a huge range.
 * sort is a merge sort: stable, and deterministic for any comparator. */
#include <limits.h>

#include <lauxlib.h>
#include <lua.h>

#include "lsandbox.h"

/* Charges for touching n elements (n may be any integer; <= 0 is free). */
static void charge_elements(lua_State *L, lua_Integer n)
{
    if (n > 0)
        sb_charge(L, (uint64_t)n);
}

/* Charges for the elements lo..hi, computed without overflow. */
static void charge_range(lua_State *L, lua_Integer lo, lua_Integer hi)
{
    if (hi < lo)
        return;
    uint64_t n = (uint64_t)((lua_Unsigned)hi - (lua_Unsigned)lo) + 1u;
    sb_charge(L, n == 0 ? UINT64_MAX : n);
}

static lua_Integer table_len(lua_State *L, int idx)
{
    luaL_checktype(L, idx, LUA_TTABLE);
    return luaL_len(L, idx);
}

static int tinsert(lua_State *L)
{
    lua_Integer end = luaL_intop(+, table_len(L, 1), 1);   /* first empty slot */
    lua_Integer pos;
    switch (lua_gettop(L)) {
    case 2:
        pos = end;
        break;
    case 3:
        pos = luaL_checkinteger(L, 2);
        luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)end, 2, "position out of bounds");
        charge_range(L, pos, end);
        for (lua_Integer i = end; i > pos; i--) {
            lua_geti(L, 1, i - 1);
            lua_seti(L, 1, i);
        }
        break;
    default:
        return luaL_error(L, "wrong number of arguments to 'insert'");
    }
    lua_seti(L, 1, pos);
    return 0;
}

static int tremove(lua_State *L)
{
    lua_Integer size = table_len(L, 1);
    lua_Integer pos = luaL_optinteger(L, 2, size);
    if (pos != size)
        luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 2, "position out of bounds");
    charge_range(L, pos, size);
    lua_geti(L, 1, pos);
    for (; pos < size; pos++) {
        lua_geti(L, 1, pos + 1);
        lua_seti(L, 1, pos);
    }
    lua_pushnil(L);
    lua_seti(L, 1, pos);
    return 1;
}

/* move(a1, f, e, t [, a2]): a2[t..] = a1[f..e]. */
static int tmove(lua_State *L)
{
    lua_Integer f = luaL_checkinteger(L, 2);
    lua_Integer e = luaL_checkinteger(L, 3);
    lua_Integer t = luaL_checkinteger(L, 4);
    int dst = lua_isnoneornil(L, 5) ? 1 : 5;
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checktype(L, dst, LUA_TTABLE);
    if (e >= f) {
        luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3, "too many elements to move");
        lua_Integer n = e - f + 1;
        luaL_argcheck(L, t <= LUA_MAXINTEGER - n + 1, 4, "destination wrap around");
        charge_elements(L, n);
        if (t > e || t <= f || (dst != 1 && !lua_compare(L, 1, dst, LUA_OPEQ))) {
            for (lua_Integer i = 0; i < n; i++) {
                lua_geti(L, 1, f + i);
                lua_seti(L, dst, t + i);
            }
        } else {
            for (lua_Integer i = n - 1; i >= 0; i--) {
                lua_geti(L, 1, f + i);
                lua_seti(L, dst, t + i);
            }
        }
    }
    lua_pushvalue(L, dst);
    return 1;
}

static int tconcat(lua_State *L)
{
    Script *s = sb_script(L);
    lua_Integer last = table_len(L, 1);
    size_t seplen;
    const char *sep = luaL_optlstring(L, 2, "", &seplen);
    lua_Integer i = luaL_optinteger(L, 3, 1);
    last = luaL_optinteger(L, 4, last);
    charge_range(L, i, last);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (; i <= last; i++) {
        lua_geti(L, 1, i);
        if (!lua_isstring(L, -1))
            return luaL_error(L, "invalid value (at index %I) in table for 'concat'", (LUAI_UACINT)i);
        luaL_addvalue(&b);
        if (i != last)
            luaL_addlstring(&b, sep, seplen);
        if (luaL_bufflen(&b) > s->string_limit)
            return sb_string_too_long(L, "table.concat");
        if (i == LUA_MAXINTEGER)
            break;
    }
    luaL_pushresult(&b);
    return 1;
}

static int tpack(lua_State *L)
{
    int n = lua_gettop(L);
    charge_elements(L, n);
    lua_createtable(L, n, 1);
    lua_insert(L, 1);
    for (int i = n; i >= 1; i--)
        lua_seti(L, 1, i);
    lua_pushinteger(L, n);
    lua_setfield(L, 1, "n");
    return 1;
}

static int tunpack(lua_State *L)
{
    lua_Integer i = luaL_optinteger(L, 2, 1);
    lua_Integer e = lua_isnoneornil(L, 3) ? luaL_len(L, 1) : luaL_checkinteger(L, 3);
    if (i > e)
        return 0;
    lua_Unsigned n = (lua_Unsigned)e - (lua_Unsigned)i;
    if (n >= (unsigned int)INT_MAX || !lua_checkstack(L, (int)(++n)))
        return luaL_error(L, "too many results to unpack");
    charge_elements(L, (lua_Integer)n);
    for (; i < e; i++)
        lua_geti(L, 1, i);
    lua_geti(L, 1, e);
    return (int)n;
}

/* ---- sort --------------------------------------------------------------------- */

/* a < b for the values at indexes a and b, by the comparator at 2 or by '<'. */
static int less_than(lua_State *L, int a, int b)
{
    a = lua_absindex(L, a);
    b = lua_absindex(L, b);
    if (lua_isnil(L, 2))
        return lua_compare(L, a, b, LUA_OPLT);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, a);
    lua_pushvalue(L, b);
    lua_call(L, 2, 1);
    int r = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return r;
}

/* One bottom-up pass: merges runs of width w from table src into table dst. */
static void merge_pass(lua_State *L, int src, int dst, lua_Integer n, lua_Integer w)
{
    for (lua_Integer lo = 1; lo <= n; lo += 2 * w) {
        lua_Integer mid = lo + w > n + 1 ? n + 1 : lo + w;
        lua_Integer hi = lo + 2 * w > n + 1 ? n + 1 : lo + 2 * w;
        lua_Integer i = lo, j = mid, k = lo;
        while (i < mid || j < hi) {
            int take_right = 0;
            if (i >= mid) {
                take_right = 1;
            } else if (j < hi) {
                lua_rawgeti(L, src, j);
                lua_rawgeti(L, src, i);
                take_right = less_than(L, -2, -1);   /* right strictly first: stable */
                lua_pop(L, 2);
            }
            lua_rawgeti(L, src, take_right ? j++ : i++);
            lua_rawseti(L, dst, k++);
        }
    }
}

static int tsort(lua_State *L)
{
    lua_Integer n = table_len(L, 1);
    if (n > 1) {
        luaL_argcheck(L, n < INT_MAX, 1, "array too big");
        if (!lua_isnoneornil(L, 2))
            luaL_checktype(L, 2, LUA_TFUNCTION);
        lua_settop(L, 2);
        uint64_t passes = 0;
        for (lua_Integer w = 1; w < n; w *= 2)
            passes++;
        charge_elements(L, n * (lua_Integer)(passes + 1));
        lua_createtable(L, (int)n, 0);   /* 3 */
        lua_createtable(L, (int)n, 0);   /* 4 */
        for (lua_Integer i = 1; i <= n; i++) {
            lua_geti(L, 1, i);
            lua_rawseti(L, 3, i);
        }
        int src = 3, dst = 4;
        for (lua_Integer w = 1; w < n; w *= 2) {
            merge_pass(L, src, dst, n, w);
            int t = src; src = dst; dst = t;
        }
        for (lua_Integer i = 1; i <= n; i++) {
            lua_rawgeti(L, src, i);
            lua_seti(L, 1, i);
        }
    }
    return 0;
}

void sb_push_table_lib(lua_State *L)
{
    static const luaL_Reg FUNCS[] = {
        { "concat", tconcat }, { "insert", tinsert }, { "move", tmove }, { "pack", tpack },
        { "remove", tremove }, { "sort", tsort }, { "unpack", tunpack }, { NULL, NULL },
    };
    luaL_newlib(L, FUNCS);
}
