/* Events: a catalogue declared by C as data, handlers registered by scripts
 * with on(), dispatched by script_emit through one reusable proxy per event
 * kind.
 *
 * While scripts load, handlers go into one array in registration order with
 * their gates as written. script_freeze drops the handlers of dropped chunks,
 * resolves card gates to bits, and sorts the rest by (event, priority desc,
 * registration order), so each event's handlers are one contiguous run.
 *
 * A proxy is an empty table whose metatable's __index and __newindex read and
 * write the live ScriptEvent of its kind (NULL outside an emission, so a
 * proxy kept by a handler is dead). Field names map to field indices through
 * a table per event kind: a hash lookup, no string compare. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "levents.h"
#include "lsandbox.h"

#define LEVENTS_MAX_WHEN 4
#define LEVENTS_MAX_STATE 4

typedef struct Handler {
    int       event;
    int64_t   priority;
    uint64_t  seq;
    uint64_t  fired;
    int       ref;
    char     *chunk;
    char     *gate_card;      /* NULL: no condition on a card */
    char     *gate_variant;   /* NULL: any variant */
    int       gate_min_players;
    uint64_t  card_bit;       /* resolved at freeze */
    int       card;           /* resolved at freeze; -1 none */
    int       holder_slot;    /* holder gate: the slot of the event's `player`; -1 none */
    int       holder_not;     /* the holder gate asks that the player not hold the card */
    int       uses;           /* uses gate: the counter the event's player needs a use of; -1 none */
    int       uses_slot;      /* its slot of the event's `player` */
    int       nwhen;          /* when gate: run only while each field slot holds a value in lo..hi */
    int       when_slot[LEVENTS_MAX_WHEN];
    int64_t   when_lo[LEVENTS_MAX_WHEN], when_hi[LEVENTS_MAX_WHEN];
    char     *when_card[LEVENTS_MAX_WHEN];   /* a card field's value by name, resolved at freeze; NULL: none */
    int       nstate;         /* state gate: run only while each state slot holds a value of its set */
    int       state_slot[LEVENTS_MAX_STATE];
    uint64_t  state_values[LEVENTS_MAX_STATE];   /* bit v: value v (0..63) lets it run */
} Handler;

/* What each event kind keeps between emissions. */
typedef struct EventSlot {
    ScriptEvent *live;        /* the event being emitted, NULL otherwise */
    int first, count;         /* its handlers, after freeze */
    int wants_always;         /* script_wants: some handler runs whatever the game (no card, variant,
                               * players or state condition; holder and when are open there) */
    uint64_t wants_cards;     /* script_wants: cards whose being in play is the only condition of a handler */
    int wants_complex;        /* script_wants: some handler has a variant, players or state condition */
    int proxy_ref;            /* the proxy table */
    int fieldmap_ref;         /* name -> field index + 1 */
} EventSlot;

struct ScriptEvents {
    const ScriptEventDef *defs;
    int count;
    int declared;
    int frozen;
    int emitting;
    EventSlot *slot;
    Handler *h;
    int nh, cap;
    uint64_t next_seq;
    char **dropped;
    int ndropped;
    const char *running;      /* chunk of the handler running now */
};

struct ScriptEvents *levents_new(void)
{
    return calloc(1, sizeof(struct ScriptEvents));
}

static void free_handler(Handler *h)
{
    free(h->chunk);
    free(h->gate_card);
    free(h->gate_variant);
    for (int i = 0; i < h->nwhen; i++)
        free(h->when_card[i]);
}

void levents_free(struct ScriptEvents *e)
{
    if (!e)
        return;
    for (int i = 0; i < e->nh; i++)
        free_handler(&e->h[i]);
    for (int i = 0; i < e->ndropped; i++)
        free(e->dropped[i]);
    free(e->dropped);
    free(e->h);
    free(e->slot);
    free(e);
}

int script_declare_events(Script *s, const ScriptEventDef *defs, int count)
{
    struct ScriptEvents *e = s->events;
    if (e->declared || count < 0 || (count > 0 && !defs))
        return -1;
    for (int i = 0; i < count; i++) {
        if (!defs[i].name || !defs[i].name[0])
            return -1;
        for (int j = 0; j < i; j++)
            if (strcmp(defs[i].name, defs[j].name) == 0)
                return -1;
    }
    e->slot = calloc((size_t)(count ? count : 1), sizeof *e->slot);
    if (!e->slot)
        return -1;
    for (int i = 0; i < count; i++)
        e->slot[i].proxy_ref = e->slot[i].fieldmap_ref = LUA_NOREF;
    e->defs = defs;
    e->count = count;
    e->declared = 1;
    return 0;
}

int script_event_index(const Script *s, const char *name)
{
    const struct ScriptEvents *e = s->events;
    for (int i = 0; name && i < e->count; i++)
        if (strcmp(e->defs[i].name, name) == 0)
            return i;
    return -1;
}

int script_is_frozen(const Script *s)
{
    return s->events->frozen;
}

const char *script_running_chunk(const Script *s)
{
    return s->events->running;
}

int script_drop_chunk(Script *s, const char *chunk)
{
    struct ScriptEvents *e = s->events;
    if (e->frozen)
        return -1;
    char **nd = realloc(e->dropped, (size_t)(e->ndropped + 1) * sizeof *nd);
    if (!nd)
        return -1;
    e->dropped = nd;
    if (!(e->dropped[e->ndropped] = strdup(chunk)))
        return -1;
    e->ndropped++;
    return 0;
}

/* ---- on() -------------------------------------------------------------- */

