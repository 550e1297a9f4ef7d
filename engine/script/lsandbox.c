/* The sandbox: capped allocator, instruction budget, the allow-listed base
 * table, per-chunk environments and the wrapped library functions.
 *
 * Design notes (see lsandbox.h for the overview):
 * - Coroutines are not offered at all. A count hook is per thread, so a
 *   coroutine library would have to install the hook on every new thread;
 *   omitting it keeps the budget airtight and costs the rules nothing.
 * - Lua patterns can backtrack exponentially inside one C call, where the count
 *   hook never fires. We take the simplest sound-enough route: pattern
 *   functions refuse subjects longer than SB_PATTERN_MAX_SUBJECT and charge the
 *   budget up front with len(subject) * len(pattern), multiplied by
 *   len(subject) for every quantifier beyond the first (saturating). A pattern
 *   with many quantifiers over a long subject therefore fails at once with the
 *   budget error instead of hanging. This is conservative for long subjects
 *   with several quantifiers; rules scripts work on short strings.
 * - pairs() iterates in a fixed key order (numbers, then strings bytewise, then
 *   false, true) so that play does not depend on Lua's hash seed. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "levents.h"
#include "lsandbox.h"

#define SB_BASE_KEY  "vq.sandbox.base"
#define SB_ENVMT_KEY "vq.sandbox.envmt"
#define SB_PATTERN_MAX_SUBJECT ((size_t)64 << 10)

Script *sb_script(lua_State *L)
{
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return ud;
}

/* ---- Memory ------------------------------------------------------------ */

void *sb_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    Script *s = ud;
    if (ptr == NULL)
        osize = 0;  /* osize then encodes the object type */
    if (nsize == 0) {
        free(ptr);
        s->mem_used -= osize;
        return NULL;
    }
    if (nsize > osize && s->mem_used - osize + nsize > s->mem_limit) {
        s->oom_kind = SB_OOM_MEMORY;
        return NULL;
    }
    void *p = realloc(ptr, nsize);
    if (p == NULL) {
        s->oom_kind = SB_OOM_MEMORY;
        return NULL;
    }
    s->mem_used = s->mem_used - osize + nsize;
    if (nsize > osize)
        s->alloc_bytes += nsize - osize;
    return p;
}

/* ---- Budget ------------------------------------------------------------ */

static void sb_hook(lua_State *L, lua_Debug *ar)
{
    Script *s = sb_script(L);
    if (!s->tripped) {
        s->used += (uint64_t)s->period;
        if (s->used <= s->budget)
            return;
        s->tripped = 1;
        lua_getinfo(L, "Sl", ar);
        snprintf(s->trip_where, sizeof s->trip_where, "%s:%d:", ar->short_src,
                 ar->currentline);
        /* From now on every instruction raises, so no pcall loop survives. */
        lua_sethook(L, sb_hook, LUA_MASKCOUNT, 1);
    }
    lua_pushfstring(L, "%s instruction budget exceeded", s->trip_where);
    lua_error(L);
}

void sb_charge(lua_State *L, uint64_t cost)
{
    Script *s = sb_script(L);
    if (!s->tripped) {
        s->used = (UINT64_MAX - s->used < cost) ? UINT64_MAX : s->used + cost;
        if (s->used <= s->budget)
            return;
        s->tripped = 1;
        lua_Debug ar;
        if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "Sl", &ar) && ar.currentline > 0)
            snprintf(s->trip_where, sizeof s->trip_where, "%s:%d:", ar.short_src,
                     ar.currentline);
        else
            snprintf(s->trip_where, sizeof s->trip_where, "?:");
        lua_sethook(L, sb_hook, LUA_MASKCOUNT, 1);
    }
    lua_pushfstring(L, "%s instruction budget exceeded", s->trip_where);
    lua_error(L);
}

void sb_rethrow_fatal(lua_State *L, int status)
{
    if (status == LUA_OK || status == LUA_YIELD)
        return;
    Script *s = sb_script(L);
    if (status == LUA_ERRMEM)
        s->mem_fatal = 1;
    if (s->tripped || s->mem_fatal)
        lua_error(L);  /* the error object is on top */
}

static void sb_copy_err(char *err, size_t errlen, const char *msg)
{
    if (err && errlen)
        snprintf(err, errlen, "%s", msg);
}

