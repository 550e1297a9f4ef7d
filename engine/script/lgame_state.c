/* game.state: the state a rules script keeps between events, declared once
 * while the script loads, stored in the Game (so saved, hashed and copied
 * with every clone), typed, and namespaced by declaration (each call returns
 * its own table; names never meet another script's).
 *
 *   local S = game.state{
 *     stage = 0,                           -- an integer, starting at 0
 *     started = false,                     -- a boolean
 *     spot = game.place(),                 -- a place ({q, r} or nil), moved with the land
 *     used = game.per_player(false),       -- one value per seat: S.used[p]
 *     bank = game.per_player{ moves = 0, points = 0 },
 *     spots = game.list(game.place(), 8),  -- up to 8: #S.spots, S.spots[i], :add, :remove, :clear
 *   }
 *
 * A declaration compiles to StateNodes (session.h) over consecutive slots of
 * Game.state. A composite value (record, per_player, list) reads as a proxy:
 * a table whose metatable reads and writes the slots of the game being
 * handled, checking kinds and ranges. */
#include "lgame.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lsandbox.h"
#include "query.h"

#define STATE_MARKER_KEY "volcanique.state.marker"   /* metatable of place()/per_player()/list() */
#define STATE_PROXY_KEY "volcanique.state.proxy"     /* metatable of state proxies */
#define MAX_DEPTH 4

static int proxy_key;   /* its address keys the (node, base) of a proxy */

/* ---- declaring ---- */

static int new_node(lua_State *L, Session *s)
{
    if (s->state_node_count >= SESSION_MAX_STATE_NODES)
        luaL_error(L, "game.state: declarations too large (%d nodes)", SESSION_MAX_STATE_NODES);
    memset(&s->state_nodes[s->state_node_count], 0, sizeof s->state_nodes[0]);
    return s->state_node_count++;
}

/* What game.place(), game.per_player() and game.list() return: an opaque
 * userdata (a script can neither read nor change its fields), with the
 * element's declaration as its user value. */
typedef struct StateMarker {
    int kind;                  /* STATE_PLACE, STATE_PER_PLAYER or STATE_LIST */
    int cap;                   /* STATE_LIST: 1..LIST_CAP, checked when made */
} StateMarker;

#define LIST_CAP 256

/* The marker at idx, or NULL when the value is not one. */
static const StateMarker *marker_at(lua_State *L, int idx)
{
    return luaL_testudata(L, idx, STATE_MARKER_KEY);
}

static int marker_kind(lua_State *L, int idx)
{
    const StateMarker *m = marker_at(L, idx);
    return m ? m->kind : -1;
}

int lgame_state_is_place(lua_State *L, int idx)
{
    return marker_kind(L, idx) == STATE_PLACE;
}

/* Raises unless a node of `size` slots fits in Game.state: sizes are
 * computed in int from sizes already checked, so nothing wraps. */
static int checked_size(lua_State *L, long size)
{
    if (size > STATE_SLOTS)
        luaL_error(L, "game.state: this declaration needs %d values; all scripts together may keep %d", (int)size,
                   STATE_SLOTS);
    return (int)size;
}

static int by_string(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void compile_into(lua_State *L, Session *s, int idx, int node, int depth);

/* A record: its string keys sorted (so every process lays it out alike). */
static void compile_record(lua_State *L, Session *s, int idx, int node, int depth)
{
    const char *keys[64];
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING)
            luaL_error(L, "game.state: a table's fields are named by strings (for lists use game.list)");
        if (n >= 64)
            luaL_error(L, "game.state: at most 64 fields in one table");
        keys[n++] = lua_tostring(L, -1);   /* the declaration table keeps the strings alive */
    }
    qsort(keys, (size_t)n, sizeof keys[0], by_string);
    int first = s->state_node_count;
    for (int i = 0; i < n; i++)
        new_node(L, s);
    long size = 0;
    for (int i = 0; i < n; i++) {
        if (strlen(keys[i]) >= sizeof s->state_nodes[0].name)
            luaL_error(L, "game.state: the name '%s' is longer than 23 characters", keys[i]);
        lua_getfield(L, idx, keys[i]);
        compile_into(L, s, lua_gettop(L), first + i, depth + 1);
        lua_pop(L, 1);
        StateNode *f = &s->state_nodes[first + i];
        snprintf(f->name, sizeof f->name, "%s", keys[i]);
        f->offset = (uint16_t)size;
        size = checked_size(L, size + f->size);
    }
    StateNode *r = &s->state_nodes[node];
    r->kind = STATE_RECORD;
    r->first = (uint16_t)first;
    r->count = (uint16_t)n;
    r->size = (uint16_t)size;
}

