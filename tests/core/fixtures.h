/* Shared helpers for the core tests: the shipped rules, tile types by name,
 * games set up for a hand-built position, and scratch content folders.
 *
 * Helpers that cannot do their job fail the current test (REQUIRE-style). */
#ifndef VQ_TEST_FIXTURES_H
#define VQ_TEST_FIXTURES_H

#include "board.h"
#include "game.h"
#include "rules.h"

/* The folder holding the shipped content ("content" from the repository root). */
const char *fx_content_dir(void);
/* The shipped rules, loaded once. */
const Rules *fx_rules(void);
/* Index of the tile type called `name` in the shipped rules; fails the test if absent. */
int fx_type(const char *name);
/* The tile type itself. */
const TileType *fx_tile(const char *name);

static inline int fx_cell(int q, int r) { return board_cell(hex_make(q, r)); }

/* A game of `players` with the shipped rules and no hooks, then emptied for a
 * hand-built position: empty board, every critter in hand, no lava. */
void fx_game(Game *g, int players);
/* Stacks tile `type_name` turned `rotation` on (q, r); returns the cell. */
int fx_push(Board *b, int q, int r, const char *type_name, int rotation);
/* Marks the cell at (q, r) as holding lava. */
void fx_lava(Board *b, int q, int r);
/* Puts critter `index` of `player` on (q, r), area `area`. */
void fx_critter(Game *g, int player, int index, int q, int r, int area);

/* Scratch content folders: a fresh copy of the shipped content in a temporary
 * directory (fx_content_copy), one file replaced (fx_write), removed again
 * (fx_content_remove). */
void fx_content_copy(char *dir, int dirlen);
void fx_write(const char *dir, const char *name, const char *text);
void fx_content_remove(const char *dir);

#endif
