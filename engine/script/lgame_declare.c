/* What scripts declare while they load: power cards (card{}, also from mods,
 * which may replace or remove base cards), critter and cell marks with the
 * traits the core enforces, and end reasons. */
#include "lgame.h"

#include <stdio.h>
#include <string.h>

#include "lsandbox.h"

/* The integer field `name` of the table at t, lo..hi (lo >= 0), 0 when
 * absent; raises "what: 'name' must be an integer lo..hi, not ..." otherwise. */
static uint8_t read_small_int(lua_State *L, int t, const char *what, const char *name, int lo, int hi)
{
    int type = lua_getfield(L, t, name);
    int isint = 0;
    lua_Integer v = lua_tointegerx(L, -1, &isint);
    if (type != LUA_TNIL && (!isint || v < lo || v > hi))
        luaL_error(L, "%s: '%s' must be an integer %d..%d, not %s", what, name, lo, hi, luaL_tolstring(L, -1, NULL));
    lua_pop(L, 1);
    return type == LUA_TNIL ? 0 : (uint8_t)v;
}

/* A bolt's decision kinds from `bolt` at the top of the stack: true (any of
 * the owner's own-turn decisions: 0), a decision name, or a list of them. */
static uint32_t bolt_kinds(lua_State *L, const char *card)
{
    int t = lua_gettop(L);
    if (lua_type(L, t) == LUA_TBOOLEAN || lua_isnil(L, t))
        return 0;
    uint32_t at = 0;
    int n = lua_type(L, t) == LUA_TTABLE ? (int)lua_rawlen(L, t) : 1;
    for (int i = 1; i <= n; i++) {
        if (lua_type(L, t) == LUA_TTABLE)
            lua_rawgeti(L, t, i);
        else
            lua_pushvalue(L, t);
        const char *name = lua_tostring(L, -1);
        int kind = -1;
        for (int k = 0; name && k < DK_COUNT; k++)
            if (strcmp(decision_kind_name(k), name) == 0)
                kind = k;
        if (kind < 0)
            luaL_error(L, "card '%s': bolt: '%s' is not a decision (move, buy, place, claim, sacrifice, ...)",
                       card, name ? name : luaL_typename(L, -1));
        at |= 1u << kind;
        lua_pop(L, 1);
    }
    return at;
}

static void read_abilities(lua_State *L, int t, PowerCard *c)
{
    lua_getfield(L, t, "abilities");
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    luaL_checktype(L, -1, LUA_TTABLE);
    int a = lua_gettop(L);
    static const char *const KNOWN[] = { "reach", "join", "resource_cap", "moves", "crater_points", NULL };
    sb_check_keys(L, a, "card abilities", KNOWN);
    lua_getfield(L, a, "reach");
    static const char *const REACH[] = { "tile", "adjacent", "any", NULL };
    if (!lua_isnil(L, -1))
        c->reach = (uint8_t)luaL_checkoption(L, -1, NULL, REACH);
    lua_getfield(L, a, "join");
    c->join = (uint8_t)lua_toboolean(L, -1);
    lua_pop(L, 2);
    c->resource_cap = read_small_int(L, a, "card abilities", "resource_cap", 1, 15);
    c->moves = read_small_int(L, a, "card abilities", "moves", 1, 9);
    c->crater_points = read_small_int(L, a, "card abilities", "crater_points", 1, 9);
    lua_pop(L, 1);
}

