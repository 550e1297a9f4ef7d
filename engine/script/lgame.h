/* The `game` library that rules scripts and mods see: read-only queries on
 * the game whose event is being handled, plus the engine-owned variables a
 * script may keep between events. Documented for mod authors in docs/lua-api.md
 * and scripts/meta/game.lua (LuaLS annotations). */
#ifndef VQ_LGAME_H
#define VQ_LGAME_H

#include "script.h"

struct Session;

/* Binding tables kept in their own files (lgame_sea.c, lgame_island.c); each
 * function's first upvalue is the Session, as for the rest of `game`. Helpers
 * for them: lgame_current (the game being handled), lgame_mutable (the same,
 * raising when the handler may only read). */
struct lua_State;
struct luaL_Reg;
extern const struct luaL_Reg *const LGAME_SEA_FUNCS;
extern const struct luaL_Reg *const LGAME_ISLAND_FUNCS;
struct Game *lgame_current(struct lua_State *L);
struct Game *lgame_mutable(struct lua_State *L, const char *fn);

/* Adds `game` to the sandbox base of `script`; call before any chunk loads. */
int lgame_install(Script *script, struct Session *session, char *err, int errlen);

#endif
