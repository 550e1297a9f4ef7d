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
/* A board or sea critter back to its owner's hand. */
int effect_to_hand(Game *g, int id, char *err, int errlen);
/* Removes the top tile of a stack of height 2 or more; it leaves the game.
 * Critters on it go to hand; the tile beneath is uncovered. */
int effect_remove_top(Game *g, int cell, char *err, int errlen);
/* Turns the top land tile of a stack; critters on it go to hand (their areas move). */
int effect_rotate_top(Game *g, int cell, int rotation, char *err, int errlen);
/* Sends decided lava flow `flow` (0-based) to `cell`, a neighbour of its source. */
int effect_divert_lava(Game *g, int flow, int cell, char *err, int errlen);
int effect_set_ability(Game *g, int player, int ability, int value, char *err, int errlen);
/* Whether `player` holds (has unlocked) a grid slot dealt the card `card`. */
bool player_holds_card(const Game *g, int player, int card);

#endif
