/* Events: a fixed catalogue declared by C, handlers registered by scripts with
 * on(), dispatched by script_emit through a proxy table over ScriptEvent.
 *
 * Handlers live in one C array sorted by (event, priority desc, registration
 * order); each holds a reference in the Lua registry to its function. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "levents.h"
#include "lsandbox.h"

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
} Handler;

struct ScriptEvents {
    char   **names;
    int      count;
    int      declared;
    int      frozen;
    int      emitting;
    Handler *h;
    int      nh, cap;
    uint64_t next_seq;
};

struct ScriptEvents *levents_new(void)
{
    return calloc(1, sizeof(struct ScriptEvents));
}

void levents_free(struct ScriptEvents *e)
{
    if (!e)
        return;
    for (int i = 0; i < e->count; i++)
        free(e->names[i]);
    free(e->names);
    for (int i = 0; i < e->nh; i++) {
        free(e->h[i].chunk);
        free(e->h[i].gate_card);
        free(e->h[i].gate_variant);
    }
    free(e->h);
    free(e);
}

int script_declare_events(Script *s, const char *const *names, int count)
{
    struct ScriptEvents *e = s->events;
    if (e->declared || count < 0 || (count > 0 && !names))
        return -1;
    for (int i = 0; i < count; i++) {
        if (!names[i] || !names[i][0])
            return -1;
        for (int j = 0; j < i; j++)
            if (strcmp(names[i], names[j]) == 0)
                return -1;
    }
    e->names = calloc((size_t)(count ? count : 1), sizeof *e->names);
    if (!e->names)
        return -1;
    for (int i = 0; i < count; i++) {
        e->names[i] = strdup(names[i]);
        if (!e->names[i]) {
            for (int j = 0; j < i; j++)
                free(e->names[j]);
            free(e->names);
            e->names = NULL;
            return -1;
        }
    }
    e->count = count;
    e->declared = 1;
    return 0;
}

int script_event_index(const Script *s, const char *name)
{
    const struct ScriptEvents *e = s->events;
    for (int i = 0; name && i < e->count; i++)
        if (strcmp(e->names[i], name) == 0)
            return i;
    return -1;
}

void script_freeze(Script *s)
{
    s->events->frozen = 1;
}

int script_is_frozen(const Script *s)
{
    return s->events->frozen;
}

int levents_lua_on(lua_State *L)
{
    Script *s = sb_script(L);
    struct ScriptEvents *e = s->events;
    const char *name = luaL_checkstring(L, 1);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_Integer prio = luaL_optinteger(L, 3, 0);
    const char *gate_card = NULL, *gate_variant = NULL;
    lua_Integer gate_players = 0;
    if (lua_type(L, 4) == LUA_TSTRING) {
        gate_card = lua_tostring(L, 4);
    } else if (!lua_isnoneornil(L, 4)) {
        luaL_checktype(L, 4, LUA_TTABLE);
        lua_getfield(L, 4, "card");
        gate_card = lua_tostring(L, -1);       /* the table keeps the string alive */
        lua_getfield(L, 4, "variant");
        gate_variant = lua_tostring(L, -1);
        lua_getfield(L, 4, "min_players");
        gate_players = luaL_optinteger(L, -1, 0);
        lua_pop(L, 3);   /* the strings stay alive: the table at 4 holds them */
    }
    if (e->frozen)
        return luaL_error(L, "events are frozen");
    if (e->emitting)
        return luaL_error(L, "on: cannot register handlers while an event runs");
    int ev = script_event_index(s, name);
    if (ev < 0)
        return luaL_error(L, "on: unknown event '%s'", name);
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
    char *chunk_copy = strdup(chunk);
    char *card_copy = gate_card ? strdup(gate_card) : NULL;
    char *variant_copy = gate_variant ? strdup(gate_variant) : NULL;
    if (!chunk_copy || (gate_card && !card_copy) || (gate_variant && !variant_copy)) {
        free(chunk_copy);
        free(card_copy);
        free(variant_copy);
        luaL_unref(L, LUA_REGISTRYINDEX, ref);
        return luaL_error(L, "on: out of memory");
    }
    Handler h = { ev, prio, e->next_seq++, 0, ref, chunk_copy, card_copy, variant_copy, (int)gate_players };
    int pos = e->nh;
    while (pos > 0) {
        Handler *p = &e->h[pos - 1];
        if (p->event < ev || (p->event == ev && p->priority >= prio))
            break;
        pos--;
    }
    memmove(&e->h[pos + 1], &e->h[pos], (size_t)(e->nh - pos) * sizeof *e->h);
    e->h[pos] = h;
    e->nh++;
    return 0;
}

void script_set_gate(Script *s, ScriptGateFn fn, void *ud)
{
    s->gate_fn = fn;
    s->gate_ud = ud;
}

static int gate_open(Script *s, const Handler *h, const ScriptEvent *ev)
{
    if (!h->gate_card && !h->gate_variant && h->gate_min_players <= 0)
        return 1;
    if (!s->gate_fn)
        return 1;
    return s->gate_fn(s->gate_ud, h->gate_card, h->gate_variant, h->gate_min_players, ev);
}