static void compile_marker(lua_State *L, Session *s, int idx, int node, const StateMarker *m, int depth)
{
    StateNode *nd = &s->state_nodes[node];
    nd->kind = (uint8_t)m->kind;
    nd->size = 1;
    if (m->kind == STATE_PLACE)
        return;
    int cap = m->cap;   /* read before any script value is compiled */
    lua_getiuservalue(L, idx, 1);
    int of = new_node(L, s);
    compile_into(L, s, lua_gettop(L), of, depth + 1);
    lua_pop(L, 1);
    nd = &s->state_nodes[node];
    nd->of = (uint16_t)of;
    long each = s->state_nodes[of].size;
    if (m->kind == STATE_PER_PLAYER) {
        nd->size = (uint16_t)checked_size(L, each * MAX_PLAYERS);
    } else {
        nd->cap = (uint16_t)cap;
        nd->size = (uint16_t)checked_size(L, 1 + each * cap);
    }
}

static void compile_into(lua_State *L, Session *s, int idx, int node, int depth)
{
    if (depth > MAX_DEPTH)
        luaL_error(L, "game.state: nested deeper than %d levels", MAX_DEPTH);
    StateNode *nd = &s->state_nodes[node];
    const StateMarker *m;
    switch (lua_type(L, idx)) {
    case LUA_TNUMBER: {
        int isint = 0;
        lua_Integer v = lua_tointegerx(L, idx, &isint);
        if (!isint || v < INT32_MIN || v > INT32_MAX)
            luaL_error(L, "game.state: numbers are 32-bit integers (got %s)", lua_tostring(L, idx));
        nd->kind = STATE_INT;
        nd->size = 1;
        nd->def = (int32_t)v;
        break;
    }
    case LUA_TBOOLEAN:
        nd->kind = STATE_BOOL;
        nd->size = 1;
        nd->def = lua_toboolean(L, idx);
        break;
    case LUA_TTABLE:
        compile_record(L, s, idx, node, depth);
        break;
    case LUA_TUSERDATA:
        if ((m = marker_at(L, idx)) != NULL) {
            compile_marker(L, s, idx, node, m, depth);
            break;
        }
        /* fall through */
    default:
        luaL_error(L, "game.state: a value is an integer, a boolean, game.place(), game.per_player(...), "
                      "game.list(...) or a table of those (got %s)", luaL_typename(L, idx));
    }
}

/* Writes the non-zero starting values of node at slot base into the rules. */
static void add_defaults(lua_State *L, Session *s, int node, int base)
{
    const StateNode *nd = &s->state_nodes[node];
    Rules *r = &s->rules;
    switch (nd->kind) {
    case STATE_INT:
    case STATE_BOOL:
        if (nd->def == 0)
            return;
        if (r->state_init_count >= STATE_INITS)
            luaL_error(L, "game.state: at most %d values may start other than 0 or false", STATE_INITS);
        r->state_init_slot[r->state_init_count] = (uint16_t)base;
        r->state_init_value[r->state_init_count++] = nd->def;
        return;
    case STATE_PLACE:
        r->state_places[base >> 3] |= (uint8_t)(1 << (base & 7));
        return;
    case STATE_RECORD:
        for (int i = 0; i < nd->count; i++)
            add_defaults(L, s, nd->first + i, base + s->state_nodes[nd->first + i].offset);
        return;
    case STATE_PER_PLAYER:
        for (int p = 0; p < MAX_PLAYERS; p++)
            add_defaults(L, s, nd->of, base + p * s->state_nodes[nd->of].size);
        return;
    default:   /* a list: items exist once added; place items still need their flag */
        for (int i = 0; i < nd->cap; i++)
            add_defaults(L, s, nd->of, base + 1 + i * s->state_nodes[nd->of].size);
    }
}

static void push_proxy(lua_State *L, int node, int base)
{
    lua_createtable(L, 0, 1);
    lua_pushinteger(L, ((lua_Integer)node << 16) | base);
    lua_rawsetp(L, -2, &proxy_key);
    luaL_getmetatable(L, STATE_PROXY_KEY);
    lua_setmetatable(L, -2);
}

/* push_proxy for a part of the proxy at argument 1, which has the metatable. */
static void push_part_proxy(lua_State *L, int node, int base)
{
    lua_createtable(L, 0, 1);
    lua_pushinteger(L, ((lua_Integer)node << 16) | base);
    lua_rawsetp(L, -2, &proxy_key);
    lua_getmetatable(L, 1);
    lua_setmetatable(L, -2);
}