/* Edit distance of a and b (short names only), for "did you mean". */
static int distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 40 || lb > 40)
        return 99;
    int row[41];
    for (size_t j = 0; j <= lb; j++)
        row[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int diag = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int up = row[j];
            int best = diag + (a[i - 1] != b[j - 1]);
            if (row[j] + 1 < best) best = row[j] + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

const char *levents_nearest(const char *const *names, int n, const char *word)
{
    const char *best = NULL;
    int bestd = 4;
    for (int i = 0; i < n; i++) {
        int d = distance(word, names[i]);
        if (d < bestd) {
            bestd = d;
            best = names[i];
        }
    }
    return best;
}

static int unknown_event(lua_State *L, struct ScriptEvents *e, const char *name)
{
    const char *names[64];
    int n = e->count < 64 ? e->count : 64;
    for (int i = 0; i < n; i++)
        names[i] = e->defs[i].name;
    const char *near = levents_nearest(names, n, name);
    if (near)
        return luaL_error(L, "on: unknown event '%s' (did you mean '%s'?)", name, near);
    return luaL_error(L, "on: unknown event '%s'", name);
}

void levents_set_state_slots(lua_State *L, LeventsStateSlotFn resolve)
{
    sb_script(L)->state_slot_fn = resolve;
}

void levents_set_uses(lua_State *L, LeventsUsesFn resolve)
{
    sb_script(L)->uses_fn = resolve;
}

/* The counter of the gate's `uses` (the gate at idx), -1 without one; raises
 * for a value that is not a counter. */
static int gate_uses(lua_State *L, int idx)
{
    if (lua_type(L, idx) != LUA_TTABLE || lua_getfield(L, idx, "uses") == LUA_TNIL) {
        if (lua_type(L, idx) == LUA_TTABLE)
            lua_pop(L, 1);
        return -1;
    }
    LeventsUsesFn resolve = sb_script(L)->uses_fn;
    int id = resolve ? resolve(L, -1) : -1;
    if (id < 0)
        luaL_error(L, "on: the gate's uses is a counter game.uses returned");
    lua_pop(L, 1);
    return id;
}

/* The bit set of values a state gate's field admits: the value on top, an
 * integer 0..63 or a boolean, or a list of them. Raises naming the field. */
static uint64_t state_values(lua_State *L, const char *field)
{
    if (lua_type(L, -1) == LUA_TBOOLEAN)
        return (uint64_t)1 << lua_toboolean(L, -1);
    int n = lua_istable(L, -1) ? (int)lua_rawlen(L, -1) : 0;
    uint64_t set = 0;
    for (int i = n ? 1 : 0; i <= n; i++) {
        if (n)
            lua_rawgeti(L, -1, i);
        int isint = 0;
        lua_Integer v = lua_tointegerx(L, -1, &isint);
        int boolean = lua_type(L, -1) == LUA_TBOOLEAN;
        if (boolean)
            v = lua_toboolean(L, -1);
        if ((!isint && !boolean) || v < 0 || v > 63)
            luaL_error(L, "on: the gate's state: '%s' takes integers 0..63 or true/false (or a list of them), not %s",
                       field, sb_tostring(L, -1));
        set |= (uint64_t)1 << v;
        if (n)
            lua_pop(L, 1);
    }
    return set;
}

/* Reads a gate's `state` table at index spec into h: the slots its fields
 * resolve to and the values each admits. Raises naming what is wrong. */
static void read_state(lua_State *L, int spec, Handler *h)
{
    h->nstate = 0;
    LeventsStateSlotFn resolve = sb_script(L)->state_slot_fn;
    if (!resolve)
        luaL_error(L, "on: state gates need the game's state (game.state)");
    lua_rawgeti(L, spec, 1);
    int table = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, spec)) {
        if (lua_type(L, -2) != LUA_TSTRING) {   /* [1], the state table itself */
            lua_pop(L, 1);
            continue;
        }
        const char *field = lua_tostring(L, -2);
        if (h->nstate == LEVENTS_MAX_STATE)
            luaL_error(L, "on: the gate's state has at most %d fields", LEVENTS_MAX_STATE);
        h->state_slot[h->nstate] = resolve(L, table, field);
        h->state_values[h->nstate++] = state_values(L, field);
        lua_pop(L, 1);
    }
    if (h->nstate == 0)
        luaL_error(L, "on: the gate's state names no field (write { S, field = value })");
    lua_settop(L, spec);
}

