/* The sandbox's pattern matcher against Lua's own: random well-formed
 * patterns over random subjects must give the same results from find, match
 * and gsub (the stock library is still in the state's real global table). */
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "harness.h"
#include "lsandbox.h"

static uint64_t rng_state;

static unsigned next_below(unsigned n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state % n);
}

/* Appends one single-byte class to p. */
static void add_class(char *p, size_t cap)
{
    static const char *const CLASSES[] = {
        "a", "b", " ", ".", "%)", "%a", "%d", "%s", "%W", "%(", "[ab]", "[^a]", "[a-c]", "[%d)]", "[]a]", "%z",
    };
    strncat(p, CLASSES[next_below(sizeof CLASSES / sizeof CLASSES[0])], cap - strlen(p) - 1);
}

/* A well-formed pattern: captures balanced, back-references to closed ones. */
static void make_pattern(char *p, size_t cap)
{
    p[0] = 0;
    if (next_below(4) == 0)
        strncat(p, "^", cap - 1);
    int open = 0, closed = 0, items = 1 + (int)next_below(6);
    for (int i = 0; i < items; i++) {
        unsigned k = next_below(12);
        if (k == 0 && open < 3) {
            strncat(p, "(", cap - strlen(p) - 1);
            open++;
        } else if (k == 1 && open > 0) {
            strncat(p, ")", cap - strlen(p) - 1);
            open--;
            closed++;
        } else if (k == 2) {
            strncat(p, "()", cap - strlen(p) - 1);
            closed++;
        } else if (k == 3 && closed > 0 && open == 0) {
            char ref[16];
            snprintf(ref, sizeof ref, "%%%u", 1 + next_below((unsigned)closed));
            strncat(p, ref, cap - strlen(p) - 1);
        } else if (k == 4) {
            strncat(p, next_below(2) ? "%b()" : "%f[%a]", cap - strlen(p) - 1);
        } else {
            add_class(p, cap);
            if (next_below(2))
                strncat(p, (const char *[]){ "*", "+", "-", "?" }[next_below(4)], cap - strlen(p) - 1);
        }
    }
    while (open-- > 0)
        strncat(p, ")", cap - strlen(p) - 1);
    if (next_below(5) == 0)
        strncat(p, "$", cap - strlen(p) - 1);
}

static void make_subject(char *s, size_t cap)
{
    static const char ALPHABET[] = "aab(c) 1b";
    size_t n = next_below((unsigned)(cap < 12 ? cap : 12));
    for (size_t i = 0; i < n; i++)
        s[i] = ALPHABET[next_below(sizeof ALPHABET - 1)];
    s[n] = 0;
}

/* Calls lib[fn](subject, pattern[, repl]) and renders the results or error. */
static void run(lua_State *L, int lib, const char *fn, const char *subject, const char *pattern,
                char *out, size_t cap)
{
    int top = lua_gettop(L);
    lua_getfield(L, lib, fn);
    lua_pushstring(L, subject);
    lua_pushstring(L, pattern);
    int nargs = 2;
    if (strcmp(fn, "gsub") == 0) {
        lua_pushstring(L, "<%0>");
        nargs = 3;
    }
    out[0] = 0;
    if (lua_pcall(L, nargs, LUA_MULTRET, 0) != LUA_OK) {
        snprintf(out, cap, "error");
    } else {
        for (int i = top + 1; i <= lua_gettop(L); i++) {
            size_t len = strlen(out);
            snprintf(out + len, cap - len, "%s|", luaL_tolstring(L, i, NULL));
            lua_pop(L, 1);
        }
    }
    lua_settop(L, top);
}

TEST(sandbox_patterns_agree_with_lua_on_random_patterns)
{
    char err[256];
    Script *s = script_new(NULL, err, sizeof err);
    REQUIRE(s);
    lua_State *L = script_lua(s);
    lua_getglobal(L, "string");                          /* the stock library */
    int stock = lua_gettop(L);
    lua_getfield(L, LUA_REGISTRYINDEX, SB_BASE_KEY);
    lua_getfield(L, -1, "string");                       /* the sandbox's */
    int mine = lua_gettop(L);
    rng_state = 0x2545F4914F6CDD1DULL;
    static const char *const FNS[] = { "find", "match", "gsub" };
    int mismatches = 0, compared = 0;
    for (int i = 0; i < 20000 && mismatches < 5; i++) {
        char pattern[64], subject[16], a[256], b[256];
        make_pattern(pattern, sizeof pattern);
        make_subject(subject, sizeof subject);
        const char *fn = FNS[i % 3];
        run(L, stock, fn, subject, pattern, a, sizeof a);
        run(L, mine, fn, subject, pattern, b, sizeof b);
        compared++;
        if (strcmp(a, b) != 0) {
            mismatches++;
            th_fail(__FILE__, __LINE__, "%s(\"%s\", \"%s\"): Lua gives %s, the sandbox %s", fn, subject,
                    pattern, a, b);
        }
    }
    CHECK_EQ(compared, 20000);
    script_free(s);
}
