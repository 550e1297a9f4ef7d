/* Critters in the sea: generic effects for critters standing on ocean spaces
 * (a power script decides who may use them and when).
 *
 * A sea critter is a critter with place AT_SEA; its `cell` is an ocean cell
 * (height 0) and no other sea critter shares it. It stands on no biome, so it
 * controls nothing, collects nothing, cannot be sacrificed, takes no part in
 * contests, does not count for targeting (active_land_critter_count) or
 * scoring (land_critter_count), and ordinary moves (DK_MOVE, with any ability)
 * never list it: every count and list of the core looks at AT_BOARD only.
 *
 * An open sea space is an ocean cell next to land (so choices stay few)
 * holding no lava and no sea critter, and not frozen. Lava that runs into a
 * sea critter's space leaves it be; when that lava flips to soil, the critter
 * swims away (sea_settle).
 *
 * Effects check their arguments and return 0, or -1 with the reason in err,
 * leaving the game unchanged (as in effects.h). No function here names a
 * power: scripts decide who may do what and when. */
#ifndef VQ_SEA_H
#define VQ_SEA_H

#include <stdbool.h>
#include <stdint.h>

#include "game.h"

/* The id of the sea critter in ocean cell `cell`, or -1. */
int sea_critter_at(const Game *g, int cell);
/* Whether `cell` is an open sea space (see above). */
bool sea_space_open(const Game *g, int cell);
/* The open sea spaces in board cell order; returns the count (at most max). */
int sea_spaces(const Game *g, uint16_t *cells, int max);
/* Where sea critter `id` may come ashore: the free areas of an uncontrolled
 * biome (no critter of anyone in it) on a land tile next to its space, the
 * tile neither frozen nor under lava, in direction then area order. None from
 * a frozen space. Returns the count (at most max). */
int sea_landings(const Game *g, int id, uint16_t *cells, uint8_t *areas, int max);

/* A critter from the player's hand into the open sea space `cell`. */
int sea_place(Game *g, int player, int cell, char *err, int errlen);
/* Sea critter `id` swims to the open sea space `cell`, any distance away;
 * not from a frozen space. */
int sea_swim(Game *g, int id, int cell, char *err, int errlen);
/* Sea critter `id` comes ashore onto a landing listed by sea_landings; it is
 * an ordinary board critter from then on. */
int sea_ashore(Game *g, int id, int cell, int area, char *err, int errlen);
/* Sea critters whose cell has become land (lava in the ocean flipped to soil,
 * an island moved over them) swim to the nearest open sea space: the first
 * found ring by ring outwards (hex_ring order). With none on the board they
 * go to hand. Returns how many moved. Call after any change that puts land
 * on an ocean cell. */
int sea_settle(Game *g);

#endif
