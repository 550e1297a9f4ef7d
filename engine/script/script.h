/* The sandboxed Lua layer: one Lua 5.4 state in which every rules script and
 * every mod runs, each chunk in its own environment, under a memory cap and an
 * instruction budget per call, talking to C only through named events.
 *
 * This header is the whole public surface. It does not include lua.h, so front
 * ends can use it without the Lua include path; the code that needs the raw
 * lua_State (the game bindings) includes the internal "lsandbox.h" instead.
 *
 * Contract, in the manner of Lua's own headers:
 * - Every function taking `char *err, size_t errlen` returns 0 on success and -1
 *   on failure, writing a NUL-terminated message into err (truncated to errlen;
 *   err may be NULL when errlen is 0).
 * - Script errors read "file:line: message", file being the chunk name given at
 *   load ("mods/foo/mod.lua:12: attempt to index a nil value (global 'x')").
 *   A budget overrun reads "file:line: instruction budget exceeded (limit
 *   N per call)", a call
 *   that outlives the time limit "file:line: time limit exceeded (N ms)", a
 *   memory cap hit "file: memory limit exceeded (at file:line)". None of these
 *   can be caught by pcall, xpcall or coroutine.resume inside the sandbox: the
 *   whole call fails, and the state stays usable. A string over the string cap
 *   is an ordinary error, "file:line: string too long (more than N bytes, the
 *   sandbox limit)", whichever function or operator builds it.
 * - The budget counts VM instructions (in every coroutine, message handler and
 *   __close method) plus work the VM does not count: one instruction per
 *   SB_BYTES_PER_CHARGE bytes allocated, per element a table function moves,
 *   per byte-group a string function reads or writes, per step of the pattern
 *   matcher. The time limit is the last resort for work that is still not
 *   proportional to that count (e.g. comparing very long strings); it counts
 *   the CPU time of the thread running the call (so a loaded machine does
 *   not trip it) and is the one limit that depends on the machine's speed,
 *   so rules must stay far below it.
 * - After script_freeze, nothing a script kept from loading can change: a
 *   reachable function that assigns a local shared with later calls fails
 *   the freeze; every reachable table is frozen (a write raises "cannot set
 *   [k] of NAME"); assigning a global (also through rawset(_ENV, ...)) raises
 *   "globals are read-only after load: keep state in game state"
 *   (lsb_freeze.c, lsandbox.h).
 * - Nothing a script can see exposes an address or the hash order: pairs and
 *   next walk keys in one fixed order, tostring and string.format("%s") give
 *   tables and functions a fixed text, string.format("%p") is refused, and
 *   collectgarbage is absent.
 * - A Script is not thread-safe and is not re-entrant across script_free: do not
 *   free it from inside a handler. Nested script_emit from a binding called by a
 *   handler is allowed; the nested handlers share the outer call's budget. */
#ifndef VQ_SCRIPT_H
#define VQ_SCRIPT_H

#include <stddef.h>
#include <stdint.h>

typedef struct Script Script;

/* Zero in any field selects the default shown. */
typedef struct ScriptLimits {
    size_t   memory_bytes;  /* cap on all memory of the Lua state (64 MiB) */
    uint64_t instructions;  /* VM budget per handler call or chunk load (1,000,000) */
    size_t   string_bytes;  /* longest string a script may create (1 MiB) */
    uint32_t time_ms;       /* CPU time per outermost call or chunk load (500 ms) */
} ScriptLimits;

#define SCRIPT_DEFAULT_MEMORY       ((size_t)64 << 20)
#define SCRIPT_DEFAULT_INSTRUCTIONS ((uint64_t)1000000)
#define SCRIPT_DEFAULT_STRING       ((size_t)1 << 20)
#define SCRIPT_DEFAULT_TIME_MS      500u
/* Largest script, module or data file read (1 MiB). */
#define SCRIPT_MAX_FILE             ((size_t)1 << 20)

/* Where print() goes. chunk is the chunk name of the calling function. */
typedef void (*ScriptPrintFn)(void *ud, const char *chunk, const char *message);
/* The random source behind math.random: a uniform integer in [0, bound),
 * bound > 0 (rng_below has exactly this shape), or SCRIPT_RANDOM_REFUSED
 * when the code running may not draw (math.random then raises). */
typedef uint32_t (*ScriptRandomFn)(void *ud, uint32_t bound);
#define SCRIPT_RANDOM_REFUSED UINT32_MAX   /* never a draw: bound is at most UINT32_MAX */