void levents_check_gate(lua_State *L, int idx)
{
    if (lua_type(L, idx) == LUA_TSTRING || lua_isnoneornil(L, idx))
        return;
    luaL_checktype(L, idx, LUA_TTABLE);
    static const char *const KNOWN[] = { "card", "variant", "min_players", "holder", "who", "when", "state", "uses",
                                         NULL };
    sb_check_keys(L, idx, "on: the gate", KNOWN);
    int top = lua_gettop(L);
    int who = lua_getfield(L, idx, "who");
    if (who != LUA_TNIL && who != LUA_TSTRING)
        luaL_error(L, "on: the gate's who is the name of the event's field that names the player, not %s",
                   luaL_typename(L, -1));
    lua_settop(L, top);
    int holder = lua_getfield(L, idx, "holder");
    if (holder != LUA_TNIL && holder != LUA_TBOOLEAN)
        luaL_error(L, "on: the gate's holder is true or false, not %s", luaL_typename(L, -1));
    if (holder == LUA_TBOOLEAN && lua_getfield(L, idx, "card") != LUA_TSTRING)
        luaL_error(L, "on: the gate's holder needs the gate's card (the card the event's player must, or must "
                      "not, hold)");
    lua_settop(L, top);
    lua_getfield(L, idx, "variant");
    const char *variant = lua_tostring(L, -1);
    if (!lua_isnil(L, -1) && (lua_type(L, -1) != LUA_TSTRING || !variant[0]))   /* declared? checked at freeze */
        luaL_error(L, "on: the gate's variant is a variant's name (game.variant_rule), not '%s'", sb_tostring(L, -1));
    lua_getfield(L, idx, "min_players");
    lua_Integer players = luaL_optinteger(L, -1, 2);
    if (players < 2 || players > 5)
        luaL_error(L, "on: the gate's min_players is 2..5, not %I", players);
    lua_pop(L, 2);
    int when = lua_getfield(L, idx, "when");
    if (when != LUA_TNIL && when != LUA_TTABLE)
        luaL_error(L, "on: the gate's when is a table of event fields and values, not %s", luaL_typename(L, -1));
    lua_settop(L, top);
    gate_uses(L, idx);   /* raises now for a value that is not a counter, naming the line of on() */
    int state = lua_getfield(L, idx, "state");
    if (state != LUA_TNIL && (state != LUA_TTABLE || lua_rawgeti(L, -1, 1) != LUA_TTABLE))
        luaL_error(L, "on: the gate's state is { S, field = value, ... } with S a table game.state returned");
    if (state == LUA_TTABLE) {
        Handler probe;   /* resolved now, so an error names the line of on() */
        read_state(L, top + 1, &probe);
    }
    lua_settop(L, top);
}

/* Reads on()'s fourth argument into the gate strings (borrowed from the
 * stack); holder: 0 none, 1 the player holds the card, -1 does not. */
static void read_gate(lua_State *L, const char **card, const char **variant, lua_Integer *players, int *holder)
{
    *card = *variant = NULL;
    *players = 0;
    *holder = 0;
    levents_check_gate(L, 4);
    if (lua_type(L, 4) == LUA_TSTRING) {
        *card = lua_tostring(L, 4);
        return;
    }
    if (lua_isnoneornil(L, 4))
        return;
    lua_getfield(L, 4, "card");
    *card = lua_tostring(L, -1);       /* the table at 4 keeps the strings alive */
    lua_getfield(L, 4, "variant");
    *variant = lua_tostring(L, -1);
    lua_getfield(L, 4, "min_players");
    *players = luaL_optinteger(L, -1, 0);
    if (lua_getfield(L, 4, "holder") == LUA_TBOOLEAN)
        *holder = lua_toboolean(L, -1) ? 1 : -1;
    lua_pop(L, 4);
}

/* The value the Lua value on top stands for in field f (a `when` gate), or
 * raises naming the field. */
static int64_t when_value(lua_State *L, const ScriptFieldDef *f, const char *event)
{
    if (f->kind == SCRIPT_FIELD_BOOL && lua_type(L, -1) == LUA_TBOOLEAN)
        return lua_toboolean(L, -1);
    if ((f->kind == SCRIPT_FIELD_INT || f->kind == SCRIPT_FIELD_CARD) && lua_isinteger(L, -1))
        return lua_tointeger(L, -1);
    if (f->kind == SCRIPT_FIELD_CARD && lua_type(L, -1) == LUA_TSTRING)
        return -1;   /* a card's name: read_when keeps it for the freeze */
    if (f->kind == SCRIPT_FIELD_NAME && lua_type(L, -1) == LUA_TSTRING)
        for (int k = 0; k < *f->names->count; k++)
            if (strcmp(f->names->names[k], lua_tostring(L, -1)) == 0)
                return k;
    return luaL_error(L, "on: the gate's when: '%s' of '%s' cannot be %s", f->name, event, sb_tostring(L, -1));
}

/* The range { min = a, max = b } on top (either may be absent) for integer
 * field f of a `when` gate, into lo..hi; raises on anything else. */
static void read_when_range(lua_State *L, const ScriptFieldDef *f, const char *event, int64_t *lo, int64_t *hi)
{
    static const char *const KNOWN[] = { "min", "max", NULL };
    char what[96];
    snprintf(what, sizeof what, "on: the gate's when: '%s' of '%s'", f->name, event);
    sb_check_keys(L, lua_gettop(L), what, KNOWN);
    *lo = INT64_MIN;
    *hi = INT64_MAX;
    const char *bound[2] = { "min", "max" };
    for (int b = 0; b < 2; b++) {
        int t = lua_getfield(L, -1, bound[b]);
        if (t != LUA_TNIL) {
            if (!lua_isinteger(L, -1))
                luaL_error(L, "%s: '%s' must be an integer, not %s", what, bound[b], sb_tostring(L, -1));
            *(b ? hi : lo) = lua_tointeger(L, -1);
        }
        lua_pop(L, 1);
    }
    if (*lo == INT64_MIN && *hi == INT64_MAX)
        luaL_error(L, "%s: a range needs min, max or both", what);
    if (*lo > *hi)
        luaL_error(L, "%s: the range is empty (min %I > max %I)", what, (LUAI_UACINT)*lo, (LUAI_UACINT)*hi);
}

/* Reads the gate's `when` table (the gate at 4) into h, for event ev. A card
 * named for a card field goes to names[] (borrowed: the gate table keeps the
 * string), for the caller to copy once nothing else may raise. */
