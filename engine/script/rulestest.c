/* The Lua rules-test runner (rulestest.h): test files are loaded into the
 * session's Script like any script, in an environment holding the test
 * functions below, and each registered test runs under a generous budget. */
#include "rulestest.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "describe.h"
#include "lgame.h"
#include "lsandbox.h"
#include "scenario.h"

#define TESTS_KEY "volcanique.tests"
#define TEST_BUDGET ((uint64_t)200000000)
#define TEST_MAX_FILE ((size_t)1 << 20)

/* ---- the test functions ---- */

static int t_test(lua_State *L)
{
    luaL_checkstring(L, 1);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_getfield(L, LUA_REGISTRYINDEX, TESTS_KEY);
    lua_createtable(L, 2, 0);
    lua_pushvalue(L, 1);
    lua_rawseti(L, -2, 1);
    lua_pushvalue(L, 2);
    lua_rawseti(L, -2, 2);
    lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
    return 0;
}

static int t_scenario(lua_State *L)
{
    Session *s = lgame_session(L);
    const char *text = luaL_checkstring(L, 1);
    char err[300];
    action_log_free(&s->log);
    if (scenario_build(&s->game, &s->rules, text, err, sizeof err))
        return luaL_error(L, "scenario: %s", err);
    game_set_hooks(&s->game, session_hooks(), s);
    s->game.log = &s->log;
    s->current = &s->game;
    s->error[0] = 0;
    s->error_count = 0;
    return 0;
}

static Game *test_game(lua_State *L)
{
    Session *s = lgame_session(L);
    if (!s->game.hooks)
        luaL_error(L, "no game yet: call scenario[[ ... ]] first");
    return &s->game;
}

static int t_decision(lua_State *L)
{
    Game *g = test_game(L);
    char prompt[300];
    game_prompt_text(g, prompt, sizeof prompt);
    lua_createtable(L, 0, 3);
    lua_pushstring(L, decision_kind_name(g->pending.kind));
    lua_setfield(L, -2, "kind");
    lua_pushinteger(L, g->pending.player);
    lua_setfield(L, -2, "player");
    lua_pushstring(L, prompt);
    lua_setfield(L, -2, "prompt");
    return 1;
}

/* The options of the pending decision and their words. */
static int list_options(Game *g, Option *o, char (*text)[200])
{
    int n = game_options(g, o, MAX_OPTIONS);
    for (int i = 0; i < n && i < 512; i++)
        game_option_text(g, &o[i], text[i], 200);
    return n < 512 ? n : 512;
}

