/* The Lua test runner: each .lua file in tests/lua runs in a fresh Script with
 * test(name, fn), expect(cond, msg) and expect_eq(a, b, msg). The file only
 * registers its tests; each registered function then runs as its own call and
 * is recorded as "file: name". */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "harness.h"
#include "lsandbox.h"
#include "lua_runner.h"

#define TESTS_KEY "vq.luatests"

static int l_test(lua_State *L)
{
    luaL_checkstring(L, 1);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    if (lua_getfield(L, LUA_REGISTRYINDEX, TESTS_KEY) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setfield(L, LUA_REGISTRYINDEX, TESTS_KEY);
    }
    lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
    lua_createtable(L, 2, 0);
    lua_pushvalue(L, 1);
    lua_rawseti(L, -2, 1);
    lua_pushvalue(L, 2);
    lua_rawseti(L, -2, 2);
    lua_rawseti(L, -2, n + 1);
    return 0;
}

static int l_expect(lua_State *L)
{
    if (!lua_toboolean(L, 1)) {
        luaL_where(L, 1);
        lua_pushstring(L, luaL_optstring(L, 2, "expectation failed"));
        lua_concat(L, 2);
        return lua_error(L);
    }
    return 0;
}

static int l_expect_eq(lua_State *L)
{
    lua_settop(L, 3);
    if (!lua_compare(L, 1, 2, LUA_OPEQ)) {
        luaL_where(L, 1);
        const char *msg = luaL_optstring(L, 3, "values differ");
        const char *a = luaL_tolstring(L, 1, NULL);
        const char *b = luaL_tolstring(L, 2, NULL);
        lua_pushfstring(L, "%s: expected %s, got %s", msg, b, a);
        lua_replace(L, -3);
        lua_pop(L, 1);
        lua_concat(L, 2);
        return lua_error(L);
    }
    return 0;
}

static uint32_t runner_below(void *ud, uint32_t bound)
{
    uint64_t *x = ud;
    *x ^= *x << 13; *x ^= *x >> 7; *x ^= *x << 17;
    return (uint32_t)(*x % bound);
}

static int run_file(const char *dir, const char *file, const char *filter)
{
    char path[1024], err[1024], name[1200];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    int failed = 0;
    Script *s = script_new(NULL, err, sizeof err);
    if (!s) {
        snprintf(name, sizeof name, "%s: (load)", file);
        th_record(name, 0, err);
        return 1;
    }
    uint64_t seed = 0x9E3779B97F4A7C15ull;
    script_set_random(s, runner_below, &seed);
    script_add_global(s, "test", l_test);
    script_add_global(s, "expect", l_expect);
    script_add_global(s, "expect_eq", l_expect_eq);
    if (script_load_file(s, path, file, err, sizeof err) != 0) {
        snprintf(name, sizeof name, "%s: (load)", file);
        th_record(name, 0, err);
        script_free(s);
        return 1;
    }
    lua_State *L = script_lua(s);
    if (lua_getfield(L, LUA_REGISTRYINDEX, TESTS_KEY) == LUA_TTABLE) {
        int tests = lua_gettop(L);
        lua_Integer n = (lua_Integer)lua_rawlen(L, tests);
        for (lua_Integer i = 1; i <= n; i++) {
            lua_rawgeti(L, tests, i);
            lua_rawgeti(L, -1, 1);
            snprintf(name, sizeof name, "%s: %s", file, lua_tostring(L, -1));
            lua_pop(L, 1);
            if (filter && !strstr(name, filter)) {
                lua_pop(L, 1);
                continue;
            }
            lua_rawgeti(L, -1, 2);
            lua_remove(L, -2);
            err[0] = '\0';
            int ok = sb_pcall(s, 0, file, err, sizeof err) == 0;
            th_record(name, ok, ok ? NULL : err);
            failed += !ok;
        }
    }
    lua_settop(L, 0);
    script_free(s);
    return failed;
}

static int is_lua(const struct dirent *d)
{
    size_t n = strlen(d->d_name);
    return n > 4 && strcmp(d->d_name + n - 4, ".lua") == 0;
}

int lua_runner_run(const char *filter)
{
    const char *dir = getenv("VOLCANIQUE_TEST_LUA_DIR");
    if (!dir || !*dir)
        dir = "tests/lua";
    struct dirent **list = NULL;
    int n = scandir(dir, &list, is_lua, alphasort);
    if (n < 0)
        return 0;  /* no Lua tests here (e.g. run from another directory) */
    int failed = 0;
    for (int i = 0; i < n; i++) {
        /* A filter naming the file runs all its tests. */
        const char *f = filter && strstr(list[i]->d_name, filter) ? NULL : filter;
        failed += run_file(dir, list[i]->d_name, f);
        free(list[i]);
    }
    free(list);
    return failed;
}
