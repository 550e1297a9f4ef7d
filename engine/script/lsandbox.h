/* Internal to engine/script/ (and to C code that adds Lua libraries, such as
 * the game bindings and the Lua test runner): the Script struct, the raw
 * lua_State, and the sandbox's budget and call machinery.
 *
 * The sandbox in one paragraph. The real global table of the state holds the
 * stock libraries and is never reachable from scripts. Scripts see a shared
 * base table (allow-listed and wrapped functions, plus libraries added with
 * script_add_global_lib) through a per-chunk environment. The environment
 * itself stays empty: its globals live in a private store behind it, which
 * also holds the chunk's own deep copies of every library table, so a mod
 * that writes string.upper = nil or game.END.supply = 9 changes only its own
 * view. Once the event registry is frozen, assigning a global raises. Every
 * Lua call made by C goes through sb_pcall, which starts the instruction
 * budget and the time limit (at the outer level) and turns budget, time and
 * memory failures into fixed messages. Work that the VM's count hook cannot
 * see is charged explicitly: bytes allocated (in sb_alloc), bytes and
 * elements handled by library functions (sb_charge), and steps of the
 * pattern matcher. */
#ifndef VQ_LSANDBOX_H
#define VQ_LSANDBOX_H

#include <lua.h>

#include "script.h"

struct ScriptEvents;

/* Why the last allocation was refused. */
enum { SB_OOM_NONE, SB_OOM_MEMORY, SB_OOM_STRING };
/* Why the current call was stopped. */
enum { SB_TRIP_NONE, SB_TRIP_BUDGET, SB_TRIP_TIME, SB_TRIP_SHARE };

/* Work equivalent to one VM instruction: this many bytes allocated, copied or
 * scanned by a library function. */
#define SB_BYTES_PER_CHARGE 16

/* Longest subject and pattern the pattern functions accept. */
#define SB_PATTERN_MAX_SUBJECT ((size_t)64 << 10)

#define SB_WHERE_LEN (LUA_IDSIZE + 24)

/* Registry key of the base table every environment reads through. */
#define SB_BASE_KEY "vq.sandbox.base"

/* Small blocks for the allocator (lsb_pool.c): a free list per size class of
 * SB_POOL_GRAIN bytes up to SB_POOL_MAX, refilled from slabs kept until
 * sb_pool_release. Sizes are the ones Lua passes to its allocator. */
#define SB_POOL_GRAIN 16
#define SB_POOL_MAX 256
typedef struct SbPool {
    void *free[SB_POOL_MAX / SB_POOL_GRAIN];
    char *bump, *end;   /* unused rest of the newest slab */
    void *slabs;        /* every slab, linked through its first word */
} SbPool;

/* A block of n bytes in place of block (of old bytes; NULL for a new one),
 * its contents kept up to the smaller size; NULL when memory runs out (block
 * is then left as it was). */
void *sb_pool_resize(SbPool *p, void *block, size_t old, size_t n);
/* Gives back a block of n bytes (block may be NULL). */
void sb_pool_free(SbPool *p, void *block, size_t n);
/* Frees every slab; the pool is empty and usable again. */
void sb_pool_release(SbPool *p);

struct Script {
    lua_State *L;
    lua_State *running;     /* thread now executing: L, or a coroutine being resumed */

    /* Memory: every byte goes through sb_alloc. */
    size_t mem_used;
    size_t mem_limit;
    SbPool pool;
    size_t string_limit;
    size_t string_header;   /* bytes a string object takes beyond its characters + 1 */
    size_t last_string_size;/* size of the last string object allocated */
    int    oom_kind;        /* kind of the last refused allocation */
    int    mem_fatal;       /* a memory error happened in the current call */
    char   oom_where[SB_WHERE_LEN];  /* "file:line" of the last refusal */

