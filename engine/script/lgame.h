/* Internal to engine/script/: the `game` library that rules scripts and mods
 * see, kept in files of one job each:
 *   lgame.c           install, shared argument checks, the readers
 *   lgame_places.c    the position readers: land, coast, neighbours, cell marks
 *   lgame_walk.c      walks: the list readers' each_ forms
 *   lgame_effects.c   effects: changes a handler, answer or action may make
 *   lgame_island.c    islands: listing, shifting and splitting them
 *   lgame_declare.c   what scripts declare while loading: card{}, marks, end reasons
 *   lgame_state.c     game.state: engine-owned, typed, saved state per script
 *   lgame_question.c  game.question: questions with words, answered by their handler
 *   lgame_action.c    game.action: options scripts add to the core's decisions
 *   lgame_params.c    game.param: the numbers given with --set
 * Documented for mod authors in docs/lua-api.md and scripts/meta/volcanique.lua.
 *
 * Every function of the library finds its Session with lgame_session. */
#ifndef VQ_LGAME_H
#define VQ_LGAME_H

#include <lauxlib.h>
#include <lua.h>

#include "session.h"

/* Adds `game`, card{} and remove_card() to the sandbox base of `script`;
 * call before any chunk loads. */
int lgame_install(Script *script, Session *session, char *err, int errlen);

/* A table of functions for `game`, ended by a NULL name. */
extern const luaL_Reg LGAME_READ_FUNCS[], LGAME_CRITTER_FUNCS[], LGAME_EFFECT_FUNCS[], LGAME_ISLAND_FUNCS[],
    LGAME_DECLARE_FUNCS[], LGAME_STATE_FUNCS[], LGAME_QUESTION_FUNCS[], LGAME_ACTION_FUNCS[],
    LGAME_PARAMS_FUNCS[], LGAME_TURN_FUNCS[], LGAME_USES_FUNCS[], LGAME_BIOME_FUNCS[], LGAME_PLACE_FUNCS[];
/* Whether the value at idx is what game.place() returns. */
int lgame_state_is_place(lua_State *L, int idx);
/* on()'s state gates: the Game.state slot of an integer or boolean field of
 * the game.state table at idx, or a Lua error (levents.h). */
int lgame_state_gate_slot(lua_State *L, int idx, const char *field);
/* The Game.state slot of one value under the game.state table at idx: `path`
 * is its keys joined by dots, player numbers as digits ("spent.2.turn").
 * Raises unless the path leads to one integer, boolean or place. */
int lgame_state_slot(lua_State *L, int idx, const char *path);
/* game.uses counters (lgame_uses.c): uses left this turn for `player`, and
 * the counter's index of a table game.uses returned (at idx), or -1. Their
 * cards are resolved at freeze with the actions' (lgame_resolve_actions). */
#define LGAME_USES_UNLIMITED 1000   /* what an "unlimited" counter's holder has left */
int lgame_uses_left(const Session *s, const Game *g, int id, int player);

/* Needs (lgame_needs.c): reads the needs table at index t (nil: none) for
 * `what` (error messages), raising on a bad one; `has_card`: a `holder` need
 * has a card to hold. lgame_needs_met: whether `player` has them now (`card`
 * for the holder need). */
void lgame_read_needs(lua_State *L, int t, const char *what, int has_card, SessionNeeds *out);
int lgame_needs_met(const Game *g, int player, const SessionNeeds *n, int card);
/* The offset in Rules of the rule number game.rule calls `name` (lgame_turn.c);
 * raises "what: no rule number ..." for any other name. */
int lgame_rule_number_at(lua_State *L, const char *name, const char *what);
int lgame_uses_of(lua_State *L, int idx);
/* The globals card{} and remove_card(). */
int lgame_card(lua_State *L);
int lgame_remove_card(lua_State *L);

/* ---- shared helpers ---- */

/* The session that owns L's Lua state (kept in the state's extra space, which
 * every thread copies): any C function may ask, whatever its upvalues. */