int sb_pcall(Script *s, int nargs, const char *chunk, char *err, size_t errlen)
{
    return sb_call(s, nargs, 0, chunk, err, errlen);
}

int sb_call(Script *s, int nargs, int nresults, const char *chunk, char *err, size_t errlen)
{
    lua_State *L = s->L;
    int base = lua_gettop(L) - nargs - 1;
    if (s->depth == 0) {
        s->used = 0;
        s->alloc_bytes = 0;
        s->tripped = 0;
        s->mem_fatal = 0;
        lua_sethook(L, sb_hook, LUA_MASKCOUNT, s->period);
    }
    s->depth++;
    int status = lua_pcall(L, nargs, nresults, 0);
    s->depth--;
    int rc = 0;
    if (status != LUA_OK) {
        char buf[512];
        if (status == LUA_ERRMEM)
            s->mem_fatal = 1;
        if (s->tripped) {
            snprintf(buf, sizeof buf, "%s instruction budget exceeded", s->trip_where);
        } else if (s->mem_fatal) {
            snprintf(buf, sizeof buf, "%s: memory limit exceeded", chunk ? chunk : "?");
        } else {
            const char *m = lua_tostring(L, -1);
            if (m)
                snprintf(buf, sizeof buf, "%s", m);
            else
                snprintf(buf, sizeof buf, "%s: (error object is a %s value)",
                         chunk ? chunk : "?", luaL_typename(L, -1));
        }
        sb_copy_err(err, errlen, buf);
        rc = -1;
        lua_settop(L, base);
    }
    if (s->depth == 0) {
        int was_mem = s->mem_fatal;
        s->tripped = 0;
        s->mem_fatal = 0;
        s->oom_kind = SB_OOM_NONE;
        lua_sethook(L, sb_hook, LUA_MASKCOUNT, s->period);
        if (was_mem)
            lua_gc(L, LUA_GCCOLLECT);
    }
    return rc;
}

/* ---- Wrapped base functions ------------------------------------------- */

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

static int sb_lxpcall(lua_State *L)
{
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_replace(L, 1);   /* 1 = handler */
    lua_replace(L, 2);   /* 2 = function */
    int status = lua_pcall(L, n - 2, LUA_MULTRET, 1);
    sb_rethrow_fatal(L, status);
    if (status != LUA_OK) {
        lua_pushboolean(L, 0);
        lua_insert(L, -2);
        return 2;
    }
    lua_pushboolean(L, 1);
    lua_replace(L, 1);
    return lua_gettop(L);
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
        luaL_tolstring(L, i, NULL);
        luaL_addvalue(&b);
    }
    luaL_pushresult(&b);
    const char *msg = lua_tostring(L, -1);
    lua_Debug ar;
    const char *chunk = "?";
    if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "S", &ar))
        chunk = ar.short_src;
    if (s->print_fn)
        s->print_fn(s->print_ud, chunk, msg);
    else
        fprintf(stderr, "[%s] %s\n", chunk, msg);
    return 0;
}

static int sb_lsetmetatable(lua_State *L)
{
    if (lua_type(L, 2) == LUA_TTABLE && lua_getfield(L, 2, "__gc") != LUA_TNIL)
        return luaL_error(L, "setmetatable: __gc is not allowed in the sandbox");
    lua_settop(L, 2);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, 2, 1);
    return 1;
}

/* Key order for pairs: numbers < strings < booleans. */
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

/* Merge sort of keys[lo..hi) (1-based table at index kt) using tmp table tt. */
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

