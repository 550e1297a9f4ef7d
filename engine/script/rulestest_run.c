/* Running rules tests (rulestest.h): each file of a folder is loaded into the
 * session's Script like any script, in an environment holding the test
 * functions, and each test it registers runs under a generous budget, as a
 * later game of the session's batch. Then the same test runs again alone, in
 * a fresh session of the same rules and mods: it must end the same way after
 * the same games, step by step, or it fails naming the first step that
 * differs (state kept outside game.state would show there). */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "lgame.h"
#include "lsandbox.h"
#include "rulestest_internal.h"

#define TEST_BUDGET ((uint64_t)200000000)
#define TEST_TIME_MS 60000u   /* a hang guard: a test's outcome must not depend on the machine's speed */
#define TEST_MAX_FILE ((size_t)1 << 20)

/* Protected: (source, length, chunk) as light userdata; loads the file into a
 * fresh environment with the test functions and runs it (registering tests). */
static int load_file_p(lua_State *L)
{
    const char *src = lua_touserdata(L, 1);
    size_t len = *(const size_t *)lua_touserdata(L, 2);
    const char *chunk = lua_touserdata(L, 3);
    lua_settop(L, 0);
    if (luaL_loadbufferx(L, src, len, lua_pushfstring(L, "@%s", chunk), "t") != LUA_OK)
        return lua_error(L);
    sb_push_env(L);
    for (const luaL_Reg *f = rulestest_functions; f->name; f++) {   /* raw: past the guard on globals */
        lua_pushstring(L, f->name);
        lua_pushcfunction(L, f->func);
        lua_rawset(L, -3);
    }
    lua_pushstring(L, "game");
    rulestest_push_game(L, -2);
    lua_rawset(L, -3);
    lua_setupvalue(L, -2, 1);
    lua_call(L, 0, 0);
    return 0;
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = malloc(TEST_MAX_FILE + 1);
    *len = buf ? fread(buf, 1, TEST_MAX_FILE, f) : 0;
    fclose(f);
    if (buf)
        buf[*len] = 0;
    return buf;
}

/* Loads the test file at path as chunk into s (its tests registered under
 * RULESTEST_KEY). 0, or -1 with err. */
static int load_tests(Session *s, const char *path, const char *chunk, char *err, int errlen)
{
    size_t len = 0;
    char *src = read_file(path, &len);
    if (!src) {
        snprintf(err, (size_t)errlen, "cannot read the file");
        return -1;
    }
    lua_State *L = script_lua(s->script);
    lua_newtable(L);
    lua_setfield(L, LUA_REGISTRYINDEX, RULESTEST_KEY);
    lua_pushcfunction(L, load_file_p);
    lua_pushlightuserdata(L, src);
    lua_pushlightuserdata(L, &len);
    lua_pushlightuserdata(L, (void *)chunk);
    int rc = sb_pcall(s->script, 3, chunk, err, (size_t)errlen);
    free(src);
    return rc;
}

/* Runs registered test i of s into trace t; its name into name. */
static void run_test(Session *s, const char *chunk, lua_Integer i, RulesTrace *t, char *name, size_t namelen)
{
    lua_State *L = script_lua(s->script);
    lua_getfield(L, LUA_REGISTRYINDEX, RULESTEST_KEY);
    lua_rawgeti(L, -1, i);
    lua_rawgeti(L, -1, 1);
    snprintf(name, namelen, "%s: %s", chunk, lua_isstring(L, -1) ? lua_tostring(L, -1) : "?");
    sb_clean_text(name);   /* a test's name is a script's text: it reaches the terminal */
    lua_pop(L, 1);
    lua_rawgeti(L, -1, 2);
    lua_replace(L, -3);
    lua_pop(L, 1);
    memset(&s->game, 0, sizeof s->game);
    s->current = &s->game;
    uint64_t budget = s->script->budget;
    uint32_t time_ms = s->script->time_limit_ms;
    s->script->budget = TEST_BUDGET;   /* a test plays whole turns within one call */
    s->script->time_limit_ms = TEST_TIME_MS;
    s->quiet = 1;
    rulestest_record(t);
    t->ok = sb_pcall_results(s->script, 0, 0, chunk, t->error, sizeof t->error) == 0;
    /* What the test did not hear: it caught the error, or ended right after. */
    char why[sizeof t->error];
    bool told = !t->ok && (strstr(t->error, RULESTEST_SCRIPT_FAILED) || strstr(t->error, RULESTEST_BROKE));
    if (!told && rulestest_heard(s, "the test", 1, why, sizeof why)) {
        char was[sizeof t->error];
        snprintf(was, sizeof was, "%s", t->ok ? "" : t->error);
        snprintf(t->error, sizeof t->error, "%.560s%s%.200s", why, t->ok ? "" : "\n    and then: ", was);
        t->ok = 0;
    }
    rulestest_record(NULL);
    s->script->budget = budget;
    s->script->time_limit_ms = time_ms;
}