static void read_when(lua_State *L, const struct ScriptEvents *e, int ev, Handler *h,
                      const char *names[LEVENTS_MAX_WHEN])
{
    h->nwhen = 0;
    if (lua_type(L, 4) != LUA_TTABLE)
        return;
    if (lua_getfield(L, 4, "when") != LUA_TTABLE) {
        lua_pop(L, 1);
        return;
    }
    const ScriptEventDef *d = &e->defs[ev];
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
        const ScriptFieldDef *f = NULL;
        for (int i = 0; k && i < d->nfields && !f; i++)
            if (strcmp(d->fields[i].name, k) == 0 && d->fields[i].kind != SCRIPT_FIELD_LIST)
                f = &d->fields[i];
        if (!f)
            luaL_error(L, "on: the gate's when names '%s', not a field of '%s' with one value", k ? k : "?",
                       d->name);
        if (h->nwhen == LEVENTS_MAX_WHEN)
            luaL_error(L, "on: the gate's when has at most %d fields", LEVENTS_MAX_WHEN);
        if (f->kind == SCRIPT_FIELD_INT && lua_type(L, -1) == LUA_TTABLE)
            read_when_range(L, f, d->name, &h->when_lo[h->nwhen], &h->when_hi[h->nwhen]);
        else
            h->when_lo[h->nwhen] = h->when_hi[h->nwhen] = when_value(L, f, d->name);
        names[h->nwhen] = f->kind == SCRIPT_FIELD_CARD && lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        h->when_slot[h->nwhen++] = f->slot;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/* The fields that name a player, which holder and uses gates may read. */
static const char *const PLAYER_FIELDS[] = { "player", "owner", NULL };

/* The slot of event ev's integer field `name`, or -1 when it has none. */
static int int_field_slot(const struct ScriptEvents *e, int ev, const char *name)
{
    const ScriptEventDef *d = &e->defs[ev];
    for (int i = 0; i < d->nfields; i++)
        if (strcmp(d->fields[i].name, name) == 0 && d->fields[i].kind == SCRIPT_FIELD_INT)
            return d->fields[i].slot;
    return -1;
}

/* The slot of the field of event ev that holder and uses gates read: the
 * gate's `who` (at 4, if any), else the event's first field that names a
 * player (`player`, else `owner`); -1 when there is none. Raises on a `who`
 * that names no such field. */
static int player_slot(lua_State *L, const struct ScriptEvents *e, int ev)
{
    const char *who = NULL;
    if (lua_type(L, 4) == LUA_TTABLE && lua_getfield(L, 4, "who") == LUA_TSTRING)
        who = lua_tostring(L, -1);   /* the gate table keeps the string alive */
    if (lua_type(L, 4) == LUA_TTABLE)
        lua_pop(L, 1);
    int slot = -1;
    for (int k = 0; PLAYER_FIELDS[k] && slot < 0; k++)
        if (!who || strcmp(who, PLAYER_FIELDS[k]) == 0)
            slot = int_field_slot(e, ev, PLAYER_FIELDS[k]);
    if (who && slot < 0)
        luaL_error(L, "on: the gate's who names '%s', not a field of '%s' that names a player (player or owner)",
                   who, e->defs[ev].name);
    return slot;
}

/* The parts of on()'s gate (at 4) that depend on event ev, into h: its
 * `when` and `state` conditions and its uses counter (-1: none). Raises on a
 * holder or uses gate for an event that names no player, a `who` naming no
 * such field, or a bad `when`. */
static void read_event_gate(lua_State *L, int ev, Handler *h, const char *when_cards[LEVENTS_MAX_WHEN], int *uses)
{
    const struct ScriptEvents *e = sb_script(L)->events;
    int pslot = player_slot(L, e, ev);
    const char *name = e->defs[ev].name;
    if (lua_type(L, 4) == LUA_TTABLE && lua_getfield(L, 4, "holder") == LUA_TBOOLEAN && pslot < 0)
        luaL_error(L, "on: the gate's holder needs an event that names a player; '%s' has none", name);
    lua_settop(L, 4);
    *uses = gate_uses(L, 4);
    if (*uses >= 0 && pslot < 0)
        luaL_error(L, "on: the gate's uses needs an event that names a player; '%s' has none", name);
    read_when(L, e, ev, h, when_cards);
    if (lua_type(L, 4) == LUA_TTABLE && lua_getfield(L, 4, "state") == LUA_TTABLE)
        read_state(L, lua_gettop(L), h);
    lua_settop(L, 4);
}

void levents_check_event_gate(lua_State *L, int ev)
{
    Handler probe = { 0 };
    const char *when_cards[LEVENTS_MAX_WHEN] = { NULL };
    int uses;
    read_event_gate(L, ev, &probe, when_cards, &uses);
}

int levents_lua_on(lua_State *L)
{
    Script *s = sb_script(L);
    struct ScriptEvents *e = s->events;
    const char *name = luaL_checkstring(L, 1);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_Integer prio = luaL_optinteger(L, 3, 0);
    const char *gate_card, *gate_variant;
    lua_Integer gate_players;
    int gate_holder;
    read_gate(L, &gate_card, &gate_variant, &gate_players, &gate_holder);
    if (e->frozen)
        return luaL_error(L, "on: events are frozen (handlers are registered while the scripts load)");
    if (e->emitting)
        return luaL_error(L, "on: cannot register handlers while an event runs");
    int ev = script_event_index(s, name);
    if (ev < 0)
        return unknown_event(L, e, name);
    int pslot = player_slot(L, e, ev);   /* what holder and uses gates read */
    int uses;
    Handler h = { 0 };   /* its conditions read first: they may raise, before anything is allocated */
    const char *when_cards[LEVENTS_MAX_WHEN] = { NULL };
    read_event_gate(L, ev, &h, when_cards, &uses);
    lua_settop(L, 4);
    const char *chunk = "?";
    lua_Debug ar;
    if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "S", &ar))
        chunk = ar.short_src;
    if (e->nh == e->cap) {
        int ncap = e->cap ? e->cap * 2 : 16;
        Handler *nh = realloc(e->h, (size_t)ncap * sizeof *nh);
        if (!nh)
            return luaL_error(L, "on: out of memory");
        e->h = nh;
        e->cap = ncap;
    }
    lua_pushvalue(L, 2);
    int ref = luaL_ref(L, LUA_REGISTRYINDEX);  /* may raise (memory): nothing to undo */
    h.event = ev;
    h.priority = prio;
    h.seq = e->next_seq++;
    h.ref = ref;
    h.chunk = strdup(chunk);
    h.gate_card = gate_card ? strdup(gate_card) : NULL;
    h.gate_variant = gate_variant ? strdup(gate_variant) : NULL;
    h.gate_min_players = (int)gate_players;
    h.card = -1;
    h.holder_slot = gate_holder ? pslot : -1;
    h.holder_not = gate_holder < 0;
    h.uses = uses;
    h.uses_slot = uses >= 0 ? pslot : -1;
    int copied = 1;
    for (int i = 0; i < h.nwhen; i++)
        copied &= !when_cards[i] || (h.when_card[i] = strdup(when_cards[i])) != NULL;
    if (!h.chunk || (gate_card && !h.gate_card) || (gate_variant && !h.gate_variant) || !copied) {
        free_handler(&h);
        luaL_unref(L, LUA_REGISTRYINDEX, ref);
        return luaL_error(L, "on: out of memory");
    }
    e->h[e->nh++] = h;
    return 0;
}

