/* The sandbox's base functions: the allow-list, and the wrapped versions of
 * those that could escape the budget (pcall, xpcall), expose addresses or
 * hash order (tostring, print, pairs, next) or reach a finaliser
 * (setmetatable).
 *
 * Key order for pairs and next: numbers ascending, then strings bytewise,
 * then false, true. Other key types raise an error: they have no order that
 * is the same in every process. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "lsandbox.h"

/* ---- Protected calls --------------------------------------------------- */

static int sb_lpcall(lua_State *L)
{
    luaL_checkany(L, 1);
    int status = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
    sb_rethrow_fatal(L, status);
    if (status != LUA_OK) {
        lua_pushboolean(L, 0);
        lua_insert(L, -2);
        return 2;
    }
    lua_pushboolean(L, 1);
    lua_insert(L, 1);
    return lua_gettop(L);
}

/* xpcall(f, handler, ...). The handler runs after the failed call has
 * unwound, under the budget like any other code (the sandbox offers no stack
 * inspection, so a handler cannot tell the difference). Budget, time and
 * memory failures never reach it. */
static int sb_lxpcall(lua_State *L)
{
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 1);
    for (int i = 3; i <= n; i++)
        lua_pushvalue(L, i);
    int status = lua_pcall(L, n - 1 < 1 ? 0 : n - 2, LUA_MULTRET, 0);
    sb_rethrow_fatal(L, status);
    if (status == LUA_OK) {
        lua_pushboolean(L, 1);
        lua_replace(L, n);
        return lua_gettop(L) - n + 1;
    }
    lua_pushvalue(L, 2);
    lua_insert(L, -2);
    status = lua_pcall(L, 1, 1, 0);
    sb_rethrow_fatal(L, status);
    lua_pushboolean(L, 0);
    lua_insert(L, -2);
    return 2;
}

/* ---- Text ---------------------------------------------------------------- */

const char *sb_tostring(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    if (luaL_callmeta(L, idx, "__tostring")) {
        if (!lua_isstring(L, -1))
            luaL_error(L, "'__tostring' must return a string");
        return lua_tostring(L, -1);
    }
    switch (lua_type(L, idx)) {
    case LUA_TNUMBER:
    case LUA_TSTRING:
    case LUA_TBOOLEAN:
    case LUA_TNIL:
        return luaL_tolstring(L, idx, NULL);
    default:
    {
        int t = luaL_getmetafield(L, idx, "__name");
        if (t == LUA_TSTRING)
            return lua_tostring(L, -1);
        if (t != LUA_TNIL)
            lua_pop(L, 1);
        return lua_pushstring(L, luaL_typename(L, idx));
    }
    }
}

void sb_check_keys(lua_State *L, int t, const char *what, const char *const *known)
{
    t = lua_absindex(L, t);
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        int ok = 0;
        for (int i = 0; known[i] && lua_type(L, -1) == LUA_TSTRING; i++)
            ok |= strcmp(known[i], lua_tostring(L, -1)) == 0;
        if (!ok) {
            char list[400] = "";
            for (int i = 0; known[i]; i++)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", known[i]);
            luaL_error(L, "%s: unknown field '%s' (known: %s)", what, sb_tostring(L, -1), list);
        }
    }
}

static int sb_ltostring(lua_State *L)
{
    luaL_checkany(L, 1);
    lua_settop(L, 1);
    sb_tostring(L, 1);
    lua_settop(L, 2);
    sb_charge_bytes(L, lua_rawlen(L, 2));
    return 1;
}

static int sb_lprint(lua_State *L)
{
    Script *s = sb_script(L);
    int n = lua_gettop(L);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int i = 1; i <= n; i++) {
        if (i > 1)
            luaL_addchar(&b, '\t');
        int top = lua_gettop(L);
        sb_tostring(L, i);
        lua_settop(L, top + 1);
        luaL_addvalue(&b);
    }
    luaL_pushresult(&b);
    size_t len;
    const char *msg = lua_tolstring(L, -1, &len);
    sb_charge_bytes(L, len);
    char chunk[SB_WHERE_LEN];
    lua_Debug ar;
    snprintf(chunk, sizeof chunk, "?");
    if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "S", &ar))
        snprintf(chunk, sizeof chunk, "%s", ar.short_src);
    char *clean = malloc(len + 1);   /* no terminal escape leaves the sandbox (sb_clean_text) */
    if (!clean)
        return luaL_error(L, "print: out of memory");
    memcpy(clean, msg, len + 1);
    sb_clean_text(clean);
    if (s->print_fn)
        s->print_fn(s->print_ud, chunk, clean);
    else
        fprintf(stderr, "[%s] %s\n", chunk, clean);
    free(clean);
    return 0;
}

/* ---- Metatables ------------------------------------------------------------ */

/* Lua marks an object for finalisation when its new metatable holds __gc
 * (raw) at this moment, and runs finalisers with hooks off: no budget could
 * stop one. So the check is raw, like Lua's own: a lookup through the
 * metatable's own __index would run script code that can add __gc after the
 * check and before the metatable is set. */
