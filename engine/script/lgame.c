/* The `game` library: its installation, the argument checks every binding
 * shares, and the readers (queries that never change the game). */
#include "lgame.h"

#include <stdio.h>
#include <string.h>

#include "query.h"
#include "effects.h"
#include "levents.h"
#include "lrequire.h"
#include "lsandbox.h"
#include "score.h"

/* ---- shared helpers ---- */

_Static_assert(LUA_EXTRASPACE >= sizeof(Session *), "the Lua state's extra space holds the session");

Session *lgame_session(lua_State *L)
{
    return *(Session **)lua_getextraspace(L);   /* set by lgame_install; threads copy it when made */
}

Game *lgame_current(lua_State *L)
{
    Session *s = lgame_session(L);
    if (!script_is_frozen(s->script)) {
        lua_Debug ar;
        const char *fn = lua_getstack(L, 0, &ar) && lua_getinfo(L, "n", &ar) && ar.name ? ar.name : "?";
        luaL_error(L, "game.%s: there is no game while the scripts load (call it from a handler)", fn);
    }
    return s->current;
}

Game *lgame_mutable(lua_State *L, const char *fn)
{
    Session *s = lgame_session(L);
    Game *g = lgame_current(L);
    s->effects++;
    if (s->read_only)
        luaL_error(L, "game.%s: this code only looks at the game (a query event, an offer or a label); "
                      "it may not change it", fn);
    int depth = script_event_depth(s->script);
    if (depth >= LGAME_MAX_EVENT_DEPTH)   /* refused here, in the script that recurses, before Lua's C stack runs out */
        luaL_error(L, "game.%s: events nested %d deep: a handler's change sets off handlers that change the game "
                      "again, without end (at most %d)", fn, depth, LGAME_MAX_EVENT_DEPTH);
    return g;
}

void lgame_check_loading(lua_State *L, const char *fn)
{
    if (script_is_frozen(lgame_session(L)->script))
        luaL_error(L, "%s: declarations are made while the scripts load, at the top level of a script", fn);
}

void lgame_check_printable(lua_State *L, const char *text, const char *what)
{
    char clean[256];
    size_t n = strlen(text);
    if (n >= sizeof clean)
        n = sizeof clean - 1;
    memcpy(clean, text, n);
    clean[n] = 0;
    sb_clean_text(clean);
    if (memcmp(clean, text, n) != 0)
        luaL_error(L, "%s may not hold control characters or bytes that are not UTF-8 ('%s')", what, clean);
}

/* The first Lua function up the stack that is not a shared helper of
 * scripts/lib/: the script on whose behalf a declaration is made. */
int lgame_caller_chunk(lua_State *L)
{
    Session *s = lgame_session(L);
    lua_Debug ar;
    const char *name = "?";
    for (int level = 1; lua_getstack(L, level, &ar); level++)
        if (lua_getinfo(L, "S", &ar) && ar.what[0] != 'C' && strncmp(ar.short_src, "scripts/lib/", 12) != 0) {
            name = ar.short_src;
            break;
        }
    for (int i = 0; i < s->chunk_count; i++)
        if (strcmp(s->chunks[i].name, name) == 0)
            return i;
    if (s->chunk_count >= SESSION_MAX_CHUNKS)
        luaL_error(L, "too many script files (at most %d)", SESSION_MAX_CHUNKS);
    SessionChunk *c = &s->chunks[s->chunk_count];
    snprintf(c->name, sizeof c->name, "%s", name);
    c->mod = -1;
    c->dropped = 0;
    if (strncmp(name, "mods/", 5) == 0)
        for (int m = 0; m < s->mods.count; m++) {
            size_t n = strlen(s->mods.mod[m].name);
            if (strncmp(name + 5, s->mods.mod[m].name, n) == 0 && name[5 + n] == '/')
                c->mod = m;
        }
    return s->chunk_count++;
}