    /* Instruction budget and time limit of the current outermost call. */
    uint64_t budget;
    uint64_t used;          /* instructions (and equivalent charges) so far */
    uint64_t alloc_bytes;   /* allocated bytes not yet charged (< SB_BYTES_PER_CHARGE) */
    uint64_t clock_at;      /* read the clock again once used reaches this */
    uint64_t deadline_ns;   /* CLOCK_MONOTONIC time the call must end by; 0 until it first reads the clock */
    uint32_t time_limit_ms;
    int      period;        /* count-hook period of every thread */
    int      tripped;       /* SB_TRIP_*: every later hook fire or charge raises */
    uint64_t share_end;     /* sb_share: `used` past this trips (SB_TRIP_SHARE); UINT64_MAX: no share */
    char     share_what[96];/* what the share is, for the message ("mod 'x': 3000000 per event") */
    int      depth;         /* nesting of sb_pcall */
    int      unwinding;     /* non-zero: the frames of a switched-off owner (a mod: its index + 1) unwind
                             * up to its outermost guard; no pcall, xpcall or resume catches the error */
    uint64_t call_serial;   /* counts outermost calls: coroutines live within one */
    uint64_t call_epoch;    /* moves on as any protected call begins or ends (script_call_epoch) */
    char     trip_where[SB_WHERE_LEN];

    ScriptPrintFn  print_fn;
    void          *print_ud;
    ScriptRandomFn random_fn;
    void          *random_ud;

    int chunks_loaded;      /* once >0, no more globals may be added */
    ScriptGateFn gate_fn;   /* what gated handlers are checked against (script_set_gate) */
    ScriptCardFn card_fn;   /* resolves card gates at freeze */
    ScriptVariantFn variant_fn;   /* checks variant gates at freeze (script_set_variant_check) */
    void        *gate_ud;
    int (*state_slot_fn)(lua_State *L, int idx, const char *field);   /* levents_set_state_slots */
    int (*uses_fn)(lua_State *L, int idx);                             /* levents_set_uses */
    struct ScriptEvents *events;   /* NULL in a data-only state */
};

/* The raw state, for bindings. Do not call into Lua on it except through
 * sb_pcall (or from C functions that Lua called). */
lua_State *script_lua(Script *s);

/* Calls open() (a luaopen_*-style function returning one value, normally a
 * table) and makes its result the sandbox global `name` for every chunk loaded
 * afterwards. Every environment gets its own deep copy of the table (nested
 * tables and their metatables included; functions are shared), so nothing in
 * it can carry a change from one chunk to another. Returns -1 once a chunk has
 * been loaded (environments are built at load) or if open() fails. */
int script_add_global_lib(Script *s, const char *name, lua_CFunction open);
/* Same for a single C function. */
int script_add_global(Script *s, const char *name, lua_CFunction fn);

/* The Script owning a state (any thread of it). */
Script *sb_script(lua_State *L);

/* The capped, charging allocator (ud is the Script). */
void *sb_alloc(void *ud, void *ptr, size_t osize, size_t nsize);

/* A Script holding a bare state: the allocator, budget and time limit of
 * script_new, but no libraries, no string methods and no events. For data
 * files (content/NAME.lua) read with sb_run_data. */
Script *sb_new_data(const ScriptLimits *limits, char *err, size_t errlen);

/* Reads a text file of at most SCRIPT_MAX_FILE bytes (regular files only, no
 * NUL bytes, no binary chunk) into a malloc'd, NUL-terminated buffer. With
 * no_symlink, a path whose last component is a symbolic link is refused.
 * On failure returns NULL with the reason in why ("cannot open", ...). */
char *sb_read_text(const char *path, int no_symlink, size_t *len, char *why, size_t whylen);

/* Loads a text file as a chunk with an empty environment (nothing visible)
 * and runs it under the limits, leaving its one result on the stack. */
int sb_run_data(Script *s, const char *path, const char *chunkname, char *err, size_t errlen);

/* Measures what a string object costs beyond its characters, so that the
 * allocator can cap strings by length. Call once on a new state, protected. */
int sb_measure(lua_State *L);

/* Builds the base, the string metatable guard and the environment machinery.
 * Runs unprotected: call it through lua_pcall (script_new does). */
int sb_open(lua_State *L);

/* Pushes a fresh environment for one chunk. May raise (memory). */
void sb_push_env(lua_State *L);

/* Whether globals are read-only now (the registry is frozen), and the error
 * for an assignment to the global named by the key at idx. */
