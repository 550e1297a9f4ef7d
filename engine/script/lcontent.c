/* Loading content/NAME.lua into a Rules value (see content.h).
 *
 * Each file runs in a data-only sandbox state (sb_new_data): the memory cap,
 * instruction budget, string cap and time limit of scripts, but no libraries
 * and an empty environment. Reading the returned tables happens inside one
 * protected call, so a failure anywhere (a bad field, or memory running out)
 * unwinds through Lua's own error handling. */
#include "content.h"

#include <lauxlib.h>
#include <lua.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "game.h"
#include "lsandbox.h"

/* Reading state: the file being read and a field path for messages. */
typedef struct Reader {
    Script *script;
    lua_State *L;
    const char *file;
    char path[128];
    char *err;
    int errlen;
    int failed;     /* err holds the message of a refusal */
} Reader;

/* Refuses the current field: writes the message and unwinds the read. */
static void fail(Reader *r, const char *fmt, const char *detail)
{
    char msg[256];
    snprintf(msg, sizeof msg, fmt, detail);
    snprintf(r->err, (size_t)r->errlen, "%s: %s%s%s", r->file, r->path, r->path[0] ? ": " : "", msg);
    r->failed = 1;
    lua_pushliteral(r->L, "content refused");
    lua_error(r->L);
}

/* Runs content_dir/name and leaves its returned table on the stack. */
static void load_file(Reader *r, const char *dir, const char *name, char *pathbuf, size_t pathlen)
{
    snprintf(pathbuf, pathlen, "%s/%s", dir, name);
    r->file = pathbuf;
    r->path[0] = 0;
    lua_settop(r->L, 0);
    if (sb_run_data(r->script, pathbuf, pathbuf, r->err, (size_t)r->errlen) != 0) {
        r->failed = 1;
        lua_pushliteral(r->L, "content refused");
        lua_error(r->L);
    }
    if (!lua_istable(r->L, -1))
        fail(r, "%s", "the file must return a table");
}

/* Field access on the table at the top of the stack. Paths accumulate in r->path. */
static size_t push_path(Reader *r, const char *key)
{
    size_t old = strlen(r->path);
    snprintf(r->path + old, sizeof r->path - old, "%s%s", old ? "." : "", key);
    return old;
}

static size_t push_index(Reader *r, int i)
{
    size_t old = strlen(r->path);
    snprintf(r->path + old, sizeof r->path - old, "[%d]", i);
    return old;
}

static int whole(Reader *r, int lo, int hi)
{
    lua_State *L = r->L;
    int isnum = 0;
    lua_Integer v = lua_tointegerx(L, -1, &isnum);
    if (!isnum || v < lo || v > hi) {
        char d[96];
        snprintf(d, sizeof d, "expected a whole number %d..%d, got %s", lo, hi,
                 isnum ? "a value out of range" : luaL_typename(L, -1));
        fail(r, "%s", d);
    }
    return (int)v;
}

static int get_int(Reader *r, const char *key, int lo, int hi, int fallback, int required)
{
    size_t old = push_path(r, key);
    lua_getfield(r->L, -1, key);
    int v = fallback;
    if (lua_isnil(r->L, -1)) {
        if (required)
            fail(r, "%s", "missing");
    } else {
        v = whole(r, lo, hi);
    }
    lua_pop(r->L, 1);
    r->path[old] = 0;
    return v;
}

static int get_bool(Reader *r, const char *key, int fallback)
{
    size_t old = push_path(r, key);
    lua_getfield(r->L, -1, key);
    int v = fallback;
    if (!lua_isnil(r->L, -1)) {
        if (!lua_isboolean(r->L, -1))
            fail(r, "expected true or false, got %s", luaL_typename(r->L, -1));
        v = lua_toboolean(r->L, -1);
    }
    lua_pop(r->L, 1);
    r->path[old] = 0;
    return v;
}

static const char *get_string(Reader *r, const char *key)
{
    size_t old = push_path(r, key);
    lua_getfield(r->L, -1, key);
    if (lua_type(r->L, -1) != LUA_TSTRING)
        fail(r, "expected a string, got %s", luaL_typename(r->L, -1));
    const char *s = lua_tostring(r->L, -1);   /* stays alive: the table holds it */
    lua_pop(r->L, 1);
    r->path[old] = 0;
    return s;
}

