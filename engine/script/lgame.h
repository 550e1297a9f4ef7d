/* The `game` library that rules scripts and mods see: read-only queries on
 * the game whose event is being handled, plus the engine-owned variables a
 * script may keep between events. Documented for mod authors in docs/lua-api.md
 * and scripts/meta/game.lua (LuaLS annotations). */
#ifndef VQ_LGAME_H
#define VQ_LGAME_H

#include "script.h"

struct Session;

/* Adds `game` to the sandbox base of `script`; call before any chunk loads. */
int lgame_install(Script *script, struct Session *session, char *err, int errlen);

#endif