Session *lgame_session(lua_State *L);
/* The game being handled; raises while scripts load (there is none yet). */
Game *lgame_current(lua_State *L);
/* How deep events may nest (a handler's change setting off handlers whose
 * changes set off more): far above what any rule needs, and below where
 * Lua's C stack would run out (docs/reliability.md). */
#define LGAME_MAX_EVENT_DEPTH 24
/* The same, raising when the handler may only read (query events, offers,
 * labels), or when events already nest LGAME_MAX_EVENT_DEPTH deep. */
Game *lgame_mutable(lua_State *L, const char *fn);
/* Raises unless the scripts are loading: `fn` is a declaration. */
void lgame_check_loading(lua_State *L, const char *fn);
/* The chunk of the function at stack level 1 (the script calling), registered
 * on first sight. Raises when the table is full. */
int lgame_caller_chunk(lua_State *L);

/* Raises "what: ... control characters" unless `text` (a name a script
 * declares, shown on terminals) is what sb_clean_text leaves as it is. */
void lgame_check_printable(lua_State *L, const char *text, const char *what);

/* Argument checks that raise a Lua argument error naming the problem: a
 * player number (from 0); a board cell from (q, r) at qarg, qarg + 1 (within
 * the stored board); a critter id from (player, index from 1) at parg,
 * parg + 1; a place table {q =, r =} at arg; a critter table {player =,
 * index =} at arg. */
int lgame_check_player(lua_State *L, const Game *g, int arg);
int lgame_check_cell(lua_State *L, int qarg);
int lgame_check_critter(lua_State *L, const Game *g, int parg);
int lgame_check_place(lua_State *L, int arg);
int lgame_check_critter_ref(lua_State *L, const Game *g, int arg);
/* An integer argument within lo..hi. */
lua_Integer lgame_check_range(lua_State *L, int arg, lua_Integer lo, lua_Integer hi);
/* A card named or numbered at arg (index from 0): its index. */
int lgame_check_card(lua_State *L, const Game *g, int arg);
/* A mark named at arg among defs[0..n) (`what`: "critter" or "cell", for the message): its index. */
int lgame_check_mark(lua_State *L, int arg, const MarkDef *defs, int n, const char *what);
/* Raises "game.<fn>: <err>" when an effect returned non-zero. */
void lgame_effect_result(lua_State *L, int rc, const char *fn, const char *err);

/* Keeps a declaration (game.action{}, game.question{}): copies the named
 * fields of the table at idx into a new plain table, reading them now (the
 * declaring call is protected and under the budget), and returns a registry
 * reference to the copy. The engine reads the copy later between script
 * calls, unprotected: a metatable on the script's own table (__index) would
 * run script code there with no budget, and an error would reach Lua's panic.
 * The script's table can change afterwards without changing the copy. */
int lgame_keep_declaration(lua_State *L, int idx, const char *const *fields);

/* Pushes { [name] = true } for each mark in `marks` (bits) of defs[0..n). */
void lgame_push_marks(lua_State *L, unsigned marks, const MarkDef *defs, int n);
/* The View (query.h) of game g, computed once for as long as g cannot have
 * changed: no call into the scripts began or ended and no effect began since
 * (a reader's C code may hold it until it returns to Lua). */
const View *lgame_view(Session *s, const Game *g);
/* Field names the table builders set most, made into Lua strings once
 * (lgame_install) and kept in the registry: setting one through
 * lgame_set_int makes no string and looks for no metatable. */
typedef enum {
    LGK_Q, LGK_R, LGK_PLAYER, LGK_INDEX, LGK_AREA, LGK_DIR, LGK_STEPS, LGK_TILES, LGK_AXIS, LGK_LINE,
    LGK_VALUE, LGK_CRITTER, LGK_CARD, LGK_COUNT
} LgameKey;
/* Sets field `key` of the table on top, raw (a table the caller made), to v. */
void lgame_set_int(lua_State *L, LgameKey key, lua_Integer v);
/* Sets field `key` of the table below the top, raw, to the value on top (popped). */
void lgame_set_key(lua_State *L, LgameKey key);
/* Sets fields q and r of the table on top, raw, to board cell `cell`'s. */
void lgame_set_place(lua_State *L, int cell);
/* Pushes what an option of a decision or a question's choice is to the
 * scripts: { value, q, r, player, critter, card }, q and r when `cell` is a
 * board cell, player, critter (a critter table, by critter id) and card when
 * they are >= 0. */