/* Where trace b (alone) first differs from a (in the batch), in words into
 * why; 0 when they agree. */
static int trace_differs(const RulesTrace *a, const RulesTrace *b, char *why, size_t len)
{
    int n = a->len < b->len ? a->len : b->len;
    for (int k = 0; k < n; k++)
        if (a->hash[k] != b->hash[k] || strcmp(a->step[k], b->step[k]) != 0) {
            snprintf(why, len, "step %d (%s) leaves another game alone than after the other tests", k + 1,
                     b->step[k]);
            return 1;
        }
    if (a->len != b->len) {
        snprintf(why, len, "it takes %d steps alone and %d after the other tests", b->len, a->len);
        return 1;
    }
    if (a->ok != b->ok) {
        snprintf(why, len, "it %s alone: %s", b->ok ? "passes" : "fails", b->ok ? "" : b->error);
        return 1;
    }
    return 0;
}

/* Runs test i of file path again in a fresh session; 0 when it plays as
 * trace batch did, else -1 with why. */
static int check_alone(const Session *s, const char *path, const char *chunk, lua_Integer i,
                       const RulesTrace *batch, char *why, size_t len)
{
    Session *fresh = calloc(1, sizeof *fresh);
    RulesTrace *alone = calloc(1, sizeof *alone);
    char err[800], name[1400];
    int rc = -1;
    if (!fresh || !alone)
        snprintf(why, len, "out of memory for the test alone");
    else if (session_open_like(fresh, s, err, sizeof err))
        snprintf(why, len, "%s", err);
    else {
        if (load_tests(fresh, path, chunk, err, sizeof err))
            snprintf(why, len, "the file does not load alone: %s", err);
        else {
            run_test(fresh, chunk, i, alone, name, sizeof name);
            rc = trace_differs(batch, alone, why, len) ? -1 : 0;
        }
        session_close(fresh);
    }
    free(alone);
    free(fresh);
    return rc;
}

/* Runs the tests file `chunk` (at path) registered in s whose name contains
 * filter (NULL: all), each in the batch and then alone. */
static void run_registered(Session *s, const char *path, const char *chunk, const char *filter, FILE *out,
                           RulesTestResult *res)
{
    lua_State *L = script_lua(s->script);
    lua_getfield(L, LUA_REGISTRYINDEX, RULESTEST_KEY);
    lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
    lua_pop(L, 1);
    RulesTrace *batch = calloc(1, sizeof *batch);
    for (lua_Integer i = 1; batch && i <= n; i++) {
        lua_getfield(L, LUA_REGISTRYINDEX, RULESTEST_KEY);
        lua_rawgeti(L, -1, i);
        lua_rawgeti(L, -1, 1);
        char name[1400], why[1000];
        snprintf(name, sizeof name, "%s: %s", chunk, lua_isstring(L, -1) ? lua_tostring(L, -1) : "?");
        sb_clean_text(name);
        lua_pop(L, 3);
        if (filter && !strstr(name, filter))
            continue;
        run_test(s, chunk, i, batch, name, sizeof name);
        int alone_ok = check_alone(s, path, chunk, i, batch, why, sizeof why) == 0;
        if (batch->ok && alone_ok) {
            res->passed++;
            fprintf(out, "ok - %s\n", name);
        } else {
            res->failed++;
            fprintf(out, "not ok - %s\n    %s\n", name, batch->ok ? why : batch->error);
            if (!batch->ok && !alone_ok)
                fprintf(out, "    and alone: %s\n", why);
        }
    }
    if (!batch)
        res->failed++;
    free(batch);
}

static int run_file(Session *s, const char *dir, const char *file, const char *filter, FILE *out,
                    RulesTestResult *res)
{
    char path[1024], err[800];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    if (load_tests(s, path, path, err, sizeof err)) {
        res->failed++;
        fprintf(out, "not ok - %s: %s\n", path, err);
        return -1;
    }
    run_registered(s, path, path, filter, out, res);
    return 0;
}

int rulestest_run_dir(Session *s, const char *dir, const char *filter, FILE *out, RulesTestResult *res,
                      char *err, int errlen)
{
    char *names[256];
    int n = session_lua_files(dir, names, 256);
    if (n < 0) {
        snprintf(err, (size_t)errlen, "%s: cannot open the test folder", dir);
        return -1;
    }
    int rc = 0;
    for (int i = 0; i < n; i++) {
        if (names[i] && run_file(s, dir, names[i], filter, out, res))
            rc = -1;
        free(names[i]);
    }
    if (rc)
        snprintf(err, (size_t)errlen, "some test files could not be loaded");
    return rc;
}
