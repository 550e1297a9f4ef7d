/* Shared helpers for the power tests: a session with the shipped scripts and
 * an empty position it hooks, powers held through the grid, resources, and
 * applying options that must be legal. Helpers fail the current test when
 * they cannot do their job. */
#ifndef VQ_POWER_FIXTURES_H
#define VQ_POWER_FIXTURES_H

#include "game.h"
#include "session.h"

/* The session every power test shares (opened once, from the repository root). */
Session *pf_session(void);
/* An empty position of `players` with the rules scripts attached: no tiles,
 * every critter in hand, nobody holding resources or powers, player A to act
 * at `kind` in `phase`, turn 1, mode normal. */
Game *pf_position(int players, int phase, int kind);
/* Index of the power card called `name`. */
int  pf_card(const Game *g, const char *name);
/* Gives `player` the power `name` through grid slot `slot`. */
void pf_hold(Game *g, int player, int slot, const char *name);
/* Resources from the supply. */
void pf_give(Game *g, int player, int dark, int medium, int light);
/* Applies option `index`, which must exist and be legal. */
void pf_apply(Game *g, int index);
/* The first option with `verb` (and `cell`, unless -1), or -1. */
int  pf_find(Game *g, int verb, int cell);

#endif