void script_set_gate(Script *s, ScriptGateFn gate, ScriptCardFn card, void *ud)
{
    s->gate_fn = gate;
    s->card_fn = card;
    s->gate_ud = ud;
}

void script_set_variant_check(Script *s, ScriptVariantFn known)
{
    s->variant_fn = known;
}

/* ---- freeze ------------------------------------------------------------ */

static int by_event_priority(const void *a, const void *b)
{
    const Handler *x = a, *y = b;
    if (x->event != y->event)
        return x->event < y->event ? -1 : 1;
    if (x->priority != y->priority)
        return x->priority > y->priority ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static int is_dropped(const struct ScriptEvents *e, const char *chunk)
{
    for (int i = 0; i < e->ndropped; i++)
        if (strcmp(e->dropped[i], chunk) == 0)
            return 1;
    return 0;
}

/* Drops handlers of dropped chunks and resolves card gates, and the cards a
 * `when` gate names. */
static int resolve_handlers(Script *s, char *err, size_t errlen)
{
    struct ScriptEvents *e = s->events;
    int k = 0;
    for (int i = 0; i < e->nh; i++) {
        Handler *h = &e->h[i];
        if (is_dropped(e, h->chunk)) {
            luaL_unref(s->L, LUA_REGISTRYINDEX, h->ref);
            free_handler(h);
            continue;
        }
        if (h->gate_card) {
            int card = s->card_fn ? s->card_fn(s->gate_ud, h->gate_card) : -1;
            if (card == SCRIPT_CARD_REMOVED) {   /* a mod took the card out: the handler can never run */
                luaL_unref(s->L, LUA_REGISTRYINDEX, h->ref);
                free_handler(h);
                continue;
            }
            if (card < 0 || card > 63) {
                snprintf(err, errlen, "%s: on('%s', ...): no power card is called '%s'", h->chunk,
                         e->defs[h->event].name, h->gate_card);
                return -1;
            }
            h->card_bit = (uint64_t)1 << card;
            h->card = card;
        }
        int never = 0;   /* a `when` on a card a mod removed: the handler can never run */
        for (int w = 0; w < h->nwhen && !never; w++) {
            if (!h->when_card[w])
                continue;
            int card = s->card_fn ? s->card_fn(s->gate_ud, h->when_card[w]) : -1;
            never = card == SCRIPT_CARD_REMOVED;
            if (!never && card < 0) {
                snprintf(err, errlen, "%s: on('%s', ...): the gate's when names no power card '%s'", h->chunk,
                         e->defs[h->event].name, h->when_card[w]);
                return -1;
            }
            h->when_lo[w] = h->when_hi[w] = card;
        }
        if (never) {
            luaL_unref(s->L, LUA_REGISTRYINDEX, h->ref);
            free_handler(h);
            continue;
        }
        if (h->gate_variant && s->variant_fn && !s->variant_fn(s->gate_ud, h->gate_variant)) {
            snprintf(err, errlen, "%s: on('%s', ...): no variant is called '%s' (game.variant_rule declares them)",
                     h->chunk, e->defs[h->event].name, h->gate_variant);
            return -1;
        }
        e->h[k++] = *h;
    }
    e->nh = k;
    return 0;
}

int script_freeze(Script *s, char *err, size_t errlen)
{
    struct ScriptEvents *e = s->events;
    if (e->frozen)
        return 0;
    if (resolve_handlers(s, err, errlen))
        return -1;
    if (e->nh > 1)
        qsort(e->h, (size_t)e->nh, sizeof *e->h, by_event_priority);
    for (int i = 0; i < e->nh; i++) {
        EventSlot *sl = &e->slot[e->h[i].event];
        if (sl->count++ == 0)
            sl->first = i;
        const Handler *h = &e->h[i];
        int complex = h->gate_variant || h->gate_min_players > 0 || h->nstate > 0;
        sl->wants_complex |= complex;
        sl->wants_always |= !complex && !h->card_bit;
        if (!complex)
            sl->wants_cards |= h->card_bit;
    }
    if (sb_freeze_values(s, err, errlen))
        return -1;
    e->frozen = 1;
    return 0;
}

/* ---- gates ------------------------------------------------------------- */

/* ev NULL: whether the handler may run for some event of its kind (a holder
 * gate is then taken as open). */
static int gate_open(const Handler *h, const ScriptGateInfo *gi, const ScriptEvent *ev)
{
    if (h->card_bit && !(gi->cards & h->card_bit))
        return 0;
    if (h->gate_variant && (!gi->variant || strcmp(h->gate_variant, gi->variant) != 0))
        return 0;
    if (h->gate_min_players > 0 && gi->players < h->gate_min_players)
        return 0;
    for (int i = 0; ev && i < h->nwhen; i++)   /* the values as the handlers before it left them */
        if (ev->v[h->when_slot[i]] < h->when_lo[i] || ev->v[h->when_slot[i]] > h->when_hi[i])
            return 0;
    for (int i = 0; i < h->nstate; i++) {   /* the game's state as it is now */
        int32_t v = gi->state ? gi->state[h->state_slot[i]] : -1;
        if (v < 0 || v > 63 || !(h->state_values[i] >> v & 1))
            return 0;
    }
    if (h->uses >= 0 && ev && (!gi->uses_left || gi->uses_left(gi->holds_ud, h->uses, (int)ev->v[h->uses_slot]) <= 0))
        return 0;
    return h->holder_slot < 0 || !ev ||
           (gi->holds && gi->holds(gi->holds_ud, (int)ev->v[h->holder_slot], h->card) != h->holder_not);
}

static void gate_info(Script *s, ScriptGateInfo *gi)
{
    gi->cards = ~(uint64_t)0;
    gi->variant = NULL;
    gi->players = 1 << 20;
    gi->holds = NULL;
    gi->holds_ud = NULL;
    gi->state = NULL;
    gi->uses_left = NULL;
    if (s->gate_fn)
        s->gate_fn(s->gate_ud, gi);
}

ScriptWantsSummary script_wants_summary(const Script *s, int event_index)
{
    const EventSlot *sl = &s->events->slot[event_index];
    return (ScriptWantsSummary){ sl->wants_always, sl->wants_complex, sl->wants_cards };
}

int script_gates(const Script *s, int event_index, ScriptGate *out, int max)
{
    _Static_assert(SCRIPT_GATE_TERMS >= LEVENTS_MAX_STATE, "a state gate's terms fit");
    const struct ScriptEvents *e = s->events;
    const EventSlot *sl = &e->slot[event_index];
    int n = 0;
    for (int i = sl->first; i < sl->first + sl->count; i++) {
        const Handler *h = &e->h[i];
        if (!h->gate_variant && h->gate_min_players <= 0 && h->nstate == 0)
            continue;   /* not complex: in the summary's always and cards */
        if (n == max)
            return -1;
        out[n].card = h->card_bit;
        out[n].variant = h->gate_variant;
        out[n].min_players = h->gate_min_players;
        out[n].n = h->nstate;
        for (int t = 0; t < h->nstate; t++) {
            out[n].slot[t] = h->state_slot[t];
            out[n].values[t] = h->state_values[t];
        }
        n++;
    }
    return n;
}

int script_wants(Script *s, int event_index)
{
    struct ScriptEvents *e = s->events;
    const EventSlot *sl = &e->slot[event_index];
    if (sl->count == 0)
        return 0;
    if (sl->wants_always)
        return 1;
    ScriptGateInfo gi;
    gate_info(s, &gi);
    if (gi.cards & sl->wants_cards)
        return 1;
    if (!sl->wants_complex)
        return 0;
    for (int i = sl->first; i < sl->first + sl->count; i++)
        if (gate_open(&e->h[i], &gi, NULL))
            return 1;
    return 0;
}

int script_handler_count(const Script *s, int event_index)
{
    const struct ScriptEvents *e = s->events;
    if (e->frozen)
        return e->slot[event_index].count;
    int n = 0;
    for (int i = 0; i < e->nh; i++)
        n += e->h[i].event == event_index;
    return n;
}

/* ---- the ev proxies ---------------------------------------------------- */

/* Upvalue 1 of every proxy function: the EventSlot (light userdata). */
static EventSlot *proxy_slot(lua_State *L)
{
    return lua_touserdata(L, lua_upvalueindex(1));
}

static const ScriptEventDef *slot_def(lua_State *L, const EventSlot *sl)
{
    struct ScriptEvents *e = sb_script(L)->events;
    return &e->defs[sl - e->slot];
}

static ScriptEvent *live_event(lua_State *L, EventSlot *sl)
{
    if (!sl->live)
        luaL_error(L, "this '%s' event is over: use ev only inside its handler", slot_def(L, sl)->name);
    return sl->live;
}

/* The field named by the key at index 2, or raises naming the nearest one. */
static const ScriptFieldDef *find_field(lua_State *L, EventSlot *sl, const char *verb)
{
    const ScriptEventDef *def = slot_def(L, sl);
    if (lua_type(L, 2) == LUA_TSTRING) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, sl->fieldmap_ref);
        lua_pushvalue(L, 2);
        lua_rawget(L, -2);
        lua_Integer i = lua_tointeger(L, -1);
        lua_pop(L, 2);
        if (i > 0)
            return &def->fields[i - 1];
    }
    const char *key = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : luaL_typename(L, 2);
    const char *names[32];
    int n = def->nfields < 32 ? def->nfields : 32;
    for (int i = 0; i < n; i++)
        names[i] = def->fields[i].name;
    const char *near = levents_nearest(names, n, key);
    if (near)
        luaL_error(L, "cannot %s ev.%s: '%s' events have no such field (did you mean '%s'?)", verb, key,
                   def->name, near);
    luaL_error(L, "cannot %s ev.%s: '%s' events have no such field", verb, key, def->name);
    return NULL;
}

