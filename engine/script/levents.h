/* Internal to engine/script/: the event catalogue and handler registry behind
 * script_declare_events, on(), script_emit and the fire counts. */
#ifndef VQ_LEVENTS_H
#define VQ_LEVENTS_H

#include <lua.h>

struct ScriptEvents;

struct ScriptEvents *levents_new(void);
/* Frees the C side only; the handler references die with the Lua state. */
void levents_free(struct ScriptEvents *ev);

/* The sandbox global on(name, handler [, priority]). */
int levents_lua_on(lua_State *L);

#endif
