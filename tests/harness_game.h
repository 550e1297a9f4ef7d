/* Checks shared by every test that plays whole games (random choices, bots,
 * scripted seeds): a game that met a script error has failed, whatever else
 * it did. Required for: tests/script/test_random_games.c, test_forced_powers.c,
 * test_kept_state.c, test_mods.c, tests/bot/, tests/ui/, tests/cli/test_watch.c
 * and fx_play (tests/core/fixtures.c).
 *
 * A script error is a failed handler call counted in Game.script_errors (the
 * script layer keeps the base values and plays on, so nothing else shows it). */
#ifndef VQ_HARNESS_GAME_H
#define VQ_HARNESS_GAME_H

#include "game.h"

struct Session;

/* The script error game g has met, in words, or NULL when it met none: the
 * session's first error in full (file, line, seed, turn, event) when g is s's
 * own game, else how many were counted (a clone, or s NULL). The text lives
 * until the next call. */
const char *th_script_error(const struct Session *s, const Game *g);

/* Fails the current test (and goes on) when g met a script error, printing
 * the error and `context`, a printf format saying which game; returns 1 if it
 * failed, else 0. Use CHECK_NO_SCRIPT_ERROR. */
int th_check_script_error(const char *file, int line, const struct Session *s, const Game *g,
                          const char *context, ...) __attribute__((format(printf, 5, 6)));
#define CHECK_NO_SCRIPT_ERROR(s, g, ...) th_check_script_error(__FILE__, __LINE__, (s), (g), __VA_ARGS__)

#endif