static int t_options(lua_State *L)
{
    Game *g = test_game(L);
    static Option o[MAX_OPTIONS];
    static char text[512][200];
    int n = list_options(g, o, text);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_createtable(L, 0, 5);
        lua_pushinteger(L, i + 1); lua_setfield(L, -2, "index");
        lua_pushstring(L, text[i]); lua_setfield(L, -2, "text");
        lua_pushstring(L, verb_name(o[i].verb)); lua_setfield(L, -2, "verb");
        if (o[i].cell < BOARD_CELLS) {
            Hex h = board_hex(o[i].cell);
            lua_pushinteger(L, h.q); lua_setfield(L, -2, "q");
            lua_pushinteger(L, h.r); lua_setfield(L, -2, "r");
        }
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* Applies option i of the pending decision; raises with the engine's error
 * or with a script error met while applying it. */
static void apply(lua_State *L, Game *g, int i, const char *text)
{
    Session *s = lgame_session(L);
    char err[300];
    uint32_t errors = g->script_errors;
    if (game_apply(g, i, err, sizeof err))
        luaL_error(L, "cannot apply '%s': %s", text, err);
    if (g->script_errors != errors)
        luaL_error(L, "a rules script failed while applying '%s': %s", text, s->error);
}

static int t_choose(lua_State *L)
{
    Game *g = test_game(L);
    static Option o[MAX_OPTIONS];
    static char text[512][200];
    int n = list_options(g, o, text);
    if (lua_type(L, 1) == LUA_TNUMBER) {
        lua_Integer i = luaL_checkinteger(L, 1);
        luaL_argcheck(L, i >= 1 && i <= n, 1, "no such option");
        apply(L, g, (int)i - 1, text[i - 1]);
        return 0;
    }
    const char *want = luaL_checkstring(L, 1);
    int found = -1, count = 0;
    for (int i = 0; i < n; i++)
        if (strstr(text[i], want)) {
            found = i;
            count++;
        }
    if (count != 1) {
        luaL_Buffer b;
        luaL_buffinit(L, &b);
        luaL_addstring(&b, "");
        for (int i = 0; i < n && i < 40; i++) {
            luaL_addstring(&b, "\n    ");
            luaL_addstring(&b, text[i]);
        }
        luaL_pushresult(&b);
        return luaL_error(L, "choose('%s'): %d options match; the options are:%s", want, count,
                          lua_tostring(L, -1));
    }
    apply(L, g, found, text[found]);
    return 0;
}

static int t_pass(lua_State *L)
{
    Game *g = test_game(L);
    static Option o[MAX_OPTIONS];
    int n = game_options(g, o, MAX_OPTIONS);
    for (int i = 0; i < n; i++)
        if (o[i].verb == VERB_PASS) {
            apply(L, g, i, "pass");
            return 0;
        }
    return luaL_error(L, "pass: the %s decision cannot be passed", decision_kind_name(g->pending.kind));
}

static int t_run(lua_State *L)
{
    Session *s = lgame_session(L);
    Game *g = test_game(L);
    uint32_t errors = g->script_errors;
    scenario_run(g);
    if (g->script_errors != errors)
        return luaL_error(L, "a rules script failed: %s", s->error);
    return 0;
}

static int t_expect(lua_State *L)
{
    if (!lua_toboolean(L, 1))
        return luaL_error(L, "expectation failed%s%s", lua_isstring(L, 2) ? ": " : "",
                          lua_isstring(L, 2) ? lua_tostring(L, 2) : "");
    return 0;
}

static int t_expect_eq(lua_State *L)
{
    if (!lua_rawequal(L, 1, 2))
        return luaL_error(L, "expected %s, got %s%s%s", luaL_tolstring(L, 2, NULL), luaL_tolstring(L, 1, NULL),
                          lua_isstring(L, 3) ? ": " : "", lua_isstring(L, 3) ? lua_tostring(L, 3) : "");
    return 0;
}

static const luaL_Reg TEST_FUNCS[] = {
    { "test", t_test },       { "scenario", t_scenario }, { "decision", t_decision },
    { "options", t_options }, { "choose", t_choose },     { "pass", t_pass },
    { "run", t_run },         { "expect", t_expect },     { "expect_eq", t_expect_eq },
    { NULL, NULL },
};

/* ---- running ---- */

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
    for (const luaL_Reg *f = TEST_FUNCS; f->name; f++) {   /* raw: past the guard on globals */
        lua_pushstring(L, f->name);
        lua_pushcfunction(L, f->func);
        lua_rawset(L, -3);
    }
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

/* Runs the tests registered (TESTS_KEY) by file `chunk`. */
static void run_registered(Session *s, const char *chunk, const char *filter, FILE *out, RulesTestResult *res)
{
    lua_State *L = script_lua(s->script);
    lua_getfield(L, LUA_REGISTRYINDEX, TESTS_KEY);
    int tests = lua_gettop(L);
    lua_Integer n = (lua_Integer)lua_rawlen(L, tests);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, tests, i);
        lua_rawgeti(L, -1, 1);
        char name[1400];
        snprintf(name, sizeof name, "%s: %s", chunk, lua_isstring(L, -1) ? lua_tostring(L, -1) : "?");
        sb_clean_text(name);   /* a test's name is a script's text: it reaches the terminal */
        lua_pop(L, 1);
        if (filter && !strstr(name, filter)) {
            lua_pop(L, 1);
            continue;
        }
        lua_rawgeti(L, -1, 2);
        lua_remove(L, -2);
        memset(&s->game, 0, sizeof s->game);
        s->current = &s->game;
        char err[800];
        if (sb_pcall_results(s->script, 0, 0, chunk, err, sizeof err) == 0) {
            res->passed++;
            fprintf(out, "ok - %s\n", name);
        } else {
            res->failed++;
            fprintf(out, "not ok - %s\n    %s\n", name, err);
        }
    }
    lua_settop(L, tests - 1);
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int run_file(Session *s, const char *dir, const char *file, const char *filter, FILE *out,
                    RulesTestResult *res)
{
    lua_State *L = script_lua(s->script);
    char path[1024], chunk[1100];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    snprintf(chunk, sizeof chunk, "%s", path);
    size_t len = 0;
    char *src = read_file(path, &len);
    if (!src) {
        res->failed++;
        fprintf(out, "not ok - %s: cannot read the file\n", path);
        return -1;
    }
    lua_newtable(L);
    lua_setfield(L, LUA_REGISTRYINDEX, TESTS_KEY);
    lua_pushcfunction(L, load_file_p);
    lua_pushlightuserdata(L, src);
    lua_pushlightuserdata(L, &len);
    lua_pushlightuserdata(L, chunk);
    char err[800];
    int rc = sb_pcall(s->script, 3, chunk, err, sizeof err);
    free(src);
    if (rc != 0) {
        res->failed++;
        fprintf(out, "not ok - %s: %s\n", path, err);
        return -1;
    }
    run_registered(s, chunk, filter, out, res);
    return 0;
}

int rulestest_run_dir(Session *s, const char *dir, const char *filter, FILE *out, RulesTestResult *res,
                      char *err, int errlen)
{
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(err, (size_t)errlen, "%s: cannot open the test folder", dir);
        return -1;
    }
    char *names[256];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < 256) {
        size_t len = strlen(e->d_name);
        if (len > 4 && strcmp(e->d_name + len - 4, ".lua") == 0)
            names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, by_name);
    Script *sc = s->script;
    uint64_t budget = sc->budget;
    sc->budget = TEST_BUDGET;   /* a test plays whole turns within one call */
    s->quiet = 1;
    int rc = 0;
    char kept[600];
    int watched = script_kept_mark(sc, kept, sizeof kept);
    for (int i = 0; i < n; i++) {
        if (names[i] && run_file(s, dir, names[i], filter, out, res))
            rc = -1;
        free(names[i]);
    }
    /* The rules ran in every test: a local they changed is state kept
     * outside game.state, a failure of its own. */
    if (watched < 0 || script_kept_check(sc, kept, sizeof kept)) {
        res->failed++;
        fprintf(out, "not ok - %s: state kept outside game.state: %s\n", dir, kept);
    }
    sc->budget = budget;
    if (rc)
        snprintf(err, (size_t)errlen, "some test files could not be loaded");
    return rc;
}