static int sb_lsetmetatable(lua_State *L)
{
    lua_settop(L, 2);
    if (lua_type(L, 2) == LUA_TTABLE) {
        if (sb_metatable_for_new_object(L, 2))
            lua_replace(L, 2);
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL)
            return luaL_error(L, "setmetatable: __gc is not allowed in the sandbox");
        lua_pop(L, 1);
        lua_pushliteral(L, "__mode");
        if (lua_rawget(L, 2) != LUA_TNIL)
            return luaL_error(L, "setmetatable: __mode is not allowed in the sandbox (a weak table loses "
                              "entries whenever the collector runs, which differs from game to game)");
        lua_settop(L, 2);
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, 2, 1);
    return 1;
}

/* ---- Key order: pairs and next ------------------------------------------ */

static int key_rank(lua_State *L, int idx)
{
    switch (lua_type(L, idx)) {
    case LUA_TNUMBER:  return 0;
    case LUA_TSTRING:  return 1;
    case LUA_TBOOLEAN: return 2;
    default:           return -1;
    }
}

static int key_less(lua_State *L, int a, int b)
{
    int ra = key_rank(L, a), rb = key_rank(L, b);
    if (ra != rb)
        return ra < rb;
    if (ra == 0) {
        if (lua_isinteger(L, a) && lua_isinteger(L, b))
            return lua_tointeger(L, a) < lua_tointeger(L, b);
        return lua_compare(L, a, b, LUA_OPLT);
    }
    if (ra == 1) {
        size_t la, lb;
        const char *sa = lua_tolstring(L, a, &la), *sb = lua_tolstring(L, b, &lb);
        int c = memcmp(sa, sb, la < lb ? la : lb);
        return c < 0 || (c == 0 && la < lb);
    }
    return !lua_toboolean(L, a) && lua_toboolean(L, b);
}

static int bad_key(lua_State *L, const char *fn, int idx)
{
    return luaL_error(L, "%s: unsupported key type (%s): only numbers, strings and booleans "
                      "have a fixed order", fn, luaL_typename(L, idx));
}

/* Merge sort of keys[1..n] (table at kt) using the scratch table tt. */
static void sort_keys(lua_State *L, int kt, int tt, lua_Integer n)
{
    for (lua_Integer w = 1; w < n; w *= 2) {
        for (lua_Integer lo = 1; lo <= n; lo += 2 * w) {
            lua_Integer mid = lo + w, hi = lo + 2 * w;
            if (mid > n + 1) mid = n + 1;
            if (hi > n + 1) hi = n + 1;
            lua_Integer i = lo, j = mid, k = lo;
            while (i < mid || j < hi) {
                int take_left;
                if (i >= mid) take_left = 0;
                else if (j >= hi) take_left = 1;
                else {
                    lua_rawgeti(L, kt, i);
                    lua_rawgeti(L, kt, j);
                    take_left = !key_less(L, -1, -2);
                    lua_pop(L, 2);
                }
                lua_rawgeti(L, kt, take_left ? i++ : j++);
                lua_rawseti(L, tt, k++);
            }
            for (k = lo; k < hi; k++) {
                lua_rawgeti(L, tt, k);
                lua_rawseti(L, kt, k);
            }
        }
    }
}

/* Upvalues: the table (its store), its keys in order, the position, the
 * call that made it. */
static int sb_pairs_iter(lua_State *L)
{
    sb_check_call(L, (uint64_t)lua_tointeger(L, lua_upvalueindex(4)), "pairs");
    lua_Integer i = lua_tointeger(L, lua_upvalueindex(3));
    for (;;) {
        i++;
        if (lua_rawgeti(L, lua_upvalueindex(2), i) == LUA_TNIL) {
            lua_pushinteger(L, i - 1);
            lua_replace(L, lua_upvalueindex(3));
            return 0;
        }
        lua_pushvalue(L, -1);
        if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL)
            break;
        lua_pop(L, 2);  /* removed during iteration: skip */
    }
    lua_pushinteger(L, i);
    lua_replace(L, lua_upvalueindex(3));
    return 2;
}

static uint64_t log2_ceil(uint64_t n)
{
    uint64_t b = 1;
    while (b < 63 && ((uint64_t)1 << b) < n)
        b++;
    return b;
}

static int sb_lpairs(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    sb_plain(L, 1);
    lua_newtable(L);  /* 2: keys */
    lua_Integer n = 0;
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        lua_pop(L, 1);
        if (key_rank(L, -1) < 0)
            return bad_key(L, "pairs", -1);
        lua_pushvalue(L, -1);
        lua_rawseti(L, 2, ++n);
    }
    sb_charge(L, (uint64_t)n * (1 + log2_ceil((uint64_t)n)) * 4);   /* measured: a sort step costs ~4 instructions */
    lua_newtable(L);  /* 3: scratch */
    sort_keys(L, 2, 3, n);
    lua_pop(L, 1);
    lua_pushinteger(L, 0);
    lua_pushinteger(L, (lua_Integer)sb_call_serial(L));
    lua_pushcclosure(L, sb_pairs_iter, 4);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

