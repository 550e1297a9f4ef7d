/* Bots that choose among the pending decision's options. A bot sees only the
 * options list (which holds no hidden information) and its own RNG, never the
 * game's: a bot's choices do not disturb the game's random draws. */
#ifndef VQ_BOT_H
#define VQ_BOT_H

#include "game.h"

/* Uniform over the legal options; returns an index into opts[0..n). */
int bot_random(Rng *bot_rng, const Option *opts, int n);

#endif