static int sb_pairs_iter(lua_State *L)
{
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

static int sb_lpairs(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    lua_newtable(L);  /* 2: keys */
    lua_Integer n = 0;
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        lua_pop(L, 1);
        if (key_rank(L, -1) < 0)
            return luaL_error(L, "pairs: unsupported key type (%s)", luaL_typename(L, -1));
        lua_pushvalue(L, -1);
        lua_rawseti(L, 2, ++n);
    }
    sb_charge(L, (uint64_t)n * 4);
    lua_newtable(L);  /* 3: scratch */
    sort_keys(L, 2, 3, n);
    lua_pop(L, 1);
    lua_pushinteger(L, 0);
    lua_pushcclosure(L, sb_pairs_iter, 3);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

static int sb_lrandom(lua_State *L)
{
    Script *s = sb_script(L);
    if (!s->random_fn)
        return luaL_error(L, "math.random: no random source");
    lua_Integer lo, hi;
    switch (lua_gettop(L)) {
    case 0: {
        uint32_t r = s->random_fn(s->random_ud, (uint32_t)1 << 24);
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
    if (r > span)
        r = (uint32_t)span;
    lua_pushinteger(L, (lua_Integer)((lua_Unsigned)lo + r));
    return 1;
}

/* ---- Wrapped string functions ------------------------------------------ */

static uint64_t sat_mul(uint64_t a, uint64_t b)
{
    if (a && b > UINT64_MAX / a)
        return UINT64_MAX;
    return a * b;
}

/* Charge for running pattern p over subject of length len (see the top note). */
static void charge_pattern(lua_State *L, size_t len, const char *p, size_t plen, int plain)
{
    if (len > SB_PATTERN_MAX_SUBJECT)
        luaL_error(L, "pattern subject too long (%d bytes, limit %d)", (int)len,
                   (int)SB_PATTERN_MAX_SUBJECT);
    uint64_t n = len ? len : 1;
    uint64_t cost = sat_mul(n, plen ? plen : 1);
    if (!plain) {
        int q = 0;
        for (size_t i = 0; i < plen; i++) {
            if (p[i] == '%') { i++; continue; }
            if (p[i] == '*' || p[i] == '+' || p[i] == '-' || p[i] == '?')
                q++;
        }
        for (int i = 1; i < q && cost != UINT64_MAX; i++)
            cost = sat_mul(cost, n);
    }
    sb_charge(L, cost);
}

static int call_real(lua_State *L)
{
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L);
}

static int sb_lstr_pattern(lua_State *L)
{
    size_t len, plen;
    luaL_checklstring(L, 1, &len);
    const char *p = luaL_checklstring(L, 2, &plen);
    int plain = (int)lua_tointeger(L, lua_upvalueindex(2)) && lua_toboolean(L, 4);
    charge_pattern(L, len, p, plen, plain);
    return call_real(L);
}

static int sb_lstr_rep(lua_State *L)
{
    Script *s = sb_script(L);
    size_t len, seplen = 0;
    luaL_checklstring(L, 1, &len);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &seplen);
    if (n > 0) {
        uint64_t total = sat_mul(len, (uint64_t)n);
        uint64_t seps = sat_mul(seplen, (uint64_t)n - 1);
        total = (UINT64_MAX - total < seps) ? UINT64_MAX : total + seps;
        if (total > s->string_limit)
            return luaL_error(L, "string.rep: result too long (limit %d bytes)",
                              (int)s->string_limit);
        sb_charge(L, total / 16);
    }
    return call_real(L);
}

/* ---- Base construction ------------------------------------------------- */

static const char *const BASE_NAMES[] = {
    "assert", "error", "ipairs", "next", "pairs", "pcall", "xpcall", "print",
    "rawequal", "rawget", "rawlen", "rawset", "select", "setmetatable",
    "getmetatable", "tonumber", "tostring", "type", NULL
};

/* Pushes a shallow copy of the table at idx, leaving out names in skip. */
static void copy_table(lua_State *L, int idx, const char *const *skip)
{
    idx = lua_absindex(L, idx);
    lua_newtable(L);
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        int keep = 1;
        if (skip && lua_type(L, -2) == LUA_TSTRING) {
            const char *k = lua_tostring(L, -2);
            for (int i = 0; skip[i]; i++)
                if (strcmp(skip[i], k) == 0) keep = 0;
        }
        if (keep) {
            lua_pushvalue(L, -2);
            lua_insert(L, -2);
            lua_rawset(L, -4);
        } else {
            lua_pop(L, 1);
        }
    }
}

static void wrap_field(lua_State *L, int t, const char *name, lua_CFunction fn, int extra)
{
    lua_getfield(L, t, name);
    lua_pushinteger(L, extra);
    lua_pushcclosure(L, fn, 2);
    lua_setfield(L, t, name);
}

