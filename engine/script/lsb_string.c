/* The sandbox's string and utf8 tables. Stock functions are wrapped so that
 * each call is charged for the bytes it reads (where it reads its whole
 * input) and the bytes and values it returns; rep is checked against the
 * string cap before it works; format refuses %p and prints tables through
 * sb_tostring; the pattern functions are the sandbox's own (lsb_pattern.c).
 * dump is left out. */
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "lsandbox.h"

enum { BY_OUTPUT, BY_INPUT };   /* upvalue 2 of charged(): what beyond the output to charge */

static size_t string_bytes(lua_State *L, int from, int to)
{
    size_t bytes = 0;
    for (int i = from; i <= to; i++)
        if (lua_type(L, i) == LUA_TSTRING)
            bytes += lua_rawlen(L, i);
    return bytes;
}

/* Upvalues: the stock function, the charging rule. */
static int charged(lua_State *L)
{
    int n = lua_gettop(L);
    size_t in = lua_tointeger(L, lua_upvalueindex(2)) == BY_INPUT ? string_bytes(L, 1, n) : 0;
    sb_charge(L, 1 + (uint64_t)n + in / SB_BYTES_PER_CHARGE);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    int results = lua_gettop(L);
    sb_charge(L, (uint64_t)results + string_bytes(L, 1, results) / SB_BYTES_PER_CHARGE);
    return results;
}

static void wrap(lua_State *L, int stock, int dst, const char *name, int rule)
{
    lua_getfield(L, stock, name);
    lua_pushinteger(L, rule);
    lua_pushcclosure(L, charged, 2);
    lua_setfield(L, dst, name);
}

static uint64_t sat_mul(uint64_t a, uint64_t b)
{
    return (a && b > UINT64_MAX / a) ? UINT64_MAX : a * b;
}

/* rep(s, n [, sep]): the length is known before any work. */
static int sb_str_rep(lua_State *L)
{
    Script *s = sb_script(L);
    size_t len, seplen = 0;
    luaL_checklstring(L, 1, &len);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &seplen);
    if (n <= 0 || len + seplen == 0) {
        lua_pushliteral(L, "");   /* Lua's own rep would loop n times over nothing */
        return 1;
    }
    uint64_t total = sat_mul(len, (uint64_t)n);
    uint64_t seps = sat_mul(seplen, (uint64_t)n - 1);
    total = (UINT64_MAX - total < seps) ? UINT64_MAX : total + seps;
    if (total > s->string_limit)
        return sb_string_too_long(L, "string.rep");
    sb_charge(L, 1 + (uint64_t)n + total / SB_BYTES_PER_CHARGE);   /* one copy per repeat */
    int top = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, top, 1);
    return 1;
}

/* format(fmt, ...): walks the conversions to refuse %p and to give %s of a
 * table or function the sandbox's text, then lets the stock format work. */
static int sb_str_format(lua_State *L)
{
    size_t flen;
    const char *f = luaL_checklstring(L, 1, &flen);
    int nargs = lua_gettop(L), arg = 1;
    for (size_t i = 0; i < flen; i++) {
        if (f[i] != '%')
            continue;
        if (++i < flen && f[i] == '%')
            continue;
        while (i < flen && f[i] && strchr("-+ #0123456789.", f[i]))
            i++;
        if (i >= flen)
            break;   /* the stock format reports the bad conversion */
        arg++;
        if (f[i] == 'p')
            return luaL_error(L, "string.format: %%p is not available in the sandbox "
                              "(addresses differ from run to run)");
        if (f[i] == 's' && arg <= nargs && lua_type(L, arg) != LUA_TSTRING &&
            lua_type(L, arg) != LUA_TNUMBER) {
            sb_tostring(L, arg);
            lua_replace(L, arg);
        }
    }
    sb_charge(L, 1 + (uint64_t)nargs + string_bytes(L, 1, nargs) / SB_BYTES_PER_CHARGE);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, nargs, 1);
    sb_charge_bytes(L, lua_rawlen(L, 1));
    return 1;
}

void sb_push_string_lib(lua_State *L, int stock)
{
    stock = lua_absindex(L, stock);
    lua_newtable(L);
    int t = lua_gettop(L);
    static const char *const BY_IN[] = { "lower", "upper", "reverse", "pack", "packsize", "unpack", NULL };
    static const char *const BY_OUT[] = { "byte", "char", "len", "sub", NULL };
    for (int i = 0; BY_IN[i]; i++)
        wrap(L, stock, t, BY_IN[i], BY_INPUT);
    for (int i = 0; BY_OUT[i]; i++)
        wrap(L, stock, t, BY_OUT[i], BY_OUTPUT);
    lua_getfield(L, stock, "rep");
    lua_pushcclosure(L, sb_str_rep, 1);
    lua_setfield(L, t, "rep");
    lua_getfield(L, stock, "format");
    lua_pushcclosure(L, sb_str_format, 1);
    lua_setfield(L, t, "format");
    static const luaL_Reg PATTERNS[] = {
        { "find", sb_str_find }, { "match", sb_str_match }, { "gmatch", sb_str_gmatch },
        { "gsub", sb_str_gsub }, { NULL, NULL },
    };
    luaL_setfuncs(L, PATTERNS, 0);
}

void sb_push_utf8_lib(lua_State *L, int stock)
{
    stock = lua_absindex(L, stock);
    lua_newtable(L);
    int t = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, stock)) {
        const char *name = lua_tostring(L, -2);
        if (lua_type(L, -1) == LUA_TFUNCTION) {
            int rule = strcmp(name, "len") == 0 || strcmp(name, "offset") == 0 ? BY_INPUT : BY_OUTPUT;
            lua_pushinteger(L, rule);
            lua_pushcclosure(L, charged, 2);
        }
        lua_setfield(L, t, name);
    }
}