int script_wants(Script *s, int event_index)
{
    struct ScriptEvents *e = s->events;
    for (int i = 0; i < e->nh; i++)
        if (e->h[i].event == event_index && gate_open(s, &e->h[i], NULL))
            return 1;
    return 0;
}

int script_handler_count(const Script *s, int event_index)
{
    const struct ScriptEvents *e = s->events;
    int n = 0;
    for (int i = 0; i < e->nh; i++)
        if (e->h[i].event == event_index)
            n++;
    return n;
}

/* ---- The ev proxy ------------------------------------------------------ */

static ScriptEvent *proxy_event(lua_State *L)
{
    ScriptEvent *ev = lua_touserdata(L, lua_upvalueindex(1));
    if (!ev)
        luaL_error(L, "event is no longer live");
    return ev;
}

static int find_field(ScriptEvent *ev, const char *k)
{
    for (int i = 0; i < ev->nfields && i < SCRIPT_EVENT_MAX_FIELDS; i++)
        if (ev->fields[i].name && strcmp(ev->fields[i].name, k) == 0)
            return i;
    return -1;
}

static int proxy_index(lua_State *L)
{
    ScriptEvent *ev = proxy_event(L);
    const char *k = lua_tostring(L, 2);
    if (lua_type(L, 2) != LUA_TSTRING)
        return 0;
    if (strcmp(k, "name") == 0) {
        Script *s = sb_script(L);
        lua_pushstring(L, s->events->names[ev->event_index]);
        return 1;
    }
    int i = find_field(ev, k);
    if (i < 0)
        return 0;
    lua_pushinteger(L, ev->fields[i].value);
    return 1;
}

static int proxy_newindex(lua_State *L)
{
    ScriptEvent *ev = proxy_event(L);
    const char *k = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : "?";
    int i = lua_type(L, 2) == LUA_TSTRING ? find_field(ev, k) : -1;
    if (i < 0)
        return luaL_error(L, "ev.%s: unknown field", k);
    if (!ev->fields[i].writable)
        return luaL_error(L, "ev.%s is read-only", k);
    int isint = 0;
    lua_Integer v = lua_tointegerx(L, 3, &isint);
    if (!isint || lua_type(L, 3) != LUA_TNUMBER)
        return luaL_error(L, "ev.%s must be an integer", k);
    ev->fields[i].value = v;
    return 0;
}

/* Protected: builds the proxy for the event in upvalue-free light userdata 1. */
static int make_proxy(lua_State *L)
{
    void *ev = lua_touserdata(L, 1);
    lua_newtable(L);                /* proxy */
    lua_createtable(L, 2, 3);       /* metatable */
    lua_pushlightuserdata(L, ev);
    lua_pushcclosure(L, proxy_index, 1);
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, 1);
    lua_setfield(L, -2, "__index");
    lua_pushlightuserdata(L, ev);
    lua_pushcclosure(L, proxy_newindex, 1);
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, 2);
    lua_setfield(L, -2, "__newindex");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
    return 1;
}

int script_emit(Script *s, ScriptEvent *ev, char *err, size_t errlen)
{
    struct ScriptEvents *e = s->events;
    if (!ev || ev->event_index < 0 || ev->event_index >= e->count) {
        if (err && errlen)
            snprintf(err, errlen, "script_emit: bad event index");
        return -1;
    }
    int first = -1, last = -1, runnable = 0;
    for (int i = 0; i < e->nh; i++) {
        if (e->h[i].event == ev->event_index) {
            if (first < 0) first = i;
            last = i;
            runnable += gate_open(s, &e->h[i], ev);
        }
    }
    if (runnable == 0)
        return 0;
    lua_State *L = s->L;
    if (!lua_checkstack(L, 4)) {
        if (err && errlen)
            snprintf(err, errlen, "script_emit: Lua stack overflow");
        return -1;
    }
    lua_pushcfunction(L, make_proxy);
    lua_pushlightuserdata(L, ev);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
        if (err && errlen)
            snprintf(err, errlen, "%s: memory limit exceeded", e->names[ev->event_index]);
        lua_pop(L, 1);
        return -1;
    }
    int proxy = lua_gettop(L);
    int rc = 0;
    e->emitting++;
    for (int i = first; i <= last; i++) {
        Handler *h = &e->h[i];
        if (h->event != ev->event_index || !gate_open(s, h, ev))
            continue;
        h->fired++;
        lua_rawgeti(L, LUA_REGISTRYINDEX, h->ref);
        lua_pushvalue(L, proxy);
        if (sb_pcall(s, 1, h->chunk, err, errlen) != 0) {
            rc = -1;
            break;
        }
    }
    e->emitting--;
    /* Kill the proxy: a handler may have kept it. */
    lua_getmetatable(L, proxy);
    for (int k = 1; k <= 2; k++) {
        lua_rawgeti(L, -1, k);
        lua_pushnil(L);
        lua_setupvalue(L, -2, 1);
        lua_pop(L, 1);
    }
    lua_settop(L, proxy - 1);
    return rc;
}

int script_fire_counts(const Script *s, ScriptFireCount *out, int max)
{
    const struct ScriptEvents *e = s->events;
    for (int i = 0; i < e->nh && i < max && out; i++) {
        out[i].chunk = e->h[i].chunk;
        out[i].event = e->names[e->h[i].event];
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