/* Reads card{}'s table at 1 into c (and its docs). Raises on a bad field. */
static void read_card(lua_State *L, PowerCard *c, struct SessionCardDoc *doc)
{
    static const char *const KNOWN[] = { "name", "levels", "middle", "stars", "text", "ruling", "bolt",
                                         "bolt_offer", "bolt_needs", "abilities", "replaces", NULL };
    sb_check_keys(L, 1, "card", KNOWN);
    memset(c, 0, sizeof *c);
    lua_getfield(L, 1, "name");
    const char *name = lua_tostring(L, -1);
    if (!name || !*name || strlen(name) >= NAME_LEN)
        luaL_error(L, "card: 'name' must be a string of 1..%d characters", NAME_LEN - 1);
    lgame_check_printable(L, name, "card: 'name'");
    snprintf(c->name, sizeof c->name, "%s", name);
    lua_getfield(L, 1, "levels");
    if (!lua_istable(L, -1))
        luaL_error(L, "card '%s': 'levels' must be { min, max }", c->name);
    lua_rawgeti(L, -1, 1);
    lua_rawgeti(L, -2, 2);
    lua_Integer lo = lua_tointeger(L, -2), hi = lua_tointeger(L, -1);
    if (lo < 1 || hi > 5 || lo > hi)
        luaL_error(L, "card '%s': levels must lie in 1..5, min first", c->name);
    c->level_min = (uint8_t)lo;
    c->level_max = (uint8_t)hi;
    lua_getfield(L, 1, "middle");
    c->middle_only = (uint8_t)lua_toboolean(L, -1);
    lua_getfield(L, 1, "stars");
    int isnum = 0;
    lua_Integer stars = lua_tointegerx(L, -1, &isnum);
    if (!isnum || stars < 0 || stars > 9)
        luaL_error(L, "card '%s': 'stars' must be 0..9", c->name);
    c->stars = (uint8_t)stars;
    lua_getfield(L, 1, "bolt");
    c->bolt = (uint8_t)(lua_toboolean(L, -1) != 0);
    c->bolt_at = bolt_kinds(L, c->name);
    read_abilities(L, 1, c);
    memset(doc, 0, sizeof *doc);
    lua_getfield(L, 1, "text");
    snprintf(doc->text, sizeof doc->text, "%s", lua_isstring(L, -1) ? lua_tostring(L, -1) : "");
    lua_getfield(L, 1, "ruling");
    snprintf(doc->ruling, sizeof doc->ruling, "%s", lua_isstring(L, -1) ? lua_tostring(L, -1) : "");
    sb_clean_text(doc->text);   /* shown by `volcanique powers` and the window */
    sb_clean_text(doc->ruling);
    lua_getfield(L, 1, "bolt_offer");
    if (!lua_isnil(L, -1)) {
        if (!lua_isfunction(L, -1) || !c->bolt)
            luaL_error(L, "card '%s': 'bolt_offer' must be a function(player) -> boolean, on a card with a bolt",
                       c->name);
        c->bolt_asks = 1;
        doc->bolt_offer_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    lua_getfield(L, 1, "bolt_needs");
    if (!lua_isnil(L, -1)) {
        if (!c->bolt)
            luaL_error(L, "card '%s': 'bolt_needs' is for a card with a bolt", c->name);
        char what[NAME_LEN + 32];
        snprintf(what, sizeof what, "card '%s': bolt_needs", c->name);
        lgame_read_needs(L, -1, what, 1, &doc->bolt_needs);
        c->bolt_asks = 1;
    }
    lua_settop(L, 1);
}

int lgame_bolt_offered(Session *s, const Game *g, int card)
{
    const struct SessionCardDoc *doc = &s->card_docs[card];
    if (!lgame_needs_met(g, g->pending.player, &doc->bolt_needs, card))
        return 0;
    if (!doc->bolt_offer_ref)
        return 1;
    lua_State *L = script_lua(s->script);
    Game *outer = s->current;
    int outer_ro = s->read_only;
    s->current = (Game *)g;
    s->read_only = 1;
    lua_rawgeti(L, LUA_REGISTRYINDEX, doc->bolt_offer_ref);
    lua_pushinteger(L, g->pending.player);
    int offered = 0;
    const char *name = g->rules.power_cards[card].name;
    if (lgame_call_named(s, doc->chunk_index, 1, 1, "the bolt_offer of card", name) == 0) {
        offered = lua_toboolean(L, -1);
        lua_pop(L, 1);
    }
    s->current = outer;
    s->read_only = outer_ro;
    return offered;
}

/* Drops the chunk that declared card i (its handlers, questions and actions). */
static void drop_declarer(lua_State *L, Session *s, int i)
{
    const char *chunk = s->card_docs[i].chunk;
    for (int c = 0; c < s->chunk_count; c++)
        if (strcmp(s->chunks[c].name, chunk) == 0)
            s->chunks[c].dropped = 1;
    if (script_drop_chunk(s->script, chunk) != 0)
        luaL_error(L, "out of memory");
}

/** card{ name, levels = { min, max }, stars, text, ruling, middle, bolt, abilities, replaces } */
int lgame_card(lua_State *L)
{
    Session *s = lgame_session(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    if (!s->loading_cards)
        return luaL_error(L, "card: cards are declared while the scripts and mods load");
    Rules *r = &s->rules;
    PowerCard c;
    struct SessionCardDoc doc;
    read_card(L, &c, &doc);
    int chunk = lgame_caller_chunk(L);
    snprintf(doc.chunk, sizeof doc.chunk, "%.*s", (int)sizeof doc.chunk - 1, s->chunks[chunk].name);
    doc.chunk_index = chunk;
    lua_getfield(L, 1, "replaces");
    const char *replaces = lua_tostring(L, -1);
    int at = r->power_card_count;
    if (replaces) {
        at = rules_power_card_by_name(r, replaces);
        if (at < 0)
            return luaL_error(L, "card '%s': replaces '%s', which no script declares", c.name, replaces);
        drop_declarer(L, s, at);
    } else if (r->power_card_count >= MAX_POWER_CARDS) {
        return luaL_error(L, "card '%s': more than %d power cards", c.name, MAX_POWER_CARDS);
    }
    int twin = rules_power_card_by_name(r, c.name);
    if (twin >= 0 && twin != at)
        return luaL_error(L, "card: '%s' is declared twice (a mod changes a base card with replaces = \"%s\")",
                          c.name, c.name);
    r->power_cards[at] = c;
    s->card_docs[at] = doc;
    if (at == r->power_card_count)
        r->power_card_count++;
    lua_pushinteger(L, at);
    return 1;
}

/** remove_card(name): a mod takes a base card, and its script, out of the game */
int lgame_remove_card(lua_State *L)
{
    Session *s = lgame_session(L);
    const char *name = luaL_checkstring(L, 1);
    if (!s->loading_cards)
        return luaL_error(L, "remove_card: cards are removed while the scripts and mods load");
    Rules *r = &s->rules;
    int i = rules_power_card_by_name(r, name);
    if (i < 0)
        return luaL_error(L, "remove_card: no script declares a card called '%s'", name);
    drop_declarer(L, s, i);
    if (s->removed_count < MAX_POWER_CARDS)
        snprintf(s->removed[s->removed_count++], NAME_LEN, "%s", name);
    int rest = r->power_card_count - i - 1;
    memmove(&r->power_cards[i], &r->power_cards[i + 1], sizeof r->power_cards[0] * (size_t)rest);
    memmove(&s->card_docs[i], &s->card_docs[i + 1], sizeof s->card_docs[0] * (size_t)rest);
    r->power_card_count--;
    return 0;
}

/* Reads boolean traits `keys` (bit i for keys[i]) of the declaration at 1,
 * whose other keys may be "name" and `also` (NULL: none). */
static int read_traits(lua_State *L, const char *what, const char *const *keys, const char *also)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    const char *known[12];
    int n = 0;
    known[n++] = "name";
    if (also)
        known[n++] = also;
    for (int i = 0; keys[i]; i++)
        known[n++] = keys[i];
    known[n] = NULL;
    sb_check_keys(L, 1, what, known);
    int traits = 0;
    for (int i = 0; keys[i]; i++) {
        lua_getfield(L, 1, keys[i]);
        traits |= lua_toboolean(L, -1) << i;
        lua_pop(L, 1);
    }
    return traits;
}

static int declare_mark(lua_State *L, int cell)
{
    static const char *const CRITTER_TRAITS[] = { "stays", "shelters", "idle", "uncounted", "peaceful", NULL };
    static const char *const CELL_TRAITS[] = { "no_build", "no_enter", "no_leave", "no_collect", NULL };
    const char *fn = cell ? "game.cell_mark" : "game.critter_mark";
    lgame_check_loading(L, fn);
    int traits = read_traits(L, fn, cell ? CELL_TRAITS : CRITTER_TRAITS, cell ? NULL : "points");
    int points = cell ? 0 : read_small_int(L, 1, fn, "points", 0, 20);
    lua_getfield(L, 1, "name");
    const char *name = luaL_optstring(L, -1, "");
    Session *s = lgame_session(L);
    int chunk = lgame_caller_chunk(L);
    int count = cell ? s->rules.cell_mark_count : s->rules.critter_mark_count;
    int *declarer = cell ? s->cell_mark_chunk : s->critter_mark_chunk;
    for (int m = 0; m < count; m++) {
        const char *known = cell ? s->rules.cell_marks[m].name : s->rules.critter_marks[m].name;
        if (strcmp(known, name) != 0)
            continue;
        if (!s->chunks[declarer[m]].dropped)
            return luaL_error(L, "%s: mark '%s' is declared by %s already (a mod replacing that script "
                              "declares its card{ replaces = ... } before reusing the script's marks)", fn, name,
                              s->chunks[declarer[m]].name);
        rules_redefine_mark(&s->rules, cell, m, traits);   /* the replaced script's mark, declared anew */
        if (!cell)
            s->rules.critter_marks[m].points = (uint8_t)points;
        declarer[m] = chunk;
        lua_pushstring(L, name);
        return 1;
    }
    char err[160];
    int m = cell ? rules_add_cell_mark(&s->rules, name, traits, err, sizeof err)
                 : rules_add_critter_mark(&s->rules, name, traits, err, sizeof err);
    if (m < 0)
        return luaL_error(L, "%s: %s", fn, err);
    if (!cell)
        s->rules.critter_marks[m].points = (uint8_t)points;
    declarer[m] = chunk;
    lua_pushstring(L, name);
    return 1;
}

/** game.critter_mark{ name, stays, shelters, idle, uncounted, peaceful, points } -> name */
static int l_critter_mark(lua_State *L) { return declare_mark(L, 0); }
/** game.cell_mark{ name, no_build, no_enter, no_leave, no_collect } -> name */
static int l_cell_mark(lua_State *L) { return declare_mark(L, 1); }

/** game.end_reason(name [, words]) -> name: registers a reason the game may
 *  end for, and the words the game says it in ("the super volcano erupted";
 *  without them, the name with blanks for underscores) */
static int l_end_reason(lua_State *L)
{
    lgame_check_loading(L, "game.end_reason");
    Session *s = lgame_session(L);
    const char *name = luaL_checkstring(L, 1);
    const char *words = luaL_optstring(L, 2, NULL);
    char err[200];
    if (rules_add_end_reason(&s->rules, name, words, err, sizeof err) < 0)
        return luaL_error(L, "game.end_reason: %s", err);
    s->end_reason_names_count = s->rules.end_reason_count;
    for (int i = 0; i < s->rules.end_reason_count; i++)
        s->end_reason_names[i] = s->rules.end_reasons[i];
    lua_pushstring(L, name);
    return 1;
}

/** game.variant_rule{ name, default, min_players, targets = { most_critters,
 *  seat, threshold, uninhabited } } -> name: declares a variant of the game
 *  for 3 or more players (VariantRule): which opponents' critters tiles and
 *  volcanoes may target, and whether stacks with no critter are fair game. */
static int l_variant_rule(lua_State *L)
{
    static const char *const KNOWN[] = { "name", "default", "min_players", "targets", NULL };
    static const char *const TARGETS[] = { "most_critters", "seat", "threshold", "uninhabited", NULL };
    lgame_check_loading(L, "game.variant_rule");
    luaL_checktype(L, 1, LUA_TTABLE);
    sb_check_keys(L, 1, "game.variant_rule", KNOWN);
    VariantRule v;
    memset(&v, 0, sizeof v);
    lua_getfield(L, 1, "name");
    if (lua_type(L, -1) != LUA_TSTRING)
        return luaL_error(L, "game.variant_rule: 'name' must be a string");
    snprintf(v.name, sizeof v.name, "%s", lua_tostring(L, -1));
    lua_getfield(L, 1, "min_players");
    lua_Integer players = lua_isnil(L, -1) ? 3 : lua_isinteger(L, -1) ? lua_tointeger(L, -1) : -1;
    if (players < MIN_PLAYERS || players > MAX_PLAYERS)
        return luaL_error(L, "game.variant_rule: 'min_players' is a whole number %d..%d, not %s", MIN_PLAYERS,
                          MAX_PLAYERS, sb_tostring(L, -1));
    v.min_players = (uint8_t)players;
    lua_getfield(L, 1, "default");
    int is_default = lua_toboolean(L, -1);
    if (lua_getfield(L, 1, "targets") != LUA_TNIL) {
        luaL_checktype(L, -1, LUA_TTABLE);
        int t = lua_gettop(L);
        sb_check_keys(L, t, "game.variant_rule: targets", TARGETS);
        lua_getfield(L, t, "most_critters");
        v.most_critters = (uint8_t)lua_toboolean(L, -1);
        lua_getfield(L, t, "threshold");
        v.threshold = (uint8_t)lua_toboolean(L, -1);
        lua_getfield(L, t, "uninhabited");
        v.uninhabited = (uint8_t)lua_toboolean(L, -1);
        lua_getfield(L, t, "seat");
        lua_Integer seat = lua_isnil(L, -1) ? 0 : lua_isinteger(L, -1) ? lua_tointeger(L, -1) : MAX_PLAYERS;
        if (seat <= -MAX_PLAYERS || seat >= MAX_PLAYERS)
            return luaL_error(L, "game.variant_rule: 'targets.seat' is a whole number %d..%d, not %s",
                              1 - MAX_PLAYERS, MAX_PLAYERS - 1, sb_tostring(L, -1));
        v.seat = (int8_t)seat;
    }
    char err[160];
    if (rules_add_variant(&lgame_session(L)->rules, &v, is_default, err, sizeof err) < 0)
        return luaL_error(L, "game.variant_rule: %s", err);
    lua_pushstring(L, v.name);
    return 1;
}

const luaL_Reg LGAME_DECLARE_FUNCS[] = {
    { "variant_rule", l_variant_rule },
    { "critter_mark", l_critter_mark },
    { "cell_mark", l_cell_mark },
    { "end_reason", l_end_reason },
    { NULL, NULL },
};