/* limits may be NULL (all defaults). Returns NULL and fills err on failure
 * (e.g. a memory cap too small to hold the base libraries). */
Script *script_new(const ScriptLimits *limits, char *err, size_t errlen);
void    script_free(Script *s);  /* NULL is allowed */

/* Without a print callback, print() writes "[chunk] message\n" to stderr.
 * Without a random source, math.random raises an error. */
void script_set_print(Script *s, ScriptPrintFn fn, void *ud);
void script_set_random(Script *s, ScriptRandomFn below, void *ud);

/* Loads a text chunk (binary chunks are refused) and runs it once, under the
 * budget, in a fresh sandbox environment. chunkname names the chunk in every
 * message ("mods/foo/mod.lua"); script_load_file defaults it to path and reads
 * only regular files of at most SCRIPT_MAX_FILE bytes. */
int script_load_file(Script *s, const char *path, const char *chunkname,
                     char *err, size_t errlen);
int script_load_string(Script *s, const char *source, const char *chunkname,
                       char *err, size_t errlen);

/* Bytes currently held by the Lua state (counted by the capped allocator). */
size_t script_memory_used(const Script *s);
/* A number that changes whenever a call into the scripts begins or ends:
 * between two readings that give the same number, no script code started or
 * returned, so whatever C code around the calls does to a game happened
 * before or after both. (Caches of what a game looks like key on it.) */
uint64_t script_call_epoch(const Script *s);

/* ---- Events ------------------------------------------------------------
 * C declares the catalogue once, before scripts load, as data: each event's
 * name and fields (name, kind, writable, range). Scripts call
 * on(name, handler [, priority [, gate]]) while they load: higher priority
 * runs first, ties in registration order; an unknown event name is an error
 * that suggests the nearest known one. script_freeze resolves the gates and
 * groups the handlers per event; on() then raises "events are frozen". */

/* How a field reads in Lua. */
enum {
    SCRIPT_FIELD_INT,      /* an integer */
    SCRIPT_FIELD_BOOL,     /* true or false */
    SCRIPT_FIELD_NAME,     /* a name from `names` (the value is its index) */
    SCRIPT_FIELD_LIST,     /* `count` integers: ev.keep[0] .. ev.keep[count - 1] */
    SCRIPT_FIELD_CARD      /* an integer, a power card's index; a `when` gate may name the card
                              (resolved when the rules freeze) */
};

/* A name table; *count may grow while scripts load (names registered then). */
typedef struct ScriptNames {
    const char *const *names;
    const int *count;
} ScriptNames;

typedef struct ScriptFieldDef {
    const char *name;        /* must not be "name": ev.name is the event's name */
    int kind;                /* SCRIPT_FIELD_* */
    int writable;
    int slot;                /* first value in ScriptEvent.v */
    int count;               /* values it spans (1, or the length of a list) */
    int64_t lo, hi;          /* a writable value outside lo..hi is refused */
    const ScriptNames *names;   /* SCRIPT_FIELD_NAME */
} ScriptFieldDef;

typedef struct ScriptEventDef {
    const char *name;
    const ScriptFieldDef *fields;
    int nfields;
    int nslots;
} ScriptEventDef;

/* An event being emitted: its values, addressed by the fields' slots. */
typedef struct ScriptEvent {
    int event_index;
    int64_t *v;
} ScriptEvent;

/* What gates are checked against, filled once per emission by the gate
 * function: the cards in play (bit c), the variant, the number of players,
 * and whether a player holds a card (for holder gates; NULL: nobody is
 * known to, so holder-gated handlers do not run). */
typedef struct ScriptGateInfo {
    uint64_t cards;
    const char *variant;
    int players;
    int (*holds)(void *ud, int player, int card);
    void *holds_ud;
    const int32_t *state;   /* the game's script state slots (state gates); NULL: such handlers do not run */
    int (*uses_left)(void *ud, int counter, int player);   /* uses gates (given holds_ud); NULL: they do not run */
} ScriptGateInfo;
typedef void (*ScriptGateFn)(void *ud, ScriptGateInfo *out);
/* A card's index by name, -1 for no such card, or SCRIPT_CARD_REMOVED for a
 * card a mod took out (its gated handlers are dropped): how card gates are
 * resolved at freeze. */
