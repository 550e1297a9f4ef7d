/* Runs the Lua test files under tests/lua/ (or $VOLCANIQUE_TEST_LUA_DIR) and
 * records each test with th_record. */
#ifndef VQ_LUA_RUNNER_H
#define VQ_LUA_RUNNER_H

/* filter: substring of "file: test" to run, or NULL for all. Returns the
 * number of failed tests. */
int lua_runner_run(const char *filter);

#endif
