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
extern const struct luaL_Reg *const LGAME_PARAMS_FUNCS;   /* lgame_params.c */
struct Game *lgame_current(struct lua_State *L);
struct Game *lgame_mutable(struct lua_State *L, const char *fn);
/* Argument checks that raise a Lua argument error: a player number (from 0),
 * a board cell from (q, r) at qarg, qarg + 1, a critter id from (player,
 * index from 1) at parg, parg + 1. lgame_effect_result raises
 * "game.<fn>: <err>" when an effect returned non-zero. */
int  lgame_check_player(struct lua_State *L, const struct Game *g, int arg);
int  lgame_check_cell(struct lua_State *L, int qarg);
int  lgame_check_critter(struct lua_State *L, const struct Game *g, int parg);
void lgame_effect_result(struct lua_State *L, int rc, const char *fn, const char *err);

/* Adds `game` to the sandbox base of `script`; call before any chunk loads. */
int lgame_install(Script *script, struct Session *session, char *err, int errlen);

#endif
