/* Words for the pending decision and its options: one description shared by
 * every front end (terminal, window, `options`, bots' logs).
 *
 * Contract: each function writes a NUL-terminated text of at most len - 1
 * bytes into buf (len > 0) and never fails. A script question's words come
 * from the script layer through GameHooks.words; without hooks, or when
 * the script gives none, a neutral description is written instead. */
#ifndef VQ_DESCRIBE_H
#define VQ_DESCRIBE_H

#include "game.h"

/* What the deciding player is asked now ("Move up to one critter", or a
 * script question's prompt). */
void game_prompt_text(const Game *g, char *buf, int len);
/* What option o of the pending decision does. */
void game_option_text(const Game *g, const Option *o, char *buf, int len);

/* A tile type as a player names it: "dark Uno", "dark/light Duo",
 * "dark-medium-light Trio" (its biomes clockwise), "volcano", "volcanic soil". */
void game_tile_name(const Game *g, int type, char *buf, int len);

#endif
