/* The Lua sandbox: hidden globals, budget, memory cap, patterns, pairs order,
 * math.random, error locations. */
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "lsandbox.h"

static int load(Script *s, const char *src, const char *name, char *err, size_t n)
{
    err[0] = '\0';
    return script_load_string(s, src, name, err, n);
}

TEST(sandbox_forbidden_globals_are_nil)
{
    char err[512];
    Script *s = script_new(NULL, err, sizeof err);
    REQUIRE(s);
    const char *src =
        "for _, n in ipairs({'io','os','debug','package','require','dofile',\n"
        "  'loadfile','load','collectgarbage','_G','loadstring'}) do\n"
        "  assert(_ENV[n] == nil, n .. ' is visible')\n"
        "end\n"
        "assert(string.dump == nil, 'string.dump')\n"
        "assert((\"\").dump == nil, '(\"\").dump')\n"
        "local mt = getmetatable('')\n"
        "assert(type(mt) ~= 'table', 'string metatable exposed')\n"
        "assert(math.randomseed == nil)\n"
        "assert(getmetatable(_ENV) == false)\n"
        "assert(('abc'):upper() == 'ABC')\n";
    int rc = load(s, src, "forbidden.lua", err, sizeof err);
    CHECK_EQ(rc, 0);
    if (rc) printf("  %s\n", err);
    script_free(s);
}

TEST(sandbox_env_copies_are_private)
{
    char err[512];
    Script *s = script_new(NULL, err, sizeof err);
    REQUIRE(s);
    CHECK_EQ(load(s, "string.upper = nil; table = nil; x = 1", "a.lua", err, sizeof err), 0);
    CHECK_EQ(load(s, "assert(string.upper and table.sort and x == nil)", "b.lua", err, sizeof err), 0);
    script_free(s);
}

