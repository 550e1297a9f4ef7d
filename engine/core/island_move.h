/* Moving land: whole islands shifted across the ocean, islands split along a
 * straight line with one part shifted away (general effects that rules
 * scripts cause; the core does not know which power asks).
 *
 * An island is a connected land mass: land cells joined through neighbours.
 * Moved land carries everything on it: its stacks (tiles, rotations, heights),
 * the critters standing there (areas and marks kept), lava tokens on it, and
 * the places that scripts keep in game state or in questions (Rules.state_places,
 * game_move_places). A move is refused, changing nothing, when land would
 *  - leave the stored board, or enter a position holding land not its own;
 *  - enter or leave a position bearing a cell mark (marked positions stay put);
 *  - enter an ocean position holding lava or an aside critter;
 *  - move while critters or lava are on their way (queued questions, decided
 *    lava flows, an island being summoned).
 * After a move biomes may have merged (contest_dirty), and "land_changed" is
 * emitted (shift or split).
 *
 * Lines for a split: axis 0 is q, 1 is r, 2 is s = -q - r. Line `line` on an
 * axis runs between the cells whose coordinate is `line` and those whose
 * coordinate is `line + 1`. Directions are hex.h's (0 E .. 5 NE). */
#ifndef VQ_ISLAND_MOVE_H
#define VQ_ISLAND_MOVE_H

#include "game.h"

/* The island holding `cell`: its cells in board order (board_land_in_order;
 * the first is its anchor). Returns the count (at most max), 0 for ocean. */
int island_cells_of(const Board *b, int cell, int *out, int max);
/* Every island, each named by its anchor cell, in board order of the anchors. Returns the count. */
int island_anchors(const Board *b, int *out, int max);

/* How far the island holding `cell` would travel in direction `dir` when
 * asked to go `steps` (1..2) spaces: it goes step by step and stops as soon as
 * it touches other land, or before a step that would be refused. 0 when it
 * cannot move at all. Changes nothing. */
int island_shift_reach(const Game *g, int cell, int dir, int steps);
/* Shifts the island holding `cell`: as island_shift_reach says. Returns the
 * spaces moved (1..steps), or -1 with the reason in err (nothing changed). */
int effect_shift_island(Game *g, int cell, int dir, int steps, char *err, int errlen);

/* A split: the island holding `cell` is cut along line `line` of `axis`; the
 * part on the side `dir` points to moves one space in `dir`, leaving one
 * space of ocean between the parts. The line must cross the island (both
 * parts hold land) and `dir` must lead away from it. Returns the number of
 * cells that would move, 0 when the split is refused. Changes nothing. */
int island_split_size(const Game *g, int cell, int axis, int line, int dir);
/* Performs that split. Returns the cells moved, or -1 with the reason in err. */
int effect_split_island(Game *g, int cell, int axis, int line, int dir, char *err, int errlen);
/* A legal split of an island, as island_splits lists them. `lands` is where the
 * first cell (in board order) of the moving part lands. */
typedef struct IslandSplit {
    int8_t axis, dir;
    int16_t line;
    uint16_t tiles, lands;
} IslandSplit;
/* Every legal split of the island holding `cell`, by axis, line, then
 * direction, each outcome once: a split that moves the same part the same way
 * as an earlier one (a straight island cut on two axes) is left out. Returns
 * the count (at most max, itself at most ISLAND_SPLITS_MAX). */
#define ISLAND_SPLITS_MAX (3 * 2 * BOARD_SIZE * 4)
int island_splits(const Game *g, int cell, IslandSplit *out, int max);

/* Coordinate of hex h along `axis` (0 q, 1 r, 2 s). */
static inline int hex_axis_coord(Hex h, int axis)
{
    return axis == 0 ? h.q : axis == 1 ? h.r : -h.q - h.r;
}

#endif
