/* Checks that hold after every apply: every critter is in exactly one place,
 * tiles are conserved between supply and board, resources are conserved and
 * within bounds, the pending decision is well-formed. Used by tests and by
 * `volcanique sim --check`. Returns 0, or -1 with the first broken invariant. */
#ifndef VQ_INVARIANTS_H
#define VQ_INVARIANTS_H

#include "game.h"

int invariants_check(const Game *g, char *err, int errlen);

#endif
