/* The readable snapshot a save carries: a JSON description of the state for
 * people and tools. Informative only: loading never reads it back (the state
 * hash is the check), so its shape may grow without a format version bump.
 *
 * Contract: the same Game always gives the same object, keys in a fixed
 * insertion order. Returns NULL when out of memory. */
#ifndef VQ_SNAPSHOT_H
#define VQ_SNAPSHOT_H

#include <stddef.h>

#include <jansson.h>

#include "game.h"

json_t *snapshot_json(const Game *g);

/* A JSON string from a NUL-terminated text of at most `cap` bytes; bytes that
 * would make it invalid UTF-8 are replaced by '?'. NULL only when out of memory. */
json_t *snapshot_string(const char *s, size_t cap);

#endif