/* Pushes t[key], which must be a table (or nil when optional: returns 0 and pushes nothing). */
static int enter(Reader *r, const char *key, int required, size_t *old)
{
    *old = push_path(r, key);
    lua_getfield(r->L, -1, key);
    if (lua_isnil(r->L, -1) && !required) {
        lua_pop(r->L, 1);
        r->path[*old] = 0;
        return 0;
    }
    if (!lua_istable(r->L, -1))
        fail(r, "expected a table, got %s", luaL_typename(r->L, -1));
    return 1;
}

static void leave(Reader *r, size_t old)
{
    lua_pop(r->L, 1);
    r->path[old] = 0;
}

static void read_cost(Reader *r, const char *key, Cost *c)
{
    size_t old;
    enter(r, key, 1, &old);
    c->any = (uint8_t)get_int(r, "any", 0, 15, 0, 0);
    c->alike = (uint8_t)get_int(r, "alike", 0, 15, 0, 0);
    c->each = (uint8_t)get_int(r, "each", 0, 5, 0, 0);
    if (!c->any && !c->alike && !c->each)
        fail(r, "%s", "a price needs any, alike or each");
    leave(r, old);
}

static void read_tiles(Reader *r, Rules *out)
{
    int n = (int)lua_rawlen(r->L, -1);
    if (n < 1 || n > MAX_TILE_TYPES) {
        char d[64];
        snprintf(d, sizeof d, "expected 1..%d tile types, got %d", MAX_TILE_TYPES, n);
        fail(r, "%s", d);
    }
    out->tile_type_count = (uint8_t)n;
    for (int i = 1; i <= n; i++) {
        TileType *t = &out->tile_types[i - 1];
        memset(t, 0, sizeof *t);
        size_t old = push_index(r, i);
        lua_rawgeti(r->L, -1, i);
        if (!lua_istable(r->L, -1))
            fail(r, "expected a table, got %s", luaL_typename(r->L, -1));
        snprintf(t->name, sizeof t->name, "%s", get_string(r, "name"));
        int cls = tile_class_by_name(get_string(r, "class"));
        if (cls < 0)
            fail(r, "%s", "class: expected uno, duo, trio, volcano or soil");
        t->tile_class = (uint8_t)cls;
        memset(t->edge_biome, BIOME_NONE, sizeof t->edge_biome);
        size_t eold;
        if (enter(r, "edges", 0, &eold)) {
            if (lua_rawlen(r->L, -1) != 6)
                fail(r, "%s", "expected six edges");
            for (int e = 1; e <= 6; e++) {
                lua_rawgeti(r->L, -1, e);
                const char *bn = lua_tostring(r->L, -1);
                int b = bn ? biome_by_name(bn) : -1;
                if (b < 0)
                    fail(r, "%s", "each edge must be dark, medium or light");
                t->edge_biome[e - 1] = (uint8_t)b;
                lua_pop(r->L, 1);
            }
            leave(r, eold);
        }
        char derr[160];
        if (tile_type_derive(t, derr, sizeof derr))
            fail(r, "%s", derr);
        lua_pop(r->L, 1);
        r->path[old] = 0;
    }
}

static void read_modes(Reader *r, Rules *out)
{
    static const char *const names[MODE_COUNT] = { "normal", "final", "finale" };
    for (int m = 0; m < MODE_COUNT; m++) {
        ModeRules *mr = &out->modes[m];
        memset(mr, 0, sizeof *mr);
        size_t old;
        enter(r, names[m], 1, &old);
        mr->move = (uint8_t)get_bool(r, "move", 0);
        mr->claim = (uint8_t)get_bool(r, "claim", 0);
        mr->collect = (uint8_t)get_bool(r, "collect", 0);
        mr->sacrifices_per_turn = (uint8_t)get_int(r, "sacrifices_per_turn", 0, 9, 0, 1);
        size_t lold;
        if (enter(r, "buy", 0, &lold)) {
            int n = (int)lua_rawlen(r->L, -1);
            for (int i = 1; i <= n; i++) {
                lua_rawgeti(r->L, -1, i);
                const char *s = lua_tostring(r->L, -1);
                if (!s) fail(r, "%s", "expected names of things to buy");
                if (!strcmp(s, "tiles")) mr->buy_tiles = 1;
                else if (!strcmp(s, "volcano")) mr->buy_volcano = 1;
                else if (!strcmp(s, "island")) mr->buy_island = 1;
                else if (!strcmp(s, "caldera")) mr->buy_caldera = 1;
                else if (!strcmp(s, "points")) mr->buy_points = 1;
                else fail(r, "unknown purchase '%s' (tiles, volcano, island, caldera, points)", s);
                lua_pop(r->L, 1);
            }
            leave(r, lold);
        }
        if (enter(r, "sacrifice", 0, &lold)) {
            int n = (int)lua_rawlen(r->L, -1);
            for (int i = 1; i <= n; i++) {
                lua_rawgeti(r->L, -1, i);
                const char *s = lua_tostring(r->L, -1);
                if (s && !strcmp(s, "board")) mr->sacrifice_board = 1;
                else if (s && !strcmp(s, "hand")) mr->sacrifice_hand = 1;
                else fail(r, "%s", "expected \"board\" or \"hand\"");
                lua_pop(r->L, 1);
            }
            leave(r, lold);
        }
        leave(r, old);
    }
}

