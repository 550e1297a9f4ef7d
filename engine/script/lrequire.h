/* Internal to engine/script/: require for the rules scripts' shared helper
 * modules (scripts/lib/). See lrequire.c. */
#ifndef VQ_LREQUIRE_H
#define VQ_LREQUIRE_H

#include <lua.h>

/* Pushes module scripts/lib/<name>.lua as loaded for script `caller`. */
int lrequire_lib(lua_State *L, const char *name, const char *caller);
/* The global require(name) of base scripts. */
int lrequire_global(lua_State *L);

#endif
