/* The functions a rules test file sees (rulestest.h): test(), scenario(),
 * decision(), options(), choose(), pass(), run(), expect(), expect_eq().
 * Each step that moves the game is recorded in the trace being kept, if any
 * (rulestest_internal.h), for the check that a test plays alone as it does
 * after the others. */
#include "rulestest_internal.h"

#include <stdlib.h>
#include <string.h>

#include "describe.h"
#include "lgame.h"
#include "lsandbox.h"
#include "scenario.h"

/* The trace the running test adds to; NULL when none is kept. The runner is
 * single-threaded (rulestest.h). */
static RulesTrace *recording;

void rulestest_record(RulesTrace *t)
{
    recording = t;
    if (t)
        memset(t, 0, sizeof *t);
}

/* Records the game's state hash after `step` (printf-style words). */
static void trace_step(const Game *g, const char *fmt, const char *arg)
{
    if (!recording)
        return;
    if (recording->len >= RULES_TRACE_MAX) {
        recording->overflow = 1;
        return;
    }
    snprintf(recording->step[recording->len], sizeof recording->step[0], fmt, arg);
    recording->hash[recording->len++] = game_hash(g);
}

/* ---- the test functions ---- */

static int t_test(lua_State *L)
{
    luaL_checkstring(L, 1);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_getfield(L, LUA_REGISTRYINDEX, RULESTEST_KEY);
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
    trace_step(&s->game, "scenario%s", "");
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
    trace_step(g, "applying '%.30s'", text);
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
    trace_step(g, "run()%s", "");
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

const luaL_Reg rulestest_functions[] = {
    { "test", t_test },       { "scenario", t_scenario }, { "decision", t_decision },
    { "options", t_options }, { "choose", t_choose },     { "pass", t_pass },
    { "run", t_run },         { "expect", t_expect },     { "expect_eq", t_expect_eq },
    { NULL, NULL },
};

