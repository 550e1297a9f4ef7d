/* Internal to engine/script/: the event catalogue and handler registry behind
 * script_declare_events, on(), script_emit and the fire counts. */
#ifndef VQ_LEVENTS_H
#define VQ_LEVENTS_H

#include <lua.h>

struct ScriptEvents;

struct ScriptEvents *levents_new(void);
/* Frees the C side only; the handler references die with the Lua state. */
void levents_free(struct ScriptEvents *ev);

/* The sandbox global on(name, handler [, priority [, gate]]). */
int levents_lua_on(lua_State *L);

/* Raises unless the value at idx is a gate on() takes: nil, a card name, or
 * a table of only card, variant (a name game.variant_rule declares), min_players
 * (2..5), holder, when and state. Whether the card and the variant exist is
 * checked once every script has loaded. */
void levents_check_gate(lua_State *L, int idx);
/* The checks of on()'s gate (at stack index 4, the stack's top) that need the
 * event's index ev: raises as on() would register it, so that a mod's on(),
 * registered after its file ran, fails naming the line of the call. */
void levents_check_event_gate(lua_State *L, int ev);

/* State gates, { state = { S, field = value or { values... } } }: S a table
 * game.state returned, each field one of its integer or boolean fields, each
 * value 0..63 or true/false. The resolver returns the Game.state slot of
 * `field` in the state table at stack index idx, or raises a Lua error saying
 * what is wrong; on() calls it while the handler registers. Without a
 * resolver a state gate fails to load. */
typedef int (*LeventsStateSlotFn)(lua_State *L, int idx, const char *field);
void levents_set_state_slots(lua_State *L, LeventsStateSlotFn resolve);

/* Uses gates, { uses = U }: U a counter (game.uses). The resolver returns the
 * counter's id for the value at stack index idx, or -1 for anything else; the
 * handler then runs only while ScriptGateInfo.uses_left says the event's
 * `player` has a use left. Without a resolver a uses gate fails to load. */
typedef int (*LeventsUsesFn)(lua_State *L, int idx);
void levents_set_uses(lua_State *L, LeventsUsesFn resolve);

/* The name of names[0..n) nearest to word (edit distance at most 3), or NULL:
 * for "did you mean" in error messages. */
const char *levents_nearest(const char *const *names, int n, const char *word);

#endif
