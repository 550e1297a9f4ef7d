/* Effects that rules scripts may cause from an event handler (through the
 * `game` library). Each checks its arguments and returns 0, or -1 with the
 * reason in err, leaving the game unchanged. They change state only inside a
 * game_apply (handlers run there), so replays repeat them. */
#ifndef VQ_EFFECTS_H
#define VQ_EFFECTS_H

#include "game.h"

/* Resources from the supply (as much as it has); returns the amount gained. */
int effect_gain(Game *g, int player, int biome, int amount);
/* Resources back to the supply (as much as the player has); returns the amount lost. */
int effect_lose(Game *g, int player, int biome, int amount);
/* A board critter to a free area (cell, area) of a land top tile. */
int effect_move_critter(Game *g, int id, int cell, int area, char *err, int errlen);
/* Pays `amount` resources of any types for a script's price, taking from the
 * largest piles first (dark, medium, light on ties): the rules leave payment to
 * the payer, and scripts that ask no payment question use this fixed choice.
 * Fails, paying nothing, if the player holds fewer. */
int effect_pay_any(Game *g, int player, int amount, char *err, int errlen);
/* A board or sea critter back to its owner's hand. */
int effect_to_hand(Game *g, int id, char *err, int errlen);
/* Removes the top tile of a stack of height 2 or more; it leaves the game.
 * Critters on it go to hand; the tile beneath is uncovered. */
int effect_remove_top(Game *g, int cell, char *err, int errlen);
/* Turns the top land tile of a stack; critters on it go to hand (their areas move). */
int effect_rotate_top(Game *g, int cell, int rotation, char *err, int errlen);
/* Sends decided lava flow `flow` (0-based) to `cell`, a neighbour of its source. */
int effect_divert_lava(Game *g, int flow, int cell, char *err, int errlen);
/* A blow: an armoured critter loses a point of armour, another goes to hand. */
int effect_damage(Game *g, int id, char *err, int errlen);
int effect_set_armour(Game *g, int id, int armour, char *err, int errlen);
int effect_set_dormant(Game *g, int id, bool dormant, char *err, int errlen);
/* A further eruption at `cell` for `player` (no Power Grid unlock): the blow,
 * a Volcano tile from the supply, one more activated volcano, and its lava
 * with the turn's other flows. Fails if the supply has no volcano or the
 * stack cannot take one. */
int effect_erupt(Game *g, int player, int cell, char *err, int errlen);
/* Slides the top tile of `from` onto the lower neighbouring stack `to`
 * (a landslide): critters on the sliding tile ride along; those on `to`
 * flee as from lava (paying to evacuate) or go to hand. Edges need not match. */
int effect_slide(Game *g, int from, int to, char *err, int errlen);
int effect_set_ability(Game *g, int player, int ability, int value, char *err, int errlen);
/* A critter from the player's hand onto a free area (cell, area) of a land top
 * tile that is neither frozen nor under lava. */
int effect_place_critter(Game *g, int player, int cell, int area, char *err, int errlen);
/* Freezes one board cell, land or ocean (see cell_frozen in game.h). */
int effect_freeze(Game *g, int cell, char *err, int errlen);
/* Every cell next to a frozen cell freezes (one ring). Returns the cells newly frozen. */
int effect_spread_frozen(Game *g);
/* Stacks a Volcano tile from the supply on a land stack: critters there go to
 * hand. Not an activation: nobody scores it, no power is unlocked, no lava
 * flows. Fails when the supply has no Volcano tile left. */
int effect_stack_volcano(Game *g, int cell, char *err, int errlen);
/* Puts a lava token on a land stack without lava; critters there are asked to
 * evacuate. It flows on at the lava step, like any lava on land. */
int effect_add_lava(Game *g, int cell, char *err, int errlen);
/* The next volcano activated sends no lava (its eruption is left to a script). */
void effect_quiet_volcano(Game *g);
/* Records an end trigger (reason: EndReason) for the active player and emits
 * "end_triggered"; only the first trigger of a game counts. */
int effect_trigger_end(Game *g, int reason, char *err, int errlen);
/* Whether `player` holds the power `card`: has unlocked a grid slot dealt it,
 * or was given it from the start (GameOptions.hold). */
bool player_holds_card(const Game *g, int player, int card);

#endif