/* How many values of node start other than 0 or false (add_defaults' count). */
static long count_defaults(const Session *s, int node)
{
    const StateNode *nd = &s->state_nodes[node];
    long n = 0;
    switch (nd->kind) {
    case STATE_INT:
    case STATE_BOOL:
        return nd->def != 0;
    case STATE_RECORD:
        for (int i = 0; i < nd->count; i++)
            n += count_defaults(s, nd->first + i);
        return n;
    case STATE_PER_PLAYER:
        return MAX_PLAYERS * count_defaults(s, nd->of);
    case STATE_LIST:
        return nd->cap * count_defaults(s, nd->of);
    default:
        return 0;
    }
}

/* Protected: compiles the declaration at 1 and pushes its root node. */
static int compile_p(lua_State *L)
{
    Session *s = lgame_session(L);
    int root = new_node(L, s);
    compile_into(L, s, 1, root, 0);
    lua_pushinteger(L, root);
    return 1;
}

/** game.state(declaration) -> this script's state (see the top of this file) */
static int l_state(lua_State *L)
{
    lgame_check_loading(L, "game.state");
    Session *s = lgame_session(L);
    if (marker_kind(L, 1) >= 0)
        return luaL_error(L, "game.state: declare a table of named values, e.g. game.state{ used = game.per_player(false) }");
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    int nodes = s->state_node_count;   /* a refused declaration leaves no node behind */
    lua_pushcfunction(L, compile_p);
    lua_pushvalue(L, 1);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
        s->state_node_count = nodes;
        return lua_error(L);
    }
    int root = (int)lua_tointeger(L, -1);
    int base = s->rules.state_used, size = s->state_nodes[root].size;
    const char *refuse = NULL;
    if (base + size > STATE_SLOTS)
        refuse = "game.state: this declaration needs %d values; all scripts together may keep %d and %d are taken";
    long inits = count_defaults(s, root);
    if (!refuse && s->rules.state_init_count + inits > STATE_INITS)
        refuse = "game.state: this declaration has %d values starting other than 0 or false; all scripts together "
                 "may have %d and %d are taken";
    if (refuse) {
        s->state_node_count = nodes;
        if (base + size > STATE_SLOTS)
            return luaL_error(L, refuse, size, STATE_SLOTS, base);
        return luaL_error(L, refuse, (int)inits, STATE_INITS, s->rules.state_init_count);
    }
    add_defaults(L, s, root, base);
    s->rules.state_used = (uint16_t)(base + size);
    push_proxy(L, root, base);
    return 1;
}

/* Pushes a marker of `kind` whose element is the value at `of` (0: none). */
static void push_marker(lua_State *L, int kind, int of, int cap)
{
    of = of ? lua_absindex(L, of) : 0;
    StateMarker *m = lua_newuserdatauv(L, sizeof *m, 1);
    m->kind = kind;
    m->cap = cap;
    luaL_setmetatable(L, STATE_MARKER_KEY);
    if (of) {
        lua_pushvalue(L, of);
        lua_setiuservalue(L, -2, 1);
    }
}

/** game.place() -> the type of a place value (nil until set) */
static int l_place(lua_State *L)
{
    push_marker(L, STATE_PLACE, 0, 0);
    return 1;
}

/** game.per_player(value) -> one value per seat, each starting as `value` */
static int l_per_player(lua_State *L)
{
    luaL_checkany(L, 1);
    push_marker(L, STATE_PER_PLAYER, 1, 0);
    return 1;
}

/** game.list(item, capacity) -> a list of up to `capacity` items like `item` */
static int l_list(lua_State *L)
{
    luaL_checkany(L, 1);
    lua_Integer cap = lgame_check_range(L, 2, 1, LIST_CAP);
    push_marker(L, STATE_LIST, 1, (int)cap);
    return 1;
}

/* ---- reading and writing ---- */

static void proxy_of(lua_State *L, int idx, int *node, int *base)
{
    lua_rawgetp(L, idx, &proxy_key);
    lua_Integer v = lua_tointeger(L, -1);
    lua_pop(L, 1);
    *node = (int)(v >> 16);
    *base = (int)(v & 0xffff);
}

static bool scalar(const StateNode *nd)
{
    return nd->kind == STATE_INT || nd->kind == STATE_BOOL || nd->kind == STATE_PLACE;
}