static void read_grid(Reader *r, Rules *out)
{
    size_t old;
    enter(r, "slots", 1, &old);
    int n = (int)lua_rawlen(r->L, -1);
    if (n < 1 || n > MAX_GRID_SLOTS)
        fail(r, "%s", "expected 1..16 slots");
    out->grid_slot_count = (uint8_t)n;
    for (int i = 1; i <= n; i++) {
        size_t iold = push_index(r, i);
        lua_rawgeti(r->L, -1, i);
        if (!lua_istable(r->L, -1))
            fail(r, "expected a table, got %s", luaL_typename(r->L, -1));
        out->grid[i - 1].level = (uint8_t)get_int(r, "level", 1, 5, 1, 1);
        out->grid[i - 1].column = (int8_t)get_int(r, "column", -8, 8, 0, 1);
        out->grid[i - 1].row2 = (int8_t)get_int(r, "row", 0, 16, 0, 1);
        lua_pop(r->L, 1);
        r->path[iold] = 0;
    }
    leave(r, old);
}

static void read_powers(Reader *r, Rules *out)
{
    int n = (int)lua_rawlen(r->L, -1);
    if (n > MAX_POWER_CARDS)
        fail(r, "%s", "too many power cards");
    out->power_card_count = (uint8_t)n;
    for (int i = 1; i <= n; i++) {
        PowerCard *p = &out->power_cards[i - 1];
        size_t iold = push_index(r, i);
        lua_rawgeti(r->L, -1, i);
        if (!lua_istable(r->L, -1))
            fail(r, "expected a table, got %s", luaL_typename(r->L, -1));
        snprintf(p->name, sizeof p->name, "%s", get_string(r, "name"));
        size_t lold;
        enter(r, "levels", 1, &lold);
        lua_rawgeti(r->L, -1, 1);
        p->level_min = (uint8_t)whole(r, 1, 5);
        lua_pop(r->L, 1);
        lua_rawgeti(r->L, -1, 2);
        p->level_max = (uint8_t)whole(r, 1, 5);
        lua_pop(r->L, 1);
        leave(r, lold);
        p->middle_only = (uint8_t)get_bool(r, "middle", 0);
        p->stars = (uint8_t)get_int(r, "stars", 0, 9, 0, 1);
        lua_pop(r->L, 1);
        r->path[iold] = 0;
    }
}