void lgame_push_pick(lua_State *L, const Game *g, int value, int cell, int player, int critter, int card);
/* Pushes t[key] of the table at idx, metamethods and all (a place may be a
 * game.state proxy), and returns its type: lua_getfield without making the key. */
int lgame_get_key(lua_State *L, int idx, LgameKey key);

/* luaL_checkoption for argument `arg` against the NULL-ended `list` (a
 * static array, the same pointer at every call), with the same results and
 * errors; a string argument is matched by the address of its interned text,
 * without comparing characters, once the session has interned the list. */
int lgame_check_option(lua_State *L, int arg, const char *def, const char *const list[]);

/* Walks (lgame_walk.c): a list reader's elements as a generic for's values,
 * from one snapshot userdata. A step holds a board cell (NO_CELL: none) and
 * what its kind gives besides:
 *   LGAME_WALK_PLACES     q, r
 *   LGAME_WALK_FLAG       q, r, a ~= 0
 *   LGAME_WALK_NUMBER     q, r, a
 *   LGAME_WALK_CRITTERS   a (the critter's index), q, r, b (its area; nil when 0) */
typedef enum { LGAME_WALK_PLACES, LGAME_WALK_FLAG, LGAME_WALK_NUMBER, LGAME_WALK_CRITTERS } LgameWalkKind;
typedef struct LgameStep {
    uint16_t cell;
    int16_t a, b;
} LgameStep;
/* Pushes the iterator and the walk of steps[0..n): what a game.each_ reader returns (2). */
int lgame_push_walk(lua_State *L, LgameWalkKind kind, const LgameStep *steps, int n);
/* Makes the walks' metatable and iterator (Session.walk_*_ref); lgame_install calls it. */
void lgame_walk_install(lua_State *L, Session *s);

/* Pushes {q =, r =} for a cell, and the full table of a critter. */
void lgame_push_place(lua_State *L, int cell);
/* lgame_push_place with room for `more` fields the caller adds (a table
 * that grows is rehashed at each power of two). */
void lgame_push_place_room(lua_State *L, int cell, int more);
void lgame_push_critter(lua_State *L, const Game *g, int id);

/* Calls the function below nargs arguments on behalf of chunk `chunk`, under
 * the budget, guarded: a mod's chunk switched off in the current game is not
 * called (returns 1); when a mod's call fails, the game goes back to what it
 * was before the call and the mod is switched off in that game; every failure
 * is counted and reported (session_script_error, naming `what`) and returns
 * -1. On 0, nres results are on the stack; otherwise nothing is. */
int lgame_call(Session *s, int chunk, int nargs, int nres, const char *what);
/* lgame_call naming `kind 'subject'`, a text made only if the call fails:
 * the calls made at every listing build no message. */
int lgame_call_named(Session *s, int chunk, int nargs, int nres, const char *kind, const char *subject);

/* ---- what the core asks through the session's hooks ---- */

int lgame_answer(Session *s, Game *g, const ScriptAsk *ask, const AskChoice *choice);
int lgame_list_actions(Session *s, const Game *g, Option *out, int max);
/* GameHooks.bolt_offered: calls card `card`'s bolt_offer(player), read-only;
 * a failure (reported) offers nothing. */
int lgame_bolt_offered(Session *s, const Game *g, int card);
/* 1 when the action used a critter move, 0 when not, -1 when it failed. */
int lgame_perform(Session *s, Game *g, const Option *o);
/* Words: a question's prompt (o NULL) or a choice's or pass's label, an
 * action's label. 0, or -1 when there are none. */
int lgame_question_words(Session *s, const Game *g, const Option *o, char *out, int len);
int lgame_action_words(Session *s, const Game *g, const Option *o, char *out, int len);
/* At freeze: resolves the card names of the actions and game.uses counters. 0 or -1 with err. */
int lgame_resolve_actions(Session *s, char *err, int errlen);

#endif