/* Pushes the value of node at slot base in the game being handled. */
static void push_value(lua_State *L, Session *s, int node, int base)
{
    const StateNode *nd = &s->state_nodes[node];
    if (!scalar(nd)) {
        push_part_proxy(L, node, base);
        return;
    }
    int32_t v = lgame_current(L)->state[base];
    if (nd->kind == STATE_BOOL)
        lua_pushboolean(L, v != 0);
    else if (nd->kind == STATE_PLACE && v > 0 && v <= BOARD_CELLS)
        lgame_push_place(L, v - 1);
    else if (nd->kind == STATE_PLACE)
        lua_pushnil(L);
    else
        lua_pushinteger(L, v);
}

/* The slot value for the Lua value at idx, checked against node's kind. */
static int32_t slot_value(lua_State *L, const StateNode *nd, int idx, const char *what)
{
    if (nd->kind == STATE_BOOL) {
        if (lua_type(L, idx) != LUA_TBOOLEAN)
            luaL_error(L, "state %s must be true or false, not %s", what, luaL_typename(L, idx));
        return lua_toboolean(L, idx);
    }
    if (nd->kind == STATE_PLACE) {
        if (lua_isnil(L, idx))
            return 0;
        if (lua_type(L, idx) != LUA_TTABLE)
            luaL_error(L, "state %s must be a place {q = .., r = ..} or nil, not %s", what, luaL_typename(L, idx));
        return lgame_check_place(L, idx) + 1;
    }
    if (nd->kind != STATE_INT)
        luaL_error(L, "state %s holds several values: assign them one by one", what);
    int isint = 0;
    lua_Integer v = lua_tointegerx(L, idx, &isint);
    if (!isint || lua_type(L, idx) != LUA_TNUMBER)
        luaL_error(L, "state %s must be an integer, not %s", what, luaL_typename(L, idx));
    if (v < INT32_MIN || v > INT32_MAX)
        luaL_error(L, "state %s = %I is out of the 32-bit range", what, v);
    return (int32_t)v;
}

static void write_value(lua_State *L, Session *s, int node, int base, int idx, const char *what)
{
    int32_t v = slot_value(L, &s->state_nodes[node], idx, what);
    lgame_mutable(L, "state")->state[base] = v;
}

/* The node of record rec's field called name, or -1. */
static int record_field(const Session *s, const StateNode *rec, const char *name)
{
    for (int i = 0; i < rec->count; i++)
        if (strcmp(s->state_nodes[rec->first + i].name, name) == 0)
            return rec->first + i;
    return -1;
}

/* A list's length: slot 0 of the list, within 0..cap whatever the slot holds. */
static int list_length(const Game *g, const StateNode *list, int base)
{
    int32_t len = g->state[base];
    return len < 0 ? 0 : len > list->cap ? list->cap : (int)len;
}

/* The element node and slot of key k (at idx) in the composite node at base,
 * or -1 when a list has no such item (read: nil). Raises on a bad key. */
static int element(lua_State *L, Session *s, int node, int base, int idx, int *slot)
{
    const StateNode *nd = &s->state_nodes[node];
    if (nd->kind == STATE_RECORD) {
        const char *k = lua_tostring(L, idx);
        int f = k ? record_field(s, nd, k) : -1;
        if (f < 0)
            luaL_error(L, "state has no field '%s'", k ? k : luaL_typename(L, idx));
        *slot = base + s->state_nodes[f].offset;
        return f;
    }
    int isint = 0;
    lua_Integer i = lua_tointegerx(L, idx, &isint);
    int each = s->state_nodes[nd->of].size;
    if (nd->kind == STATE_PER_PLAYER) {
        if (!isint || i < 0 || i >= MAX_PLAYERS)
            luaL_error(L, "per-player state is indexed by player number (0..%d)", MAX_PLAYERS - 1);
        *slot = base + (int)i * each;
        return nd->of;
    }
    int len = list_length(lgame_current(L), nd, base);
    if (!isint || i < 1 || i > len)
        return -1;
    *slot = base + 1 + ((int)i - 1) * each;
    return nd->of;
}

static int proxy_index(lua_State *L)
{
    Session *s = lgame_session(L);
    int node, base, slot;
    proxy_of(L, 1, &node, &base);
    if (s->state_nodes[node].kind == STATE_LIST && lua_type(L, 2) == LUA_TSTRING) {
        lua_getmetatable(L, 1);
        lua_getfield(L, -1, "methods");
        lua_getfield(L, -1, lua_tostring(L, 2));
        return 1;
    }
    int el = element(L, s, node, base, 2, &slot);
    if (el < 0)
        lua_pushnil(L);
    else
        push_value(L, s, el, slot);
    return 1;
}