/* A list field: a table reading and writing ev.v[slot + i] for keys 0..count-1.
 * Upvalues: the EventSlot, the field index. */
static const ScriptFieldDef *list_field(lua_State *L, EventSlot *sl)
{
    return &slot_def(L, sl)->fields[lua_tointeger(L, lua_upvalueindex(2))];
}

static int list_index_of(lua_State *L, const ScriptFieldDef *f, int arg)
{
    int isint = 0;
    lua_Integer i = lua_tointegerx(L, arg, &isint);
    if (!isint || i < 0 || i >= f->count)
        luaL_error(L, "ev.%s[%s]: the index must be a player number 0..%d", f->name,
                   luaL_tolstring(L, arg, NULL), f->count - 1);
    return (int)i;
}

static int list_get(lua_State *L)
{
    EventSlot *sl = proxy_slot(L);
    const ScriptFieldDef *f = list_field(L, sl);
    ScriptEvent *ev = live_event(L, sl);
    lua_pushinteger(L, ev->v[f->slot + list_index_of(L, f, 2)]);
    return 1;
}

static void check_range(lua_State *L, const ScriptFieldDef *f, lua_Integer v)
{
    if (v < f->lo || v > f->hi)
        luaL_error(L, "ev.%s = %I: out of range (%I..%I)", f->name, v, (lua_Integer)f->lo, (lua_Integer)f->hi);
}

