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
void fx_lava(Board *b, int q, int r);   /* a board alone: the mark only */
/* A lava token in the game: the cell's mark and the lava list, as the game keeps them. */
void fx_game_lava(Game *g, int q, int r);
/* Puts critter `index` of `player` on (q, r), area `area`. */
void fx_critter(Game *g, int player, int index, int q, int r, int area);

/* A small generator for tests' own choices (never the game's RNG). */
uint64_t fx_xorshift(uint64_t *x);
/* Starts a game of `players` with the shipped rules and no hooks, recording
 * into `log` (may be NULL; its old entries are dropped), and applies up to
 * `steps` options picked by fx_xorshift from `pick`. Returns the steps applied,
 * or -1 (the test has failed). */
int fx_play(Game *g, ActionLog *log, int players, uint64_t seed, uint64_t pick, int steps);

/* Scratch content folders: a fresh copy of the shipped content in a temporary
 * directory (fx_content_copy), one file replaced (fx_write), removed again
 * (fx_content_remove). */
void fx_content_copy(char *dir, int dirlen);
void fx_write(const char *dir, const char *name, const char *text);
void fx_content_remove(const char *dir);

/* Scenario tests (engine/core/scenario.h). */
struct Session;
/* The folder holding content/ and scripts/ ("." from the repository root). */
const char *fx_root(void);
/* Builds scenario `text` with the shipped rules; fails the test with the
 * builder's message if it is refused. */
void fx_scenario(Game *g, const char *text);
/* Opens a session on the shipped rules and scripts, builds `text` into its
 * game and hooks the scripts in. The caller ends with session_close(s). */
void fx_session_scenario(struct Session *s, const char *text);
/* Area index of `biome` ("dark", ...) on the top tile of (q, r); fails the test if none. */
int fx_area(const Game *g, int q, int r, const char *biome);
/* Id of the critter standing on the `biome` area of (q, r), or -1. */
int fx_critter_on(const Game *g, int q, int r, const char *biome);
/* Index of the first legal option with this verb whose cell, sub and subject
 * match (-1 in an argument matches anything); -1 if there is none. */
int fx_find(const Game *g, int verb, int cell, int sub, int subject);
/* Index of the first legal option of this verb and subject paying exactly
 * (dark, medium, light); -1 if there is none. */
int fx_find_pay(const Game *g, int verb, int subject, int dark, int medium, int light);
/* Number of legal options with this verb. */
int fx_count(const Game *g, int verb);
/* Number of legal options with this verb on `cell`. */
int fx_count_at(const Game *g, int verb, int cell);
/* Applies option `index`; fails the test if it is -1 or refused. */
void fx_apply(Game *g, int index);
/* Applies the first option fx_find finds; fails the test if there is none. */
void fx_do(Game *g, int verb, int cell, int sub, int subject);

#endif