static int proxy_newindex(lua_State *L)
{
    Session *s = lgame_session(L);
    int node, base, slot;
    proxy_of(L, 1, &node, &base);
    int el = element(L, s, node, base, 2, &slot);
    if (el < 0)
        return luaL_error(L, "a list's items are added with :add (it has %d)",
                          list_length(lgame_current(L), &s->state_nodes[node], base));
    write_value(L, s, el, slot, 3, lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : "item");
    return 0;
}

static int proxy_len(lua_State *L)
{
    Session *s = lgame_session(L);
    int node, base;
    proxy_of(L, 1, &node, &base);
    const StateNode *nd = &s->state_nodes[node];
    lua_pushinteger(L, nd->kind == STATE_LIST ? list_length(lgame_current(L), nd, base)
                       : nd->kind == STATE_PER_PLAYER ? lgame_current(L)->players : nd->count);
    return 1;
}

/* The list at argument 1: its node and base. Raises when it is not a list. */
static const StateNode *check_list(lua_State *L, Session *s, int *node, int *base)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    proxy_of(L, 1, node, base);
    const StateNode *nd = &s->state_nodes[*node];
    if (nd->kind != STATE_LIST)
        luaL_error(L, "not a state list (call it as list:add(...))");
    return nd;
}

/** list:add(value) appends an item (a table of fields for records) */
static int list_add(lua_State *L)
{
    Session *s = lgame_session(L);
    int node, base;
    const StateNode *nd = check_list(L, s, &node, &base);
    Game *g = lgame_mutable(L, "state");
    int len = list_length(g, nd, base), each = s->state_nodes[nd->of].size;
    if (len >= nd->cap)
        return luaL_error(L, "state list is full (%d items)", nd->cap);
    int slot = base + 1 + len * each;
    const StateNode *of = &s->state_nodes[nd->of];
    if (scalar(of)) {
        write_value(L, s, nd->of, slot, 2, "item");
    } else if (of->kind == STATE_RECORD) {
        memset(&g->state[slot], 0, sizeof g->state[0] * (size_t)each);
        for (int i = 0; i < of->count; i++)
            if (lua_istable(L, 2)) {
                const StateNode *f = &s->state_nodes[of->first + i];
                lua_getfield(L, 2, f->name);
                if (!lua_isnil(L, -1) || f->kind == STATE_PLACE)
                    write_value(L, s, of->first + i, slot + f->offset, lua_gettop(L), f->name);
                else
                    g->state[slot + f->offset] = f->def;
                lua_pop(L, 1);
            }
    } else {
        return luaL_error(L, "list:add: items of this list are filled in after adding");
    }
    g->state[base] = len + 1;
    return 0;
}

/** list:remove(i) removes item i (later items move up) */
static int list_remove(lua_State *L)
{
    Session *s = lgame_session(L);
    int node, base;
    const StateNode *nd = check_list(L, s, &node, &base);
    Game *g = lgame_mutable(L, "state");
    int len = list_length(g, nd, base), each = s->state_nodes[nd->of].size;
    int i = (int)lgame_check_range(L, 2, 1, len > 0 ? len : 1);
    if (len == 0)
        return luaL_error(L, "list:remove: the list is empty");
    int32_t *items = &g->state[base + 1];
    memmove(&items[(i - 1) * each], &items[i * each], sizeof *items * (size_t)((len - i) * each));
    g->state[base] = len - 1;
    return 0;
}

/** list:clear() removes every item */
static int list_clear(lua_State *L)
{
    Session *s = lgame_session(L);
    int node, base;
    check_list(L, s, &node, &base);
    lgame_mutable(L, "state")->state[base] = 0;
    return 0;
}

/** list:find(value) -> the index of the first item equal to value, or nil */
static int list_find(lua_State *L)
{
    Session *s = lgame_session(L);
    int node, base;
    const StateNode *nd = check_list(L, s, &node, &base);
    const StateNode *of = &s->state_nodes[nd->of];
    if (!scalar(of))
        return luaL_error(L, "list:find works on lists of integers, booleans or places");
    int32_t want = slot_value(L, of, 2, "item");
    const Game *g = lgame_current(L);
    for (int i = 0, len = list_length(g, nd, base); i < len; i++)
        if (g->state[base + 1 + i] == want) {
            lua_pushinteger(L, i + 1);
            return 1;
        }
    lua_pushnil(L);
    return 1;
}