/* next(t [, k]): the key after k in the fixed order (the first without k),
 * found by one pass over the table, so a whole walk with next costs the
 * square of the table's size. Any k works, even one no longer in t. */
static int sb_lnext(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 2);
    sb_plain(L, 1);
    int have_key = !lua_isnil(L, 2);
    if (have_key && key_rank(L, 2) < 0)
        return bad_key(L, "next", 2);
    lua_pushnil(L);   /* 3: best so far */
    uint64_t n = 0;
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        lua_pop(L, 1);
        n++;
        if (key_rank(L, -1) < 0)
            return bad_key(L, "next", -1);
        if ((!have_key || key_less(L, 2, -1)) && (lua_isnil(L, 3) || key_less(L, -1, 3))) {
            lua_pushvalue(L, -1);
            lua_replace(L, 3);
        }
    }
    sb_charge(L, 1 + 2 * n);
    if (lua_isnil(L, 3))
        return 1;
    lua_pushvalue(L, 3);
    lua_rawget(L, 1);
    return 2;
}

/* ---- Numbers ------------------------------------------------------------- */

static int random_refused(lua_State *L)
{
    return luaL_error(L, "math.random: this code may only look at the game (a query event, an offer or a "
                         "label): drawing would change the game's dice");
}

int sb_lrandom(lua_State *L)
{
    Script *s = sb_script(L);
    if (!s->random_fn)
        return luaL_error(L, "math.random: there is no game yet, so no die to draw (call it from a handler)");
    lua_Integer lo, hi;
    switch (lua_gettop(L)) {
    case 0: {
        uint32_t r = s->random_fn(s->random_ud, (uint32_t)1 << 24);
        if (r == SCRIPT_RANDOM_REFUSED)
            return random_refused(L);
        lua_pushnumber(L, (lua_Number)(r & 0xffffffu) / 16777216.0);
        return 1;
    }
    case 1:
        lo = 1;
        hi = luaL_checkinteger(L, 1);
        break;
    case 2:
        lo = luaL_checkinteger(L, 1);
        hi = luaL_checkinteger(L, 2);
        break;
    default:
        return luaL_error(L, "wrong number of arguments");
    }
    luaL_argcheck(L, lo <= hi, lua_gettop(L), "interval is empty");
    lua_Unsigned span = (lua_Unsigned)hi - (lua_Unsigned)lo;
    if (span >= UINT32_MAX)
        return luaL_error(L, "math.random: interval too large");
    uint32_t r = s->random_fn(s->random_ud, (uint32_t)span + 1);
    if (r == SCRIPT_RANDOM_REFUSED)
        return random_refused(L);
    if (r > span)
        r = (uint32_t)span;
    lua_pushinteger(L, (lua_Integer)((lua_Unsigned)lo + r));
    return 1;
}

/* Calls upvalue 1 with the arguments after charging for the bytes of their
 * strings: for stock functions whose work is one pass over their input
 * (tonumber, rawequal). */
static int charged_by_input(lua_State *L)
{
    int n = lua_gettop(L);
    size_t bytes = 0;
    for (int i = 1; i <= n; i++)
        if (lua_type(L, i) == LUA_TSTRING)
            bytes += lua_rawlen(L, i);
    sb_charge_bytes(L, bytes);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L);
}

/* ---- The base ------------------------------------------------------------ */

/* Stock functions offered as they are: constant work per call. */
static const char *const PLAIN[] = {
    "assert", "error", "ipairs", "select", "getmetatable", "type", NULL
};

void sb_set_base_functions(lua_State *L, int base)
{
    base = lua_absindex(L, base);
    for (int i = 0; PLAIN[i]; i++) {
        lua_getglobal(L, PLAIN[i]);
        lua_setfield(L, base, PLAIN[i]);
    }
    static const luaL_Reg OWN[] = {
        { "pcall", sb_lpcall }, { "xpcall", sb_lxpcall }, { "print", sb_lprint },
        { "pairs", sb_lpairs }, { "next", sb_lnext }, { "tostring", sb_ltostring },
        { "rawset", sb_lrawset }, { "rawget", sb_lrawget }, { "rawlen", sb_lrawlen }, { NULL, NULL },
    };
    for (const luaL_Reg *r = OWN; r->name; r++) {
        lua_pushcfunction(L, r->func);
        lua_setfield(L, base, r->name);
    }
    lua_getglobal(L, "setmetatable");
    lua_pushcclosure(L, sb_lsetmetatable, 1);
    lua_setfield(L, base, "setmetatable");
    static const char *const BY_INPUT[] = { "tonumber", "rawequal", NULL };
    for (int i = 0; BY_INPUT[i]; i++) {
        lua_getglobal(L, BY_INPUT[i]);
        lua_pushcclosure(L, charged_by_input, 1);
        lua_setfield(L, base, BY_INPUT[i]);
    }
}
