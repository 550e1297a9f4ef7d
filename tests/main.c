/* Test runner: every registered C test, then every Lua test file under
 * tests/lua/. Usage: volcanique-tests [FILTER]  (substring of test or file name) */
#include <stdio.h>

#include "harness.h"
#include "script/lua_runner.h"

int main(int argc, char **argv)
{
    const char *filter = argc > 1 ? argv[1] : NULL;
    th_run(filter);
    lua_runner_run(filter);
    th_summary();
    return th_failed_count() ? 1 : 0;
}