/* The metatables live in the registry, made on first use. */
static void ensure_metatables(lua_State *L)
{
    if (luaL_getmetatable(L, STATE_PROXY_KEY) != LUA_TNIL) {
        lua_pop(L, 1);
        return;
    }
    lua_pop(L, 1);
    luaL_newmetatable(L, STATE_MARKER_KEY);
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
    /* The session is every function's upvalue, as for the game.* functions:
     * state reads are frequent, and the registry lookup was most of one. */
    Session *s = lgame_session(L);
    luaL_newmetatable(L, STATE_PROXY_KEY);
    static const luaL_Reg META[] = { { "__index", proxy_index }, { "__newindex", proxy_newindex },
                                     { "__len", proxy_len }, { NULL, NULL } };
    lua_pushlightuserdata(L, s);
    luaL_setfuncs(L, META, 1);
    static const luaL_Reg METHODS[] = { { "add", list_add }, { "remove", list_remove },
                                        { "clear", list_clear }, { "find", list_find }, { NULL, NULL } };
    luaL_newlibtable(L, METHODS);
    lua_pushlightuserdata(L, s);
    luaL_setfuncs(L, METHODS, 1);
    lua_setfield(L, -2, "methods");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    sb_guard_mark(L, -1, SB_GUARD_ENGINE, 0, NULL);
    lua_pop(L, 1);
}

/* Whether the value at idx is a state table (a game.state proxy). */
static bool is_state_proxy(lua_State *L, int idx)
{
    bool is = false;
    if (lua_getmetatable(L, idx)) {
        luaL_getmetatable(L, STATE_PROXY_KEY);
        is = lua_rawequal(L, -1, -2);
        lua_pop(L, 2);
    }
    return is;
}

int lgame_state_slot(lua_State *L, int idx, const char *path)
{
    Session *s = lgame_session(L);
    idx = lua_absindex(L, idx);
    if (!is_state_proxy(L, idx))
        return luaL_error(L, "not a table game.state returned (looking for '%s')", path);
    int node, base;
    proxy_of(L, idx, &node, &base);
    for (const char *p = path; *p;) {
        size_t n = strcspn(p, ".");
        char key[32];
        snprintf(key, sizeof key, "%.*s", (int)n, p);
        if (key[0] >= '0' && key[0] <= '9')
            lua_pushinteger(L, atoi(key));
        else
            lua_pushstring(L, key);
        int slot;
        node = element(L, s, node, base, lua_gettop(L), &slot);
        lua_pop(L, 1);
        if (node < 0 || s->state_nodes[node].kind == STATE_LIST)
            return luaL_error(L, "state has no fixed slot at '%s'", path);
        base = slot;
        p += n + (p[n] == '.');
    }
    if (!scalar(&s->state_nodes[node]))
        return luaL_error(L, "state '%s' holds several values", path);
    return base;
}

/* LeventsStateSlotFn for on()'s state gates: the slot of `field`, an integer
 * or boolean field of the game.state table at idx. */
int lgame_state_gate_slot(lua_State *L, int idx, const char *field)
{
    Session *s = lgame_session(L);
    if (!is_state_proxy(L, idx))
        return luaL_error(L, "on: the gate's state: its first item is a table game.state returned");
    int node, base;
    proxy_of(L, idx, &node, &base);
    const StateNode *nd = &s->state_nodes[node];
    int f = nd->kind == STATE_RECORD ? record_field(s, nd, field) : -1;
    if (f < 0)
        return luaL_error(L, "on: the gate's state has no field '%s'", field);
    if (s->state_nodes[f].kind != STATE_INT && s->state_nodes[f].kind != STATE_BOOL)
        return luaL_error(L, "on: the gate's state: '%s' is not an integer or boolean field", field);
    return base + s->state_nodes[f].offset;
}

static int l_state_entry(lua_State *L) { ensure_metatables(L); return l_state(L); }
static int l_place_entry(lua_State *L) { ensure_metatables(L); return l_place(L); }
static int l_per_player_entry(lua_State *L) { ensure_metatables(L); return l_per_player(L); }
static int l_list_entry(lua_State *L) { ensure_metatables(L); return l_list(L); }

const luaL_Reg LGAME_STATE_FUNCS[] = {
    { "state", l_state_entry },
    { "place", l_place_entry },
    { "per_player", l_per_player_entry },
    { "list", l_list_entry },
    { NULL, NULL },
};