int sb_open(lua_State *L)
{
    luaL_openlibs(L);
    lua_newtable(L);
    int base = lua_gettop(L);
    for (int i = 0; BASE_NAMES[i]; i++) {
        lua_getglobal(L, BASE_NAMES[i]);
        lua_setfield(L, base, BASE_NAMES[i]);
    }
    lua_pushcfunction(L, sb_lpcall);   lua_setfield(L, base, "pcall");
    lua_pushcfunction(L, sb_lxpcall);  lua_setfield(L, base, "xpcall");
    lua_pushcfunction(L, sb_lprint);   lua_setfield(L, base, "print");
    lua_pushcfunction(L, sb_lpairs);   lua_setfield(L, base, "pairs");
    lua_getglobal(L, "setmetatable");
    lua_pushcclosure(L, sb_lsetmetatable, 1);
    lua_setfield(L, base, "setmetatable");
    lua_pushcfunction(L, levents_lua_on);
    lua_setfield(L, base, "on");

    static const char *const no_string[] = { "dump", NULL };
    lua_getglobal(L, "string");
    copy_table(L, -1, no_string);
    int st = lua_gettop(L);
    wrap_field(L, st, "find", sb_lstr_pattern, 1);
    wrap_field(L, st, "match", sb_lstr_pattern, 0);
    wrap_field(L, st, "gmatch", sb_lstr_pattern, 0);
    wrap_field(L, st, "gsub", sb_lstr_pattern, 0);
    wrap_field(L, st, "rep", sb_lstr_rep, 0);
    lua_pushvalue(L, st);
    lua_setfield(L, base, "string");
    /* The string metatable: methods from the sandboxed copy, and hidden. */
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_pushvalue(L, st);
    lua_setfield(L, -2, "__index");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 4);

    lua_getglobal(L, "table");
    copy_table(L, -1, NULL);
    lua_setfield(L, base, "table");
    lua_pop(L, 1);

    static const char *const no_math[] = { "random", "randomseed", NULL };
    lua_getglobal(L, "math");
    copy_table(L, -1, no_math);
    lua_pushcfunction(L, sb_lrandom);
    lua_setfield(L, -2, "random");
    lua_setfield(L, base, "math");
    lua_pop(L, 1);

    lua_getglobal(L, "utf8");
    copy_table(L, -1, NULL);
    lua_setfield(L, base, "utf8");
    lua_pop(L, 1);

    lua_pushvalue(L, base);
    lua_setfield(L, LUA_REGISTRYINDEX, SB_BASE_KEY);

    lua_createtable(L, 0, 2);
    lua_pushvalue(L, base);
    lua_setfield(L, -2, "__index");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setfield(L, LUA_REGISTRYINDEX, SB_ENVMT_KEY);
    lua_pop(L, 1);
    return 0;
}

void sb_push_env(lua_State *L)
{
    lua_newtable(L);
    int env = lua_gettop(L);
    lua_getfield(L, LUA_REGISTRYINDEX, SB_BASE_KEY);
    int base = env + 1;
    lua_pushnil(L);
    while (lua_next(L, base)) {
        if (lua_type(L, -1) == LUA_TTABLE) {
            copy_table(L, -1, NULL);
            lua_pushvalue(L, -3);
            lua_insert(L, -2);
            lua_rawset(L, env);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    lua_getfield(L, LUA_REGISTRYINDEX, SB_ENVMT_KEY);
    lua_setmetatable(L, env);
}

/* Protected helper for script_add_global(_lib): (name, fn, is_lib). */
static int add_global_p(lua_State *L)
{
    const char *name = lua_touserdata(L, 1);
    lua_CFunction fn = (lua_CFunction)(uintptr_t)lua_touserdata(L, 2);
    int is_lib = lua_toboolean(L, 3);
    lua_getfield(L, LUA_REGISTRYINDEX, SB_BASE_KEY);
    lua_pushcfunction(L, fn);
    if (is_lib)
        lua_call(L, 0, 1);
    lua_setfield(L, -2, name);
    return 0;
}

static int add_global(Script *s, const char *name, lua_CFunction fn, int is_lib)
{
    if (!s || !name || !fn || s->chunks_loaded > 0)
        return -1;
    lua_State *L = s->L;
    lua_pushcfunction(L, add_global_p);
    lua_pushlightuserdata(L, (void *)name);
    lua_pushlightuserdata(L, (void *)(uintptr_t)fn);
    lua_pushboolean(L, is_lib);
    if (lua_pcall(L, 3, 0, 0) != LUA_OK) {
        lua_pop(L, 1);
        return -1;
    }
    return 0;
}

int script_add_global_lib(Script *s, const char *name, lua_CFunction open)
{
    return add_global(s, name, open, 1);
}

int script_add_global(Script *s, const char *name, lua_CFunction fn)
{
    return add_global(s, name, fn, 0);
}