static void read_all(Reader *r, const char *dir, Rules *out)
{
    char file[512];
    size_t old;

    load_file(r, dir, "tiles.lua", file, sizeof file);
    read_tiles(r, out);

    load_file(r, dir, "players.lua", file, sizeof file);
    out->critters_per_player = (uint8_t)get_int(r, "critters", 3, MAX_CRITTERS, 21, 1);
    out->resource_cap = (uint8_t)get_int(r, "resource_cap", 1, 15, 7, 1);
    out->crater_capacity = (uint8_t)get_int(r, "crater_capacity", 1, MAX_CRITTERS, 3, 1);
    out->later_player_bonus = (uint8_t)get_int(r, "later_player_bonus", 0, 15, 2, 1);
    out->targeting_threshold = (uint8_t)get_int(r, "targeting_threshold", 1, MAX_CRITTERS, 5, 1);

    load_file(r, dir, "supply.lua", file, sizeof file);
    enter(r, "land_tiles", 1, &old);
    out->land_tiles_base = (uint8_t)get_int(r, "base", 1, 150, 30, 1);
    out->land_tiles_per_extra_player = (uint8_t)get_int(r, "per_extra_player", 0, 30, 8, 1);
    leave(r, old);
    enter(r, "share", 1, &old);
    out->share_percent[TILE_UNO] = (uint8_t)get_int(r, "uno", 0, 100, 0, 1);
    out->share_percent[TILE_DUO] = (uint8_t)get_int(r, "duo", 0, 100, 0, 1);
    out->share_percent[TILE_TRIO] = (uint8_t)get_int(r, "trio", 0, 100, 0, 1);
    if (out->share_percent[0] + out->share_percent[1] + out->share_percent[2] != 100)
        fail(r, "%s", "uno + duo + trio must add up to 100");
    leave(r, old);
    out->volcanoes_per_player = (uint8_t)get_int(r, "volcanoes_per_player", 0, 20, 4, 1);
    out->resources_per_type = (uint8_t)get_int(r, "resources_per_type", 1, 99, 20, 1);

    load_file(r, dir, "costs.lua", file, sizeof file);
    read_cost(r, "trio", &out->cost_trio);
    read_cost(r, "duo", &out->cost_duo);
    read_cost(r, "uno", &out->cost_uno);
    read_cost(r, "volcano", &out->cost_volcano);
    read_cost(r, "island", &out->cost_island);
    enter(r, "island", 1, &old);
    out->island_crater_critters = (uint8_t)get_int(r, "crater", 0, MAX_CRITTERS, 3, 1);
    out->island_tiles = (uint8_t)get_int(r, "tiles", 1, 6, 3, 1);
    out->island_max_distance = (uint8_t)get_int(r, "max_distance", 2, 6, 2, 1);
    leave(r, old);
    read_cost(r, "caldera", &out->cost_caldera);
    read_cost(r, "sacrifice", &out->cost_sacrifice);
    read_cost(r, "evacuation", &out->cost_evacuation);
    read_cost(r, "point", &out->cost_point);

    load_file(r, dir, "lava.lua", file, sizeof file);
    out->soil_cooling = (uint8_t)get_bool(r, "cools_in_place", 1);

    load_file(r, dir, "biomes.lua", file, sizeof file);
    out->cliffs_block_biomes = (uint8_t)get_bool(r, "cliffs_block_biomes", 0);

    load_file(r, dir, "turns.lua", file, sizeof file);
    read_modes(r, out);
    out->idle_rounds = (uint8_t)get_int(r, "idle_rounds", 1, 100, 10, 0);
    out->turn_limit = (uint16_t)get_int(r, "turn_limit", 1, 60000, 4000, 0);

    load_file(r, dir, "grid.lua", file, sizeof file);
    read_grid(r, out);

    /* Power cards are declared by scripts/powers (card{...}); a content file may
     * still list cards for a rules set without power scripts. */
    snprintf(file, sizeof file, "%s/powers.lua", dir);
    if (access(file, R_OK) == 0) {
        load_file(r, dir, "powers.lua", file, sizeof file);
        read_powers(r, out);
    }
}

/* Protected: reads every file into the Rules at upvalue-free light userdata 2. */
static int read_all_p(lua_State *L)
{
    Reader *r = lua_touserdata(L, 1);
    Rules *out = lua_touserdata(L, 2);
    const char *dir = lua_touserdata(L, 3);
    read_all(r, dir, out);
    return 0;
}

int content_load_rules(const char *content_dir, Rules *out, char *err, int errlen)
{
    Reader r;
    memset(&r, 0, sizeof r);
    r.err = err;
    r.errlen = errlen;
    r.file = content_dir;
    r.script = sb_new_data(NULL, err, (size_t)errlen);
    if (!r.script)
        return -1;
    r.L = script_lua(r.script);
    memset(out, 0, sizeof *out);
    rules_base_end_reasons(out);
    int status = 0;
    lua_pushcfunction(r.L, read_all_p);
    lua_pushlightuserdata(r.L, &r);
    lua_pushlightuserdata(r.L, out);
    lua_pushlightuserdata(r.L, (void *)content_dir);
    if (lua_pcall(r.L, 3, 0, 0) != LUA_OK) {
        if (!r.failed)
            snprintf(err, (size_t)errlen, "%s: %s: memory limit exceeded", content_dir, r.file);
        status = -1;
    } else {
        char verr[200];
        if (rules_validate(out, verr, sizeof verr)) {
            snprintf(err, (size_t)errlen, "%s: %s", content_dir, verr);
            status = -1;
        }
    }
    script_free(r.script);
    return status;
}
