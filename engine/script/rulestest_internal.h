/* Internal to the rules-test runner (rulestest.c, rulestest_run.c): the test
 * functions and the trace of what a test did to its games. */
#ifndef VQ_RULESTEST_INTERNAL_H
#define VQ_RULESTEST_INTERNAL_H

#include <lauxlib.h>
#include <lua.h>

#include "rulestest.h"

#define RULESTEST_KEY "volcanique.tests"   /* registry: { {name, fn}, ... } the loaded file registered */
#define RULES_TRACE_MAX 256

/* The functions a test file sees besides the game library. */
extern const luaL_Reg rulestest_functions[];

/* What one test did to its games: the state hash after each step that moved
 * one (a scenario built, an option applied, run()), with the step in words,
 * and how the test ended. */
typedef struct RulesTrace {
    int len, overflow;
    uint64_t hash[RULES_TRACE_MAX];
    char step[RULES_TRACE_MAX][48];
    int ok;
    char error[800];
} RulesTrace;

/* Keeps the trace of the tests that run from now on in t (emptied now);
 * NULL keeps none. */
void rulestest_record(RulesTrace *t);

/* Whether the test's game (s->game) met a script error since its scenario was
 * built, by any path (the error may have switched a mod off and been
 * swallowed there), or, when `moved` and its scenario passed the invariants,
 * now breaks one: then 1 with why ("... after `step`", step may be NULL). */
int rulestest_heard(Session *s, const char *step, int moved, char *why, size_t len);
#define RULESTEST_SCRIPT_FAILED "a rules script failed"   /* how rulestest_heard's messages begin */
#define RULESTEST_BROKE "the game broke an invariant"
/* Pushes the `game` a test file sees: the library of the environment at
 * index env, every function of which fails the test on what rulestest_heard
 * hears after it. */
void rulestest_push_game(lua_State *L, int env);

#endif