static int list_set(lua_State *L)
{
    EventSlot *sl = proxy_slot(L);
    const ScriptFieldDef *f = list_field(L, sl);
    ScriptEvent *ev = live_event(L, sl);
    int i = list_index_of(L, f, 2);
    if (!f->writable)
        return luaL_error(L, "ev.%s is read-only", f->name);
    int isint = 0;
    lua_Integer v = lua_tointegerx(L, 3, &isint);
    if (!isint || lua_type(L, 3) != LUA_TNUMBER)
        return luaL_error(L, "ev.%s[%d] must be an integer", f->name, i);
    check_range(L, f, v);
    ev->v[f->slot + i] = v;
    return 0;
}

static int list_len(lua_State *L)
{
    lua_pushinteger(L, list_field(L, proxy_slot(L))->count);
    return 1;
}

static int proxy_index(lua_State *L)
{
    EventSlot *sl = proxy_slot(L);
    ScriptEvent *ev = live_event(L, sl);
    if (lua_type(L, 2) == LUA_TSTRING && strcmp(lua_tostring(L, 2), "name") == 0) {
        lua_pushstring(L, slot_def(L, sl)->name);
        return 1;
    }
    const ScriptFieldDef *f = find_field(L, sl, "read");
    int64_t v = ev->v[f->slot];
    switch (f->kind) {
    case SCRIPT_FIELD_BOOL:
        lua_pushboolean(L, v != 0);
        break;
    case SCRIPT_FIELD_NAME:
        if (v >= 0 && v < *f->names->count)
            lua_pushstring(L, f->names->names[v]);
        else
            lua_pushnil(L);
        break;
    case SCRIPT_FIELD_LIST:
        lua_getmetatable(L, 1);
        lua_getfield(L, -1, f->name);   /* the list table, made with the proxy */
        break;
    default:
        lua_pushinteger(L, v);
    }
    return 1;
}

/* The value at index 3 for field f, checked against its kind and range. */
static int64_t new_value(lua_State *L, const ScriptFieldDef *f)
{
    if (f->kind == SCRIPT_FIELD_BOOL) {
        if (lua_type(L, 3) != LUA_TBOOLEAN)
            luaL_error(L, "ev.%s must be true or false, not %s", f->name, luaL_typename(L, 3));
        return lua_toboolean(L, 3);
    }
    if (f->kind == SCRIPT_FIELD_NAME) {
        const char *name = lua_type(L, 3) == LUA_TSTRING ? lua_tostring(L, 3) : NULL;
        for (int i = 0; name && i < *f->names->count; i++)
            if (strcmp(f->names->names[i], name) == 0)
                return i;
        const char *near = name ? levents_nearest(f->names->names, *f->names->count, name) : NULL;
        luaL_error(L, "ev.%s = %s: not one of its names%s%s%s", f->name, luaL_tolstring(L, 3, NULL),
                   near ? " (did you mean '" : "", near ? near : "", near ? "'?)" : "");
    }
    if (f->kind == SCRIPT_FIELD_LIST)
        luaL_error(L, "ev.%s is a list: write its items (ev.%s[player] = n)", f->name, f->name);
    int isint = 0;
    lua_Integer v = lua_tointegerx(L, 3, &isint);
    if (!isint || lua_type(L, 3) != LUA_TNUMBER)
        luaL_error(L, "ev.%s must be an integer, not %s", f->name, luaL_typename(L, 3));
    check_range(L, f, v);
    return v;
}

static int proxy_newindex(lua_State *L)
{
    EventSlot *sl = proxy_slot(L);
    ScriptEvent *ev = live_event(L, sl);
    const ScriptFieldDef *f = find_field(L, sl, "write");
    if (!f->writable)
        return luaL_error(L, "ev.%s is read-only", f->name);
    ev->v[f->slot] = new_value(L, f);
    return 0;
}