int lgame_check_player(lua_State *L, const Game *g, int arg)
{
    int isint = 0;
    lua_Integer p = lua_tointegerx(L, arg, &isint);
    if (!isint)
        luaL_typeerror(L, arg, "player number");
    luaL_argcheck(L, p >= 0 && p < g->players, arg, "no such player (players are numbered from 0)");
    return (int)p;
}

lua_Integer lgame_check_range(lua_State *L, int arg, lua_Integer lo, lua_Integer hi)
{
    lua_Integer v = luaL_checkinteger(L, arg);
    if (v < lo || v > hi)
        luaL_error(L, "bad argument #%d: %I is out of range (%I..%I)", arg, v, lo, hi);
    return v;
}

int lgame_check_cell(lua_State *L, int qarg)
{
    lua_Integer q = luaL_checkinteger(L, qarg), r = luaL_checkinteger(L, qarg + 1);
    luaL_argcheck(L, q >= -BOARD_OFFSET && q < BOARD_SIZE - BOARD_OFFSET && r >= -BOARD_OFFSET &&
                         r < BOARD_SIZE - BOARD_OFFSET,
                  qarg, "(q, r) lies off the board");
    return board_cell(hex_make((int)q, (int)r));
}

int lgame_check_critter(lua_State *L, const Game *g, int parg)
{
    int p = lgame_check_player(L, g, parg);
    lua_Integer i = luaL_checkinteger(L, parg + 1);
    luaL_argcheck(L, i >= 1 && i <= g->rules.critters_per_player, parg + 1, "critters are numbered from 1");
    return critter_id(p, (int)i - 1);
}

int lgame_check_place(lua_State *L, int arg)
{
    luaL_checktype(L, arg, LUA_TTABLE);
    int top = lua_gettop(L);
    lgame_get_key(L, arg, LGK_Q);
    lgame_get_key(L, arg, LGK_R);
    int cell = lgame_check_cell(L, top + 1);
    lua_settop(L, top);
    return cell;
}

int lgame_check_critter_ref(lua_State *L, const Game *g, int arg)
{
    luaL_checktype(L, arg, LUA_TTABLE);
    int top = lua_gettop(L);
    lgame_get_key(L, arg, LGK_PLAYER);
    lgame_get_key(L, arg, LGK_INDEX);
    int id = lgame_check_critter(L, g, top + 1);
    lua_settop(L, top);
    return id;
}

/* Registry key (its address) of the table of card indices by name, built on
 * first use once the cards are all declared: names are looked up on every
 * game.holds, which power scripts call in most handlers. */
static const char CARD_INDEX_KEY = 0;

int lgame_check_card(lua_State *L, const Game *g, int arg)
{
    if (lua_type(L, arg) == LUA_TSTRING) {
        Session *s = lgame_session(L);
        if (!s->loading_cards) {
            if (lua_rawgetp(L, LUA_REGISTRYINDEX, &CARD_INDEX_KEY) != LUA_TTABLE) {
                lua_pop(L, 1);
                lua_createtable(L, 0, g->rules.power_card_count);
                for (int i = 0; i < g->rules.power_card_count; i++) {
                    lua_pushinteger(L, i);
                    lua_setfield(L, -2, g->rules.power_cards[i].name);
                }
                lua_pushvalue(L, -1);
                lua_rawsetp(L, LUA_REGISTRYINDEX, &CARD_INDEX_KEY);
            }
            lua_pushvalue(L, arg);
            int found = lua_rawget(L, -2) == LUA_TNUMBER;
            int i = found ? (int)lua_tointeger(L, -1) : -1;
            lua_pop(L, 2);
            if (found && i < g->rules.power_card_count)
                return i;
        }
        const char *name = lua_tostring(L, arg);
        int card = rules_power_card_by_name(&g->rules, name);
        if (card >= 0)
            return card;
        return luaL_argerror(L, arg, lua_pushfstring(L, "no power card is called '%s'", name));
    }
    return (int)lgame_check_range(L, arg, 0, g->rules.power_card_count - 1);
}

