/* Internal to engine/script/ (and to C code that adds Lua libraries, such as
 * the game bindings and the Lua test runner): the Script struct, the raw
 * lua_State, and the sandbox's budget and call machinery.
 *
 * The sandbox in one paragraph. The real global table of the state holds the
 * stock libraries and is never reachable from scripts. Scripts see a shared
 * base table (allow-listed and wrapped functions, plus libraries added with
 * script_add_global_lib) through the __index of a per-chunk environment; each
 * environment gets its own shallow copies of the library tables, so a mod that
 * writes string.upper = nil changes only its own view. Every Lua call made by
 * C goes through sb_pcall, which resets the instruction budget (at the outer
 * level) and turns budget and memory failures into fixed messages. */
#ifndef VQ_LSANDBOX_H
#define VQ_LSANDBOX_H

#include <lua.h>

#include "script.h"

struct ScriptEvents;

enum { SB_OOM_NONE, SB_OOM_MEMORY, SB_OOM_STRING };

struct Script {
    lua_State *L;

    /* Memory: every byte goes through sb_alloc. */
    size_t mem_used;
    size_t mem_limit;
    size_t string_limit;
    int    oom_kind;        /* kind of the last refused allocation */
    int    mem_fatal;       /* a memory error happened in the current call */

    /* Instruction budget of the current outermost call. */
    uint64_t budget;
    uint64_t used;          /* instructions (and equivalent charges) so far */
    uint64_t alloc_bytes;   /* allocated bytes not yet charged */
    int      period;        /* count-hook period of the main thread */
    int      tripped;       /* budget exceeded: every hook fire raises */
    int      depth;         /* nesting of sb_pcall */
    char     trip_where[LUA_IDSIZE + 24];

    ScriptPrintFn  print_fn;
    void          *print_ud;
    ScriptRandomFn random_fn;
    void          *random_ud;

    int chunks_loaded;      /* once >0, no more globals may be added */
    ScriptGateFn gate_fn;   /* what gated handlers are checked against (script_set_gate) */
    ScriptCardFn card_fn;   /* resolves card gates at freeze */
    void        *gate_ud;
    struct ScriptEvents *events;
};

/* The raw state, for bindings. Do not call into Lua on it except through
 * sb_pcall (or from C functions that Lua called). */
lua_State *script_lua(Script *s);

/* Calls open() (a luaopen_*-style function returning one value, normally a
 * table) and makes its result the sandbox global `name` for every chunk loaded
 * afterwards. Tables are copied one level deep into each environment, so give
 * nested tables no state a mod could corrupt. Returns -1 once a chunk has been
 * loaded (environments are built at load) or if open() fails. */
int script_add_global_lib(Script *s, const char *name, lua_CFunction open);
/* Same for a single C function. */
int script_add_global(Script *s, const char *name, lua_CFunction fn);

/* The Script owning a state (any thread of it). */
Script *sb_script(lua_State *L);

/* The capped allocator (ud is the Script). */
void *sb_alloc(void *ud, void *ptr, size_t osize, size_t nsize);

/* Builds the base, the string metatable guard and the env metatable. Runs
 * unprotected: call it through lua_pcall (script_new does). */
int sb_open(lua_State *L);

/* Pushes a fresh environment for one chunk. May raise (memory). */
void sb_push_env(lua_State *L);

/* Calls the function below nargs arguments on the stack with no results, under
 * the budget (reset when depth is 0). On failure writes the message into err,
 * using chunk for failures that carry no location, and returns -1. The stack
 * is left as it was below the function. */
int sb_pcall(Script *s, int nargs, const char *chunk, char *err, size_t errlen);
/* The same with nresults results: on success they are left on the stack in
 * place of the function and its arguments; on failure nothing is left. */
int sb_call(Script *s, int nargs, int nresults, const char *chunk, char *err, size_t errlen);

/* Charges cost instruction-equivalents to the current call, raising the budget
 * error if it is exhausted. For C functions whose work grows with their input. */
void sb_charge(lua_State *L, uint64_t cost);

/* For C functions that catch errors (as pcall does): call after a protected
 * call returned status. Returns at once if status is LUA_OK/LUA_YIELD or the
 * error is an ordinary one; re-raises budget and memory failures, which the
 * sandbox never lets scripts catch. */
void sb_rethrow_fatal(lua_State *L, int status);

#endif
