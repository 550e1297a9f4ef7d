/* Test runner: every registered C test, then every Lua test file under
 * tests/lua/. Usage: volcanique-tests [FILTER]  (substring of test or file name);
 * TESTS_FAIL_FAST=1 stops at the first failing test. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "script/lua_runner.h"

int main(int argc, char **argv)
{
    const char *filter = argc > 1 ? argv[1] : NULL;
    const char *fast = getenv("TESTS_FAIL_FAST");
    if (th_run(filter) == 0 || !fast || !*fast || strcmp(fast, "0") == 0)
        lua_runner_run(filter);
    th_summary();
    return th_failed_count() ? 1 : 0;
}