int sb_env_locked(lua_State *L);
int sb_env_write_error(lua_State *L, int key);

/* ---- Guarded tables (lsb_guard.c) ----
 * Environments, frozen tables and engine objects, told apart by a mark in
 * their hidden metatable. */
enum { SB_GUARD_NONE, SB_GUARD_ENV, SB_GUARD_FROZEN, SB_GUARD_ENGINE };
/* Marks the metatable at mt: its tables are of this kind; store (an index,
 * or 0) holds their contents; name (or NULL) names a frozen table. */
void sb_guard_mark(lua_State *L, int mt, int kind, int store, const char *name);
/* Gives the table at t a hidden metatable marking it an engine object (C
 * reads and writes it raw; scripts may not rawset it, the freeze leaves it). */
void sb_guard_engine(lua_State *L, int t);
/* SB_GUARD_* of the value at idx (SB_GUARD_NONE for anything unmarked). */
int sb_guard_kind(lua_State *L, int idx);
/* For an environment or a frozen table, pushes its store and returns 1;
 * otherwise pushes nothing and returns 0. */
int sb_store_of(lua_State *L, int idx);
/* Replaces the value at idx by its store when it has one: for C code that
 * reads a script's table raw (lua_rawget, lua_next, lua_rawlen). Read only. */
void sb_plain(lua_State *L, int idx);
/* Raises "file:line: cannot set [key] of NAME: ..." for a write to the
 * frozen table at t (key at index key). */
int sb_frozen_write_error(lua_State *L, int t, int key);
/* rawset, rawget and rawlen that treat a guarded table as its store; rawset
 * refuses frozen tables, engine objects, and environments after the freeze. */
int sb_lrawset(lua_State *L);
int sb_lrawget(lua_State *L);
int sb_lrawlen(lua_State *L);

/* ---- The freeze (lsb_freeze.c, lsb_upvalues.c) ---- */
/* Makes every table reachable from the values the registry holds (handlers,
 * declarations, and through them locals, globals, library copies, modules)
 * frozen, and fails naming file, line and local when a reachable function
 * assigns a local it shares with later calls. 0, or -1 with err. */
int sb_freeze_values(Script *s, char *err, size_t errlen);
/* For setmetatable(x, mt): when the table at mt is frozen, pushes the hidden
 * copy the VM can read (getmetatable(x) answers mt) and returns 1; else 0. */
int sb_metatable_for_new_object(lua_State *L, int mt);
/* When the Lua function at fn, or a function it defines, assigns one of its
 * upvalues (a local that outlives a call), pushes the message naming file,
 * line and local and returns 1; else returns 0. May raise (memory). */
int sb_upvalue_writes(lua_State *L, int fn);

/* Calls the function below nargs arguments on the stack with no results, under
 * the budget (reset when depth is 0). On failure writes the message into err,
 * using chunk for failures that carry no location, and returns -1. The stack
 * is left as it was below the function. */
int sb_pcall(Script *s, int nargs, const char *chunk, char *err, size_t errlen);
/* Same, keeping nresults results on the stack on success. */
int sb_pcall_results(Script *s, int nargs, int nresults, const char *chunk, char *err, size_t errlen);

/* The message for a failed protected call with this status whose error object
 * is on top of the stack: budget, time and memory failures get their fixed
 * forms, anything else is the error object itself. */
void sb_failure_message(lua_State *L, int status, const char *chunk, char *buf, size_t len);
/* A message handler for lua_pcall: a string error gains the script frames
 * that led to it (at most 8, C frames left out), once: an error re-raised by
 * an outer call keeps the traceback of where it first happened. Budget and
 * memory failures pass unchanged. */
int sb_traceback(lua_State *L);

/* Iterators that keep a position (pairs, string.gmatch, walks) live within
 * the outermost call that made them, as coroutines do: one made while loading
 * or in an earlier handler call would carry its position from call to call.
 * sb_call_serial names the current call; sb_check_call raises "WHAT: made in
 * an earlier call ..." unless serial is the current call's. */
uint64_t sb_call_serial(lua_State *L);
void sb_check_call(lua_State *L, uint64_t serial, const char *what);