/* Pushes a table whose metatable has these C closures over (slot[, index]). */
static void push_proxy_table(lua_State *L, EventSlot *sl, lua_CFunction get, lua_CFunction set, int index)
{
    int up = index >= 0 ? 2 : 1;
    lua_newtable(L);
    lua_createtable(L, 0, 4);
    lua_pushlightuserdata(L, sl);
    if (index >= 0) lua_pushinteger(L, index);
    lua_pushcclosure(L, get, up);
    lua_setfield(L, -2, "__index");
    lua_pushlightuserdata(L, sl);
    if (index >= 0) lua_pushinteger(L, index);
    lua_pushcclosure(L, set, up);
    lua_setfield(L, -2, "__newindex");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    sb_guard_mark(L, -1, SB_GUARD_ENGINE, 0, NULL);
}

/* Protected: builds the proxy and field map of the event kind in light userdata 1. */
static int make_proxy(lua_State *L)
{
    EventSlot *sl = lua_touserdata(L, 1);
    const ScriptEventDef *def = slot_def(L, sl);
    lua_createtable(L, 0, def->nfields);
    for (int i = 0; i < def->nfields; i++) {
        lua_pushinteger(L, i + 1);
        lua_setfield(L, -2, def->fields[i].name);
    }
    sl->fieldmap_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    push_proxy_table(L, sl, proxy_index, proxy_newindex, -1);
    int mt = lua_gettop(L);
    for (int i = 0; i < def->nfields; i++) {
        if (def->fields[i].kind != SCRIPT_FIELD_LIST)
            continue;
        push_proxy_table(L, sl, list_get, list_set, i);
        lua_pushlightuserdata(L, sl);
        lua_pushinteger(L, i);
        lua_pushcclosure(L, list_len, 2);
        lua_setfield(L, -2, "__len");
        lua_setmetatable(L, -2);
        lua_setfield(L, mt, def->fields[i].name);   /* the list rides in the proxy's metatable */
    }
    lua_setmetatable(L, -2);
    sl->proxy_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    return 0;
}

static int ensure_proxy(Script *s, EventSlot *sl, char *err, size_t errlen)
{
    if (sl->proxy_ref != LUA_NOREF)
        return 0;
    lua_State *L = s->L;
    lua_pushcfunction(L, make_proxy);
    lua_pushlightuserdata(L, sl);
    if (lua_pcall(L, 1, 0, 0) != LUA_OK) {
        lua_pop(L, 1);
        if (err && errlen)
            snprintf(err, errlen, "%s: memory limit exceeded", s->events->defs[sl - s->events->slot].name);
        return -1;
    }
    return 0;
}

/* ---- emission ---------------------------------------------------------- */

int script_event_depth(const Script *s)
{
    return s->events ? s->events->emitting : 0;
}

int script_emit(Script *s, ScriptEvent *ev, char *err, size_t errlen)
{
    struct ScriptEvents *e = s->events;
    if (!ev || ev->event_index < 0 || ev->event_index >= e->count) {
        if (err && errlen)
            snprintf(err, errlen, "script_emit: bad event index");
        return -1;
    }
    EventSlot *sl = &e->slot[ev->event_index];
    if (s->unwinding) {   /* a switched-off mod's calls unwind (sb_unwind): no handler runs meanwhile */
        if (err && errlen)
            snprintf(err, errlen, "a switched-off mod's calls are unwinding");
        return -1;
    }
    if (sl->count == 0)
        return 0;
    ScriptGateInfo gi;
    gate_info(s, &gi);
    int runnable = 0;
    for (int i = sl->first; i < sl->first + sl->count && !runnable; i++)
        runnable = gate_open(&e->h[i], &gi, ev);
    if (!runnable)
        return 0;
    if (ensure_proxy(s, sl, err, errlen))
        return -1;
    lua_State *L = s->L;
    if (!lua_checkstack(L, 4)) {
        if (err && errlen)
            snprintf(err, errlen, "script_emit: Lua stack overflow");
        return -1;
    }
    ScriptEvent *outer = sl->live;
    const char *outer_chunk = e->running;
    sl->live = ev;
    e->emitting++;
    int rc = 0;
    for (int i = sl->first; i < sl->first + sl->count; i++) {
        Handler *h = &e->h[i];
        if (!gate_open(h, &gi, ev))
            continue;
        if (s->unwinding) {
            if (err && errlen)
                snprintf(err, errlen, "a switched-off mod's calls are unwinding");
            rc = -1;
            break;
        }
        h->fired++;
        e->running = h->chunk;
        lua_rawgeti(L, LUA_REGISTRYINDEX, h->ref);
        lua_rawgeti(L, LUA_REGISTRYINDEX, sl->proxy_ref);
        if (sb_pcall(s, 1, h->chunk, err, errlen) != 0) {
            rc = -1;
            break;
        }
    }
    e->emitting--;
    sl->live = outer;
    if (rc == 0)
        e->running = outer_chunk;
    return rc;
}

int script_fire_counts(const Script *s, ScriptFireCount *out, int max)
{
    const struct ScriptEvents *e = s->events;
    for (int i = 0; i < e->nh && i < max && out; i++) {
        out[i].chunk = e->h[i].chunk;
        out[i].event = e->defs[e->h[i].event].name;
        out[i].priority = e->h[i].priority;
        out[i].fired = e->h[i].fired;
    }
    return e->nh;
}

void script_reset_fire_counts(Script *s)
{
    for (int i = 0; i < s->events->nh; i++)
        s->events->h[i].fired = 0;
}
