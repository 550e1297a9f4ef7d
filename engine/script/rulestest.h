/* Rules tests written in Lua: files that build positions from the scenario
 * text format (engine/core/scenario.h), act through the decisions, and check
 * the outcome with the `game` library. They test base powers (tests/powers/)
 * and mods (mods/NAME/tests/), run by `volcanique test`.
 *
 * A test file runs in a sandbox environment of its own with, besides the
 * `game` library (bound to the test's game):
 *   test(name, fn)          registers a test
 *   scenario(text)          builds the position and makes it the game
 *   decision()              -> { kind, player, prompt }
 *   options()               -> { { index, text, verb, q, r }, ... }
 *   choose(what)            applies the option whose words contain `what`
 *                           (exactly one must), or option number `what`
 *   pass()                  applies the pending decision's pass option
 *   run()                   lets the engine go on (scenario_run)
 *   expect(cond, msg), expect_eq(got, want, msg)
 * `game` in a test file is the library with every function followed by the
 * checks below.
 * A test fails on the first failed expectation or error, and when its game
 * met a rules script's error by any path (a handler set off by an effect the
 * test calls itself, an offer, a label, a prompt, an answer; a mod switched
 * off; an error the test caught with pcall), naming the script's file and
 * line; and when its game breaks an invariant (invariants.h, as
 * `sim --check`) after a step that moved it (choose, pass, run, an effect),
 * unless its scenario was written `unchecked`. */
#ifndef VQ_RULESTEST_H
#define VQ_RULESTEST_H

#include <stdio.h>

#include "session.h"

typedef struct RulesTestResult {
    int passed, failed;
} RulesTestResult;

/* Runs every *.lua file of `dir` (name order) against session s, the tests
 * whose "file: name" contains `filter` (NULL: all). Prints "ok - ..." and
 * "not ok - ... : why" lines to out. Returns 0, or -1 with err when the
 * folder or a file cannot be loaded (counted as a failure too). */
int rulestest_run_dir(Session *s, const char *dir, const char *filter, FILE *out, RulesTestResult *res,
                      char *err, int errlen);

#endif