int lgame_check_mark(lua_State *L, int arg, const MarkDef *defs, int n, const char *what)
{
    const char *name = luaL_checkstring(L, arg);
    for (int m = 0; m < n; m++)
        if (strcmp(defs[m].name, name) == 0)
            return m;
    return luaL_argerror(L, arg, lua_pushfstring(L, "no %s mark is called '%s' (declare it with game.%s_mark)",
                                                 what, name, what));
}

void lgame_effect_result(lua_State *L, int rc, const char *fn, const char *err)
{
    if (rc != 0)
        luaL_error(L, "game.%s: %s", fn, err);
}

int lgame_keep_declaration(lua_State *L, int idx, const char *const *fields)
{
    idx = lua_absindex(L, idx);
    lua_newtable(L);
    for (int i = 0; fields[i]; i++) {
        lua_getfield(L, idx, fields[i]);
        lua_setfield(L, -2, fields[i]);   /* a new table: raw */
    }
    return luaL_ref(L, LUA_REGISTRYINDEX);
}

static const char *const KEY_NAMES[LGK_COUNT] = { "q",    "r",     "player", "index", "area",
                                                  "dir",  "steps", "tiles",  "axis",  "line",
                                                  "value", "critter", "card" };

_Static_assert(LGK_COUNT <= (int)(sizeof ((Session *)0)->key_ref / sizeof(int)), "Session.key_ref holds every key");

