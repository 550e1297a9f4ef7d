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

#endif