#define SCRIPT_CARD_REMOVED (-2)
typedef int (*ScriptCardFn)(void *ud, const char *name);

/* Gates: on(name, fn, priority, gate) with gate a card name or
 * { card = "Name", variant = "name", min_players = n, holder = true }: the
 * handler runs only while the card is in play (ScriptGateInfo.cards), in that
 * variant, with at least that many players, and (holder) when the event's
 * `player` holds the card; `when`, `state`: see docs/lua-api.md (a state
 * gate reads ScriptGateInfo.state; levents.h resolves its fields). Checked in
 * C: gated handlers nobody needs cost no Lua call, and an event none of whose
 * handlers would run builds nothing. */
void script_set_gate(Script *s, ScriptGateFn gate, ScriptCardFn card, void *ud);
/* Whether a variant of that name is declared (nonzero) or not; given the ud of
 * script_set_gate. A handler gated by an undeclared variant fails the freeze. */
typedef int (*ScriptVariantFn)(void *ud, const char *name);
void script_set_variant_check(Script *s, ScriptVariantFn known);
/* Whether some handler of the event would run now. */
int script_wants(Script *s, int event_index);
/* What script_wants answers from the cards in play alone, per event, once
 * the registry is frozen: some handler runs whatever the game (always), or
 * whenever one of `cards` is in play; with `complex`, a handler with a
 * variant, player-count or state gate may run besides (script_wants says). */
typedef struct ScriptWantsSummary {
    int always, complex;
    uint64_t cards;
} ScriptWantsSummary;
ScriptWantsSummary script_wants_summary(const Script *s, int event_index);
/* A handler's gate as data: a card in play (card: its bit, 0 for none), a
 * variant (NULL: any), at least min_players players, and n terms on the
 * game's state slots: slot[i] holds a value v (0..63) with bit v of
 * values[i] set. */
#define SCRIPT_GATE_TERMS 4
typedef struct ScriptGate {
    uint64_t card;
    const char *variant;
    int min_players;
    int n;
    int slot[SCRIPT_GATE_TERMS];
    uint64_t values[SCRIPT_GATE_TERMS];
} ScriptGate;
/* The gates of the handlers of event_index that the summary calls complex
 * (those with a variant, player-count or state condition): how many were
 * written to out, or -1 when there are more than max. After freeze. */
int script_gates(const Script *s, int event_index, ScriptGate *out, int max);

/* The defs must outlive the Script. Fails (-1) on a second call, a duplicate
 * or empty name. */
int  script_declare_events(Script *s, const ScriptEventDef *defs, int count);
/* Index of a declared event, or -1. */
int  script_event_index(const Script *s, const char *name);
/* Chunks whose handlers are dropped at freeze (a card replaced by a mod). */
int  script_drop_chunk(Script *s, const char *chunk);
/* Resolves the gates (an unknown card fails, naming the handler's chunk) and
 * freezes the registry. Returns 0, or -1 with a message. */
int  script_freeze(Script *s, char *err, size_t errlen);
int  script_is_frozen(const Script *s);

/* Calls each handler of ev->event_index whose gate is open, in order, with
 * the event's proxy `ev` (one per event kind, reused): fields read by name,
 * writable ones assigned with values of their kind and range (written
 * straight into ev->v), ev.name is the event name; reading or writing an
 * unknown field is an error naming the nearest field. Each handler call has
 * its own budget. Stops at the first failing handler (returns -1; fields
 * written so far stay written). With no runnable handler it returns 0
 * without entering Lua. */
int script_emit(Script *s, ScriptEvent *ev, char *err, size_t errlen);
int script_handler_count(const Script *s, int event_index);
/* How many events are being handled at this moment, one inside another
 * (0 outside any handler). */
int script_event_depth(const Script *s);
/* The chunk of the handler running now (for error reports), or NULL. */
const char *script_running_chunk(const Script *s);

/* For rule coverage: one entry per registered handler, ordered by event index
 * then dispatch order. Strings belong to the Script. */
typedef struct ScriptFireCount {
    const char *chunk;     /* chunk that called on() */
    const char *event;
    int64_t     priority;
    uint64_t    fired;     /* times the handler was called */
} ScriptFireCount;

/* Fills up to max entries of out (out may be NULL when max is 0) and returns
 * the total number of handlers. */
int  script_fire_counts(const Script *s, ScriptFireCount *out, int max);
void script_reset_fire_counts(Script *s);


#endif