/* Makes the LgameKey names into strings the registry keeps. */
static void intern_keys(lua_State *L, Session *s)
{
    _Static_assert(LGK_COUNT <= sizeof s->key_ref / sizeof s->key_ref[0], "Session.key_ref holds every key");
    for (int k = 0; k < LGK_COUNT; k++) {
        lua_pushstring(L, KEY_NAMES[k]);
        s->key_ref[k] = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    lua_newtable(L);   /* lgame_check_option's interned names: { [name] = true } */
    sb_guard_engine(L, -1);
    s->names_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    s->option_list_count = 0;
}

/* The session's interned copy of `list`, interning it on first use; NULL
 * when it does not fit (too many lists or names). */
static const struct SessionOptionList *interned_list(lua_State *L, const char *const list[])
{
    Session *s = lgame_session(L);
    for (int i = 0; i < s->option_list_count; i++)
        if (s->option_lists[i].list == list)
            return &s->option_lists[i];
    int n = 0;
    while (list[n])
        n++;
    if (s->option_list_count == SESSION_OPTION_LISTS || n > SESSION_OPTION_NAMES)
        return NULL;
    struct SessionOptionList *out = &s->option_lists[s->option_list_count];
    lua_rawgeti(L, LUA_REGISTRYINDEX, s->names_ref);
    for (int i = 0; i < n; i++) {
        out->text[i] = lua_pushstring(L, list[i]);
        lua_pushboolean(L, 1);
        lua_rawset(L, -3);
    }
    lua_pop(L, 1);
    out->list = list;
    out->n = n;
    s->option_list_count++;
    return out;
}

int lgame_check_option(lua_State *L, int arg, const char *def, const char *const list[])
{
    if (lua_type(L, arg) == LUA_TSTRING) {
        const struct SessionOptionList *names = interned_list(L, list);
        const char *text = lua_tostring(L, arg);
        for (int i = 0; names && i < names->n; i++)
            if (names->text[i] == text)
                return i;
    }
    return luaL_checkoption(L, arg, def, list);   /* a long name, another string, or an error */
}

void lgame_set_int(lua_State *L, LgameKey key, lua_Integer v)
{
    lua_rawgeti(L, LUA_REGISTRYINDEX, lgame_session(L)->key_ref[key]);
    lua_pushinteger(L, v);
    lua_rawset(L, -3);
}

void lgame_set_key(lua_State *L, LgameKey key)
{
    lua_rawgeti(L, LUA_REGISTRYINDEX, lgame_session(L)->key_ref[key]);
    lua_insert(L, -2);
    lua_rawset(L, -3);
}

void lgame_set_place(lua_State *L, int cell)
{
    Hex h = board_hex(cell);
    lgame_set_int(L, LGK_Q, h.q);
    lgame_set_int(L, LGK_R, h.r);
}

void lgame_push_pick(lua_State *L, const Game *g, int value, int cell, int player, int critter, int card)
{
    lua_createtable(L, 0, 6);
    lgame_set_int(L, LGK_VALUE, value);
    if (cell >= 0 && cell < BOARD_CELLS)
        lgame_set_place(L, cell);
    if (player >= 0)
        lgame_set_int(L, LGK_PLAYER, player);
    if (critter >= 0) {
        lgame_push_critter(L, g, critter);
        lgame_set_key(L, LGK_CRITTER);
    }
    if (card >= 0)
        lgame_set_int(L, LGK_CARD, card);
}

int lgame_get_key(lua_State *L, int idx, LgameKey key)
{
    idx = lua_absindex(L, idx);
    lua_rawgeti(L, LUA_REGISTRYINDEX, lgame_session(L)->key_ref[key]);
    return lua_gettable(L, idx);
}

void lgame_push_place(lua_State *L, int cell)
{
    lgame_push_place_room(L, cell, 0);
}

void lgame_push_place_room(lua_State *L, int cell, int more)
{
    lua_createtable(L, 0, 2 + more);
    lgame_set_place(L, cell);
}

/* {name = true} for each mark in `marks` (bits) of defs[0..n). */
void lgame_push_marks(lua_State *L, unsigned marks, const MarkDef *defs, int n)
{
    unsigned shown = n >= 32 ? marks : marks & ((1u << n) - 1);
    lua_createtable(L, 0, __builtin_popcount(shown));   /* sized once: a resize is a rehash */
    for (int m = 0; m < n; m++)
        if ((marks >> m) & 1) {
            lua_pushboolean(L, 1);
            lua_setfield(L, -2, defs[m].name);
        }
}

/* ---- readers ---- */

static const char *const MODE_NAMES[MODE_COUNT] = { "normal", "final", "finale" };

static int l_players(lua_State *L) { lua_pushinteger(L, lgame_current(L)->players); return 1; }
static int l_active(lua_State *L) { lua_pushinteger(L, lgame_current(L)->active); return 1; }
static int l_first_player(lua_State *L) { lua_pushinteger(L, lgame_current(L)->first_player); return 1; }
static int l_turn(lua_State *L) { lua_pushinteger(L, lgame_current(L)->turn); return 1; }
static int l_mode(lua_State *L) { lua_pushstring(L, MODE_NAMES[lgame_current(L)->mode % MODE_COUNT]); return 1; }
static int l_phase(lua_State *L) { lua_pushstring(L, phase_name(lgame_current(L)->phase)); return 1; }
static int l_lava_count(lua_State *L) { lua_pushinteger(L, lgame_current(L)->lava_count); return 1; }
static int l_variant(lua_State *L) { lua_pushstring(L, lgame_current(L)->options.variant); return 1; }
static int l_trigger_player(lua_State *L) { lua_pushinteger(L, lgame_current(L)->trigger_player); return 1; }

static int l_end_triggered(lua_State *L)
{
    Game *g = lgame_current(L);
    if (g->end_triggered)
        lua_pushstring(L, end_reason_name(g, g->end_triggered));
    else
        lua_pushnil(L);
    return 1;
}

static int l_targeting_threshold(lua_State *L)
{
    lua_pushinteger(L, lgame_current(L)->rules.targeting_threshold);
    return 1;
}

static int l_critters_on_land(lua_State *L)
{
    Game *g = lgame_current(L);
    lua_pushinteger(L, game_counted_land_critters(g, lgame_check_player(L, g, 1)));
    return 1;
}

/** game.score(p) -> the score player p would have if the game ended now:
 * { critters, edges, volcanoes, sacrifices, tallest, largest, diversified,
 *   caldera, bought, bonus, total } (the "scoring" handlers run for it). */
static int l_score(lua_State *L)
{
    Game *g = lgame_current(L);
    int p = lgame_check_player(L, g, 1);
    if (lgame_session(L)->event_id == EV_SCORING)
        return luaL_error(L, "game.score: scores are being counted (a scoring handler reads ev instead)");
    Scores sc;
    game_score(g, &sc);
    const ScoreLine *l = &sc.line[p];
    const struct { const char *name; int value; } F[] = {
        { "critters", l->critters }, { "edges", l->edges }, { "volcanoes", l->volcanoes },
        { "sacrifices", l->sacrifices }, { "tallest", l->tallest }, { "largest", l->largest },
        { "diversified", l->diversified }, { "caldera", l->caldera }, { "bought", l->bought },
        { "bonus", l->bonus }, { "total", l->total },
    };
    lua_createtable(L, 0, (int)(sizeof F / sizeof F[0]));
    for (size_t i = 0; i < sizeof F / sizeof F[0]; i++) {
        lua_pushinteger(L, F[i].value);
        lua_setfield(L, -2, F[i].name);
    }
    return 1;
}

/** game.move_targets(player, index) -> the places that critter could move to
 * now (move rules and its owner's abilities), as { q, r, area } tables. */
static int l_move_targets(lua_State *L)
{
    Game *g = lgame_current(L);
    int p = lgame_check_player(L, g, 1);
    int k = (int)lgame_check_range(L, 2, 1, g->rules.critters_per_player);
    Option *o = lgame_session(L)->option_scratch;
    int n = game_critter_moves(g, critter_id(p, k - 1), o, MAX_OPTIONS);
    if (n > MAX_OPTIONS)
        n = MAX_OPTIONS;
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lgame_push_place_room(L, o[i].cell, 1);
        lgame_set_int(L, LGK_AREA, o[i].sub + 1);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static int l_hand(lua_State *L)
{
    Game *g = lgame_current(L);
    lua_pushinteger(L, game_hand_count(g, lgame_check_player(L, g, 1)));
    return 1;
}

static int l_crater(lua_State *L)
{
    Game *g = lgame_current(L);
    lua_pushinteger(L, game_crater_count(g, lgame_check_player(L, g, 1)));
    return 1;
}

static void push_resources(lua_State *L, const uint8_t *have)
{
    lua_createtable(L, 0, 3);
    for (int b = 0; b < BIOME_COUNT; b++) {
        lua_pushinteger(L, have[b]);
        lua_setfield(L, -2, biome_name(b));
    }
}

/* The count named by argument `arg` among `names` (the three biomes' in
 * BIOME_* order, then the reader's own), or -1 when the argument is absent. */
static int resource_name(lua_State *L, int arg, const char *const *names)
{
    return lua_isnoneornil(L, arg) ? -1 : lgame_check_option(L, arg, NULL, names);
}

/* game.resources(player [, name]) -> { dark, medium, light }; with a biome's
 * name or "total", that count alone (no table). */
static int l_resources(lua_State *L)
{
    static const char *const NAMES[] = { "dark", "medium", "light", "total", NULL };
    Game *g = lgame_current(L);
    const uint8_t *have = g->player[lgame_check_player(L, g, 1)].resources;
    int name = resource_name(L, 2, NAMES);
    if (name < 0)
        push_resources(L, have);
    else
        lua_pushinteger(L, name == BIOME_COUNT ? have[BIOME_DARK] + have[BIOME_MEDIUM] + have[BIOME_LIGHT]
                                               : have[name]);
    return 1;
}

/* game.supply([name]) -> { dark, medium, light, land, volcanoes }; with one
 * of those names, that count alone (no table). */
static int l_supply(lua_State *L)
{
    static const char *const NAMES[] = { "dark", "medium", "light", "land", "volcanoes", NULL };
    Game *g = lgame_current(L);
    int name = resource_name(L, 1, NAMES);
    if (name >= 0) {
        lua_pushinteger(L, name < BIOME_COUNT ? g->supply_resources[name]
                           : name == BIOME_COUNT ? game_land_supply(g) : g->supply_volcanoes);
        return 1;
    }
    push_resources(L, g->supply_resources);
    lua_pushinteger(L, game_land_supply(g)); lua_setfield(L, -2, "land");
    lua_pushinteger(L, g->supply_volcanoes); lua_setfield(L, -2, "volcanoes");
    return 1;
}

/* The stack's tiles from the top down, as { tile, rotation } tables. */
static void push_layers(lua_State *L, const Game *g, int cell)
{
    lua_createtable(L, g->board.cells[cell].height, 0);
    int k = 0;
    for (const PlacedTile *t = board_top(&g->board, cell); t && k < MAX_BOARD_TILES;
         t = t->below == NO_TILE ? NULL : &g->board.tiles[t->below]) {
        lua_createtable(L, 0, 2);
        lua_pushstring(L, g->rules.tile_types[t->type].name);
        lua_setfield(L, -2, "tile");
        lua_pushinteger(L, t->rotation);
        lua_setfield(L, -2, "rotation");
        lua_rawseti(L, -2, ++k);
    }
}

/* How many critters stand on the stack at cell. */
static int critters_on(const Game *g, int cell)
{
    int ids[MAX_PLAYERS * MAX_CRITTERS];
    return game_critters_on_cell(g, cell, ids, MAX_PLAYERS * MAX_CRITTERS);
}

static int l_stack(lua_State *L)
{
    Game *g = lgame_current(L);
    int cell = lgame_check_cell(L, 1);
    const Cell *c = &g->board.cells[cell];
    const PlacedTile *t = board_top(&g->board, cell);
    int traits = 0;
    for (int k = 0; k < 4; k++)
        traits += cell_has_trait(g, cell, 1 << k);
    /* sized for every field below at once: a table growing is rehashed */
    lua_createtable(L, 0, 5 + traits + (t ? 4 + (t->below != NO_TILE) : 0));
    lua_pushinteger(L, c->height); lua_setfield(L, -2, "height");
    lua_pushinteger(L, critters_on(g, cell)); lua_setfield(L, -2, "critters");
    lua_pushboolean(L, (c->flags & CELL_LAVA) != 0); lua_setfield(L, -2, "lava");
    if (t) {
        const TileType *tt = &g->rules.tile_types[t->type];
        lua_pushstring(L, tile_class_name(tt->tile_class)); lua_setfield(L, -2, "top");
        lua_pushstring(L, tt->name); lua_setfield(L, -2, "tile");
        lua_pushinteger(L, t->rotation); lua_setfield(L, -2, "rotation");
        lua_pushinteger(L, board_areas(&g->board, &g->rules, cell)); lua_setfield(L, -2, "areas");
        if (t->below != NO_TILE) {
            int under = g->rules.tile_types[g->board.tiles[t->below].type].tile_class;
            lua_pushstring(L, tile_class_name(under)); lua_setfield(L, -2, "under");
        }
    }
    push_layers(L, g, cell);
    lua_setfield(L, -2, "layers");
    static const char *const TRAITS[] = { "no_build", "no_enter", "no_leave", "no_collect" };
    for (int t = 0; t < 4; t++)
        if (cell_has_trait(g, cell, 1 << t)) {
            lua_pushboolean(L, 1);
            lua_setfield(L, -2, TRAITS[t]);
        }
    unsigned marks = 0;
    for (int m = 0; m < g->rules.cell_mark_count; m++)
        marks |= (unsigned)cell_marked(g, m, cell) << m;
    lgame_push_marks(L, marks, g->rules.cell_marks, g->rules.cell_mark_count);
    lua_setfield(L, -2, "marks");
    return 1;
}

/* The single values game.stack_field reads, in STACK_FIELDS order; the four
 * traits in their LT_* bit order. */
enum { SF_HEIGHT, SF_LAVA, SF_TOP, SF_TILE, SF_ROTATION, SF_AREAS, SF_UNDER, SF_NO_BUILD, SF_NO_ENTER, SF_NO_LEAVE,
       SF_NO_COLLECT, SF_CRITTERS };
static const char *const STACK_FIELDS[] = { "height", "lava", "top", "tile", "rotation", "areas", "under",
                                            "no_build", "no_enter", "no_leave", "no_collect", "critters", NULL };

/* Pushes field `field` (an SF_*) of the stack at cell, as game.stack's table
 * holds it. */
static void push_stack_field(lua_State *L, const Game *g, int cell, int field)
{
    const PlacedTile *t = board_top(&g->board, cell);
    if (field == SF_HEIGHT)
        lua_pushinteger(L, g->board.cells[cell].height);
    else if (field == SF_LAVA)
        lua_pushboolean(L, (g->board.cells[cell].flags & CELL_LAVA) != 0);
    else if (field == SF_CRITTERS)
        lua_pushinteger(L, critters_on(g, cell));
    else if (field >= SF_NO_BUILD)   /* a trait: true, or nil as in the stack table */
        cell_has_trait(g, cell, 1 << (field - SF_NO_BUILD)) ? lua_pushboolean(L, 1) : lua_pushnil(L);
    else if (!t || (field == SF_UNDER && t->below == NO_TILE))
        lua_pushnil(L);   /* the tile's values where there is none */
    else if (field == SF_TOP)
        lua_pushstring(L, tile_class_name(g->rules.tile_types[t->type].tile_class));
    else if (field == SF_TILE)
        lua_pushstring(L, g->rules.tile_types[t->type].name);
    else if (field == SF_ROTATION)
        lua_pushinteger(L, t->rotation);
    else if (field == SF_AREAS)
        lua_pushinteger(L, board_areas(&g->board, &g->rules, cell));
    else
        lua_pushstring(L, tile_class_name(g->rules.tile_types[g->board.tiles[t->below].type].tile_class));
}

/* game.stack_field(q, r, name, ...) -> game.stack(q, r)[name] for one or
 * more of the stack table's single values (not layers or marks), one result
 * per name, without building the table: what a script testing many stacks
 * in a loop reads. */
static int l_stack_field(lua_State *L)
{
    Game *g = lgame_current(L);
    int cell = lgame_check_cell(L, 1);
    int names = lua_gettop(L) - 2;
    luaL_argcheck(L, names >= 1, 3, "a field's name is needed");
    luaL_checkstack(L, names, "too many fields");
    for (int i = 0; i < names; i++)
        push_stack_field(L, g, cell, lgame_check_option(L, 3 + i, NULL, STACK_FIELDS));
    return names;
}

static int l_lava_flows(lua_State *L)
{
    Game *g = lgame_current(L);
    lua_createtable(L, g->flow_count, 0);
    for (int i = 0; i < g->flow_count; i++) {
        Hex to = board_hex(g->flows[i].to);
        lgame_push_place_room(L, g->flows[i].from, 2);
        lua_pushinteger(L, to.q); lua_setfield(L, -2, "to_q");
        lua_pushinteger(L, to.r); lua_setfield(L, -2, "to_r");
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static int l_holds(lua_State *L)
{
    Game *g = lgame_current(L);
    int p = lgame_check_player(L, g, 1);
    if (lua_type(L, 2) == LUA_TSTRING && session_card_removed(lgame_session(L), lua_tostring(L, 2))) {
        lua_pushboolean(L, 0);   /* a card a mod took out is never held */
        return 1;
    }
    lua_pushboolean(L, player_holds_card(g, p, lgame_check_card(L, g, 2)));
    return 1;
}

static int l_card(lua_State *L)
{
    Game *g = lgame_current(L);
    int i = lgame_check_card(L, g, 1);
    const PowerCard *c = &g->rules.power_cards[i];
    lua_createtable(L, 0, 6);
    lua_pushinteger(L, i); lua_setfield(L, -2, "index");
    lua_pushstring(L, c->name); lua_setfield(L, -2, "name");
    lua_pushinteger(L, c->stars); lua_setfield(L, -2, "stars");
    lua_pushinteger(L, c->level_min); lua_setfield(L, -2, "level_min");
    lua_pushinteger(L, c->level_max); lua_setfield(L, -2, "level_max");
    lua_pushboolean(L, c->bolt); lua_setfield(L, -2, "bolt");
    return 1;
}

static int l_cards(lua_State *L)
{
    Game *g = lgame_current(L);
    lua_createtable(L, g->rules.power_card_count, 0);
    for (int i = 0; i < g->rules.power_card_count; i++) {
        lua_pushstring(L, g->rules.power_cards[i].name);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* game.payments(player, { any =, alike =, each =, distinct = }) -> the distinct
 * ways the player can pay that price, each { dark, medium, light }. */
static int l_payments(lua_State *L)
{
    Game *g = lgame_current(L);
    int p = lgame_check_player(L, g, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    Cost c = { 0, 0, 0, 0 };
    uint8_t *f[3] = { &c.any, &c.alike, &c.each };
    const char *keys[3] = { "any", "alike", "each" };
    for (int k = 0; k < 3; k++) {
        lua_getfield(L, 2, keys[k]);
        lua_Integer v = luaL_optinteger(L, -1, 0);
        luaL_argcheck(L, v >= 0 && v <= 15, 2, "a price's parts are 0..15");
        *f[k] = (uint8_t)v;
        lua_pop(L, 1);
    }
    lua_getfield(L, 2, "distinct");
    c.distinct = (uint8_t)lua_toboolean(L, -1);
    lua_pop(L, 1);
    uint16_t pays[64];
    int n = cost_payments(&c, g->player[p].resources, pays, 64);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        uint8_t have[BIOME_COUNT] = { (uint8_t)pay_of(pays[i], 0), (uint8_t)pay_of(pays[i], 1),
                                      (uint8_t)pay_of(pays[i], 2) };
        push_resources(L, have);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

const luaL_Reg LGAME_READ_FUNCS[] = {
    { "players", l_players },
    { "active", l_active },
    { "first_player", l_first_player },
    { "turn", l_turn },
    { "mode", l_mode },
    { "phase", l_phase },
    { "lava_count", l_lava_count },
    { "variant", l_variant },
    { "end_triggered", l_end_triggered },
    { "trigger_player", l_trigger_player },
    { "targeting_threshold", l_targeting_threshold },
    { "critters_on_land", l_critters_on_land },
    { "hand", l_hand },
    { "score", l_score },
    { "move_targets", l_move_targets },
    { "crater", l_crater },
    { "resources", l_resources },
    { "supply", l_supply },
    { "stack", l_stack },
    { "stack_field", l_stack_field },
    { "lava_flows", l_lava_flows },
    { "holds", l_holds },
    { "card", l_card },
    { "cards", l_cards },
    { "payments", l_payments },
    { NULL, NULL },
};

/* ---- install ---- */

static int open_game(lua_State *L)
{
    lua_newtable(L);
    const luaL_Reg *const parts[] = { LGAME_READ_FUNCS,    LGAME_CRITTER_FUNCS, LGAME_EFFECT_FUNCS, LGAME_ISLAND_FUNCS,
                                      LGAME_DECLARE_FUNCS, LGAME_STATE_FUNCS,  LGAME_QUESTION_FUNCS,
                                      LGAME_ACTION_FUNCS,  LGAME_PARAMS_FUNCS, LGAME_TURN_FUNCS,
                                      LGAME_USES_FUNCS,    LGAME_BIOME_FUNCS,  LGAME_PLACE_FUNCS };
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
        luaL_setfuncs(L, parts[i], 0);
    return 1;
}

int lgame_install(Script *script, Session *session, char *err, int errlen)
{
    lua_State *L = script_lua(script);
    board_tables_init();   /* the pure helpers (game.neighbour...) answer while the rules load, before any board */
    *(Session **)lua_getextraspace(L) = session;   /* before any thread: each new one copies it */
    intern_keys(L, session);
    lgame_walk_install(L, session);
    levents_set_state_slots(L, lgame_state_gate_slot);
    levents_set_uses(L, lgame_uses_of);
    if (script_add_global_lib(script, "game", open_game) != 0 ||
        script_add_global(script, "card", lgame_card) != 0 ||
        script_add_global(script, "remove_card", lgame_remove_card) != 0 ||
        script_add_global(script, "require", lrequire_global) != 0) {
        snprintf(err, (size_t)errlen, "cannot install the game library");
        return -1;
    }
    return 0;
}