TEST(sandbox_endless_loop_hits_budget)
{
    char err[512];
    Script *s = script_new(NULL, err, sizeof err);
    REQUIRE(s);
    CHECK_EQ(load(s, "local x = 0\nwhile true do x = x + 1 end", "loop.lua", err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "instruction budget exceeded");
    CHECK_STR_CONTAINS(err, "loop.lua:2:");
    CHECK_EQ(load(s, "while true do pcall(function() while true do end end) end",
                  "pcall_loop.lua", err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "instruction budget exceeded");
    CHECK_STR_CONTAINS(err, "pcall_loop.lua:1:");
    CHECK_EQ(load(s, "while true do xpcall(function() while true do end end, function(m) return m end) end",
                  "xpcall_loop.lua", err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "instruction budget exceeded");
    /* The state stays usable, with a fresh budget. */
    CHECK_EQ(load(s, "local n = 0 for i = 1, 1000 do n = n + i end assert(n == 500500)",
                  "after.lua", err, sizeof err), 0);
    script_free(s);
}

TEST(sandbox_memory_cap)
{
    char err[512];
    ScriptLimits lim = { (size_t)8 << 20, 100000000, 0, 0 };
    Script *s = script_new(&lim, err, sizeof err);
    REQUIRE(s);
    CHECK_EQ(load(s, "local t = {} for i = 1, 1e9 do t[i] = i end", "bomb.lua", err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "bomb.lua: memory limit exceeded");
    CHECK(script_memory_used(s) <= lim.memory_bytes);
    CHECK_EQ(load(s, "local ok, e = pcall(function() local t = {} for i = 1, 1e9 do t[i] = i end end)\n"
                     "error('pcall caught the memory error')", "bomb2.lua", err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "memory limit exceeded");
    CHECK_EQ(load(s, "local t = {} for i = 1, 100 do t[i] = i end assert(#t == 100)",
                  "fine.lua", err, sizeof err), 0);
    script_free(s);
}

TEST(sandbox_string_rep_limit)
{
    char err[512];
    Script *s = script_new(NULL, err, sizeof err);
    REQUIRE(s);
    CHECK_EQ(load(s, "local s = string.rep('x', 1e9)", "rep.lua", err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "rep.lua:1:");
    CHECK_STR_CONTAINS(err, "too long");
    CHECK_EQ(load(s, "local ok = pcall(string.rep, 'x', 1e9) assert(not ok)\n"
                     "assert(('ab'):rep(3, '-') == 'ab-ab-ab')", "rep2.lua", err, sizeof err), 0);
    script_free(s);
}

TEST(sandbox_pathological_pattern_is_stopped)
{
    char err[512];
    Script *s = script_new(NULL, err, sizeof err);
    REQUIRE(s);
    int rc = load(s, "return string.find(string.rep('a', 60000), string.rep('a*', 30) .. 'b')",
                  "pat.lua", err, sizeof err);
    CHECK_EQ(rc, -1);
    CHECK_STR_CONTAINS(err, "instruction budget exceeded");
    rc = load(s, "return string.find(string.rep('a', 30), string.rep('a*', 30) .. 'b')",
              "pat2.lua", err, sizeof err);
    CHECK_EQ(rc, -1);
    CHECK_EQ(load(s, "local s = string.rep('a', 70000) assert(not pcall(string.find, s, 'b'))\n"
                     "assert(('key=val'):match('(%w+)=(%w+)') == 'key')\n"
                     "assert(select(2, ('a b c'):gsub(' ', '')) == 2)\n"
                     "assert(('x.y'):find('.', 1, true) == 2)",
                  "pat3.lua", err, sizeof err), 0);
    if (err[0]) printf("  %s\n", err);
    script_free(s);
}

static char order_buf[2][256];
static int order_which;

static int capture_print_count;
static void capture_print(void *ud, const char *chunk, const char *msg)
{
    (void)ud; (void)chunk;
    capture_print_count++;
    snprintf(order_buf[order_which], sizeof order_buf[0], "%s", msg);
}

TEST(sandbox_pairs_order_is_stable)
{
    const char *srcs[2] = {
        "local t = {} t.zeta = 1 t[3] = 1 t.alpha = 1 t[true] = 1 t[-1.5] = 1 t.beta = 1 t[false] = 1 t[10] = 1\n"
        "local out = {} for k in pairs(t) do out[#out + 1] = tostring(k) end print(table.concat(out, ','))",
        "local t = {} t[false] = 1 t[10] = 1 t.beta = 1 t[-1.5] = 1 t[true] = 1 t.alpha = 1 t[3] = 1 t.zeta = 1\n"
        "local out = {} for k in pairs(t) do out[#out + 1] = tostring(k) end print(table.concat(out, ','))",
    };
    char err[512];
    for (int i = 0; i < 2; i++) {
        Script *s = script_new(NULL, err, sizeof err);
        REQUIRE(s);
        order_which = i;
        script_set_print(s, capture_print, NULL);
        CHECK_EQ(load(s, srcs[i], "order.lua", err, sizeof err), 0);
        script_free(s);
    }
    CHECK_STR_CONTAINS(order_buf[0], "-1.5,3,10,alpha,beta,zeta,false,true");
    CHECK(strcmp(order_buf[0], order_buf[1]) == 0);
    Script *s = script_new(NULL, err, sizeof err);
    REQUIRE(s);
    CHECK_EQ(load(s, "for k in pairs({[{}] = 1}) do end", "badkey.lua", err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "pairs: unsupported key type");
    script_free(s);
}

static int draws;
static uint32_t counting_below(void *ud, uint32_t bound)
{
    (void)ud;
    draws++;
    return bound > 1 ? bound - 1 : 0;  /* always the top of the range */
}

TEST(sandbox_math_random_uses_callback)
{
    char err[512];
    Script *s = script_new(NULL, err, sizeof err);
    REQUIRE(s);
    CHECK_EQ(load(s, "math.random(6)", "norand.lua", err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "no die to draw");
    draws = 0;
    script_set_random(s, counting_below, NULL);
    CHECK_EQ(load(s, "assert(math.random(6) == 6)\n"
                     "assert(math.random(-3, 4) == 4)\n"
                     "local f = math.random() assert(f >= 0 and f < 1)\n"
                     "assert(not pcall(math.random, 5, 1))",
                  "rand.lua", err, sizeof err), 0);
    if (err[0]) printf("  %s\n", err);
    CHECK(draws >= 3);
    script_free(s);
}

TEST(sandbox_errors_carry_chunk_and_line)
{
    char err[512];
    Script *s = script_new(NULL, err, sizeof err);
    REQUIRE(s);
    CHECK_EQ(load(s, "local a = 1\n\nlocal b = nil + a", "mods/foo/mod.lua", err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "mods/foo/mod.lua:3:");
    CHECK_EQ(load(s, "error('boom')", "e.lua", err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "e.lua:1: boom");
    CHECK_EQ(load(s, "local x = = 1", "syntax.lua", err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "syntax.lua:1:");
    CHECK_EQ(load(s, "\x1bLua", "bin.lua", err, sizeof err), -1);
    CHECK_EQ(script_load_file(s, "/nonexistent/x.lua", NULL, err, sizeof err), -1);
    script_free(s);
}

static int seven(lua_State *L) { lua_pushinteger(L, 7); return 1; }

TEST(sandbox_add_global_before_first_load_only)
{
    char err[512];
    Script *s = script_new(NULL, err, sizeof err);
    REQUIRE(s);
    CHECK_EQ(script_add_global(s, "seven", seven), 0);
    CHECK_EQ(load(s, "assert(seven() == 7)", "g.lua", err, sizeof err), 0);
    CHECK_EQ(script_add_global(s, "late", seven), -1);
    script_free(s);
}