/* Charges cost instruction-equivalents to the current call, raising the budget
 * error if it is exhausted (or the time limit passed). For C functions whose
 * work grows with their input. Does nothing outside a call. */
void sb_charge(lua_State *L, uint64_t cost);
/* Charges for handling len bytes. */
void sb_charge_bytes(lua_State *L, size_t len);

/* Raises "file:line: WHAT: string too long (...)" as an ordinary error. For
 * producers that check the cap before building a string. */
int sb_string_too_long(lua_State *L, const char *what);

/* For C functions that catch errors (as pcall does): call after a protected
 * call returned status, with the error object on top. Returns at once if
 * status is LUA_OK/LUA_YIELD or the error is an ordinary one; an allocation
 * refused by the string cap becomes an ordinary error (its message replaces
 * the error object); budget, time and memory failures are raised again, since
 * the sandbox never lets scripts catch them. */
void sb_rethrow_fatal(lua_State *L, int status);
/* Starts unwinding the calls of `owner` (> 0; Script.unwinding): from now
 * on, until the owner's outermost guard sets Script.unwinding back to 0, the
 * next instruction of any script raises, and so does every catch. C code
 * between (the core, script_emit) runs no handler and returns to its caller. */
void sb_unwind(lua_State *L, int owner);
/* Cleans, in place, text a script made before it reaches a terminal
 * (lsb_text.c): every control character but newline and tab, DEL, the C1
 * controls and every byte not part of well-formed UTF-8 become '?'. */
void sb_clean_text(char *text);
/* A share of the budget for what runs next inside the current call: it
 * trips (SB_TRIP_SHARE, "instruction budget exceeded (what)") once `left`
 * more instructions are used, or sooner if an enclosing share ends first.
 * sb_share returns the share to give back to sb_share_end with the
 * instructions used since; a tripped share is cleared there when it was this
 * share's (the caller fails alone: the enclosing call may go on), and left
 * to unwind to its owner when an enclosing share ran out (sb_share_foreign). */
typedef struct SbShare {
    uint64_t end, start;
    int installed;          /* this share ends first: a SB_TRIP_SHARE is its own */
    char what[96];
} SbShare;
SbShare sb_share(Script *s, uint64_t left, const char *what);
uint64_t sb_share_end(lua_State *L, const SbShare *outer);
/* Whether the call is failing because an enclosing share (not `share`) ran out. */
int sb_share_foreign(const Script *s, const SbShare *share);

/* Writes "file:line" of the innermost Lua function running in L ("?" when
 * there is none). Allocates nothing: safe inside the allocator. */
void sb_where(lua_State *L, char *out, size_t len);

/* Pushes the sandbox's text for the value at idx: __tostring if present,
 * Lua's text for numbers, strings, booleans and nil, and otherwise the
 * __name or type name alone ("table", "function"): never an address. */
const char *sb_tostring(lua_State *L, int idx);

/* Raises "WHAT: unknown field 'x' (known: a, b, ...)" unless every key of the
 * table at t is one of known (NULL-ended): a misspelt field of a declaration
 * is an error, never silently ignored. */
void sb_check_keys(lua_State *L, int t, const char *what, const char *const *known);

/* Library builders (lsb_*.c), each pushing the sandbox's version of a table.
 * The stock library is at stock (an index) where one is wrapped. */
void sb_push_string_lib(lua_State *L, int stock);
void sb_push_table_lib(lua_State *L);
void sb_push_coroutine_lib(lua_State *L, int stock);
void sb_push_utf8_lib(lua_State *L, int stock);
/* Sets the wrapped base functions (pcall, next, tostring, ...) into base. */
void sb_set_base_functions(lua_State *L, int base);
/* The pattern functions (lsb_pattern.c): find, match, gmatch, gsub. */
int sb_str_find(lua_State *L);
int sb_str_match(lua_State *L);
int sb_str_gmatch(lua_State *L);
int sb_str_gsub(lua_State *L);
/* math.random over the Script's random source. */
int sb_lrandom(lua_State *L);
/* Installs the count hook on a new thread. */
void sb_hook_thread(lua_State *L, lua_State *thread);

#endif
