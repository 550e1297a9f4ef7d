/* Where tiles may go: bought land tiles, volcanoes, island tiles, starting islands.
 * Each list_* appends options at o[*n] (never past max) and advances *n. */
#ifndef VQ_PLACEMENT_H
#define VQ_PLACEMENT_H

#include "game.h"

/* A stack a bought land tile may be stacked on: top is Uno, Duo, Trio or soil, no lava. */
bool stack_takes_tile(const Game *g, int cell);
bool placement_exists(const Game *g, int type, int target_mask);
void list_placements(const Game *g, int type, int target_mask, Option *o, int *n, int max);

bool volcano_target_exists(const Game *g, int target_mask);
void list_volcano_targets(const Game *g, int target_mask, Option *o, int *n, int max);

/* Island tiles: none touches land that existed before the summoning; the first
 * lies within rules.island_max_distance of that land; the second touches the
 * first and each later one touches two island tiles (three tiles are mutually
 * adjacent). Edges need not match. */
bool island_start_exists(const Game *g);
void list_island_tiles(const Game *g, Option *o, int *n, int max);

void list_setup_tiles(const Game *g, Option *o, int *n, int max);
void list_setup_critters(const Game *g, Option *o, int *n, int max);

#endif
