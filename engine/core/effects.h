/* Effects that rules scripts may cause from an event handler, a question's
 * answer or an action (through the `game` library). None names a power: each
 * is a general change of the game that any script may ask for.
 *
 * Contract, for every effect taking `err`:
 *  - It checks its arguments and its window first and returns -1 with the
 *    reason in err, leaving the game exactly as it was; on success it returns
 *    0 (or the documented count).
 *  - One that fires events before its change (critters sent off a stack
 *    first) checks again after them, since their handlers may have changed
 *    the game, and fails there if its change no longer fits, keeping what the
 *    events did.
 *  - Its window: it may be used only in a started game that is not over
 *    (effect_window); an effect that changes the land (a tile, lava, an
 *    island) also not while a volcano's blow and landing are under way
 *    (effect_land_window: their handlers may turn the target, nothing more),
 *    and where stated, only at certain moments.
 *  - It changes state only inside a game_apply (handlers run there), so
 *    replays repeat it. */
#ifndef VQ_EFFECTS_H
#define VQ_EFFECTS_H

#include "game.h"

/* The outcome of a blow to a critter, as the critter_hit handlers leave it. */
typedef struct HitOutcome {
    bool spared;   /* it stays, unharmed */
    bool flee;     /* it must flee to its biome elsewhere, for free */
    bool stop;     /* what hit it stops */
} HitOutcome;

/* 0 in a started game that is not over, else -1 with a message. */
int effect_window(const Game *g, char *err, int errlen);
/* effect_window, and not from a handler of a volcano's blow or landing
 * (Game.erupting): the land under it was checked before them. */
int effect_land_window(const Game *g, char *err, int errlen);

/* Resources from the supply (as much as it has); returns the amount gained. */
int effect_gain(Game *g, int player, int biome, int amount);
/* Resources back to the supply (as much as the player has); returns the amount lost. */
int effect_lose(Game *g, int player, int biome, int amount);
/* Pays exactly `payment` (pay_pack) to the supply. Fails if the player lacks it. */
int effect_pay(Game *g, int player, uint16_t payment, char *err, int errlen);

/* Moves a board or aside critter to the free area (cell, area) of a land
 * stack without lava; neither the critter nor the places may forbid it (a
 * mark that stays, no_leave where it is, no_enter where it goes). */
int effect_move_critter(Game *g, int id, int cell, int area, char *err, int errlen);
/* A critter from the player's hand onto the free area (cell, area) of a land
 * stack without lava, not no_enter. */
int effect_place_critter(Game *g, int player, int cell, int area, char *err, int errlen);
/* A board, aside or crater critter back to its owner's hand. */
int effect_to_hand(Game *g, int id, char *err, int errlen);
/* Puts a hand or board critter aside at `cell` (NO_CELL: nowhere shown). */
int effect_set_aside(Game *g, int id, int cell, char *err, int errlen);
/* A blow to a board critter (cause: CAUSE_SCRIPT or CAUSE_TAKEOVER): the
 * critter_hit handlers may spare it or make it flee; otherwise it goes to
 * hand. *out (may be NULL) receives what the handlers decided. */
int effect_hit(Game *g, int id, int cause, HitOutcome *out, char *err, int errlen);

/* Puts critter mark `mark` on (on = true) or off a board critter. */
int effect_mark_critter(Game *g, int id, int mark, bool on, char *err, int errlen);
/* Puts cell mark `mark` on or off board position `cell` (land or ocean). */
int effect_mark_cell(Game *g, int cell, int mark, bool on, char *err, int errlen);

/* Removes the top tile of a stack of two or more (not a volcano, no lava); it
 * leaves the game. Critters on it go to hand. */
int effect_remove_top(Game *g, int cell, char *err, int errlen);
/* Turns the top land tile of a stack without lava; critters on it go to hand. */
int effect_rotate_top(Game *g, int cell, int rotation, char *err, int errlen);
/* Slides the top tile of `from` (two or more tiles) onto the lower
 * neighbouring stack `to` (both land, no lava, no volcano on top): critters
 * on the sliding tile ride along; those on `to` flee as from lava (paying to
 * evacuate) or go to hand. Edges need not match. */
int effect_slide(Game *g, int from, int to, char *err, int errlen);
/* Stacks a tile of type `type` from the supply on land stack `cell` (no
 * lava), edges unchecked. A volcano tile sends the critters there to hand
 * and is no activation (nobody scores it, no power, no lava); a land tile
 * covers them as a bought one does. Fails when the supply has none. */
int effect_stack_tile(Game *g, int cell, int type, int rotation, char *err, int errlen);

/* A further eruption at `cell` for `player` (no Power Grid unlock): the blow,
 * a Volcano tile from the supply, one more activated volcano, and its lava
 * with the turn's other flows. Fails if the supply has no volcano or the
 * stack cannot take one, and from a handler of an eruption's blow or landing
 * (Game.erupting). (lava.c) */
int effect_erupt(Game *g, int player, int cell, char *err, int errlen);
/* Sends decided lava flow `flow` (0-based) to `cell`, a neighbour of its
 * source. Only while flows are announced and not yet arrived. (lava.c) */
int effect_divert_lava(Game *g, int flow, int cell, char *err, int errlen);
/* Puts a lava token on a land stack without lava; critters there are hit by
 * it as by arriving lava. It flows on at the lava step. (lava.c) */
int effect_add_lava(Game *g, int cell, char *err, int errlen);

/* More critter moves this turn, or more tiles bought (by the active player,
 * in their move or buy step). */
int effect_add_moves(Game *g, int moves, char *err, int errlen);
int effect_add_buys(Game *g, int buys, char *err, int errlen);
/* Records an end trigger (an id of Rules.end_reasons) for the active player
 * and emits "end_triggered"; only the first trigger of a game counts. */
int effect_trigger_end(Game *g, int reason, char *err, int errlen);

#endif
