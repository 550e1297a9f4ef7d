/* game.action: an option a script adds to one of the core's decisions (a
 * special move in the move step, something to do with a tile in the claim
 * step), listed among the decision's own options and taken like them.
 *
 *   game.action{
 *     name = "dig",
 *     at = "claim",                    -- decision kind(s) it is offered at
 *     card = "Digging",                -- listed only while this card is in play (optional)
 *     offers = function(player) return { { q = 0, r = 1, value = 2 }, ... } end,
 *     label = function(opt) return "Dig into the stack at ..." end,   -- or a string
 *     perform = function(ev) ... end,  -- ev.player, ev.value, ev.q, ev.r, ev.critter
 *     move = false,                    -- true: taking it uses one of the turn's moves
 *     holder = false,                  -- true: offered only to a player holding `card`
 *     uses = U,                        -- offered only while game.uses counter U has a use left
 *     needs = { resources = 4 },       -- offered only to a player who has these (lgame_needs.c)
 *   }
 *
 * offers runs while options are listed (often: keep it cheap) and may only
 * read the game; its offers become VERB_ACTION options (value 0..65535).
 * `at`, `card`, `holder`, `uses` and `needs` are checked in C first, so an action that
 * cannot apply costs no Lua call. */
#include "lgame.h"

#include <stdio.h>
#include <string.h>

#include "query.h"
#include "lsandbox.h"

/* The decision kinds named by the `at` value on top of the stack. */
static uint32_t read_at(lua_State *L)
{
    int t = lua_gettop(L);
    int n = lua_type(L, t) == LUA_TTABLE ? (int)lua_rawlen(L, t) : 1;
    uint32_t at = 0;
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
        if (kind < 0 || kind == DK_ERUPT || kind == DK_LAVA_FLOW || kind == DK_GAME_OVER)
            luaL_error(L, "game.action: 'at' names decisions (move, buy, claim, sacrifice, ...), not '%s'",
                       name ? name : luaL_typename(L, -1));
        at |= 1u << kind;
        lua_pop(L, 1);
    }
    return at;
}

/** game.action{ name, at, card, offers, label, perform, move, holder, uses, needs } */
static int l_action(lua_State *L)
{
    lgame_check_loading(L, "game.action");
    Session *s = lgame_session(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    static const char *const KNOWN[] = { "name", "at", "card", "offers", "label", "perform", "move", "holder", "uses",
                                         "needs", NULL };
    sb_check_keys(L, 1, "game.action", KNOWN);
    if (s->action_count >= SESSION_MAX_ACTIONS)
        return luaL_error(L, "game.action: at most %d actions", SESSION_MAX_ACTIONS);
    const char *need[] = { "offers", "perform" };
    for (int i = 0; i < 2; i++) {
        lua_getfield(L, 1, need[i]);
        if (lua_type(L, -1) != LUA_TFUNCTION)
            return luaL_error(L, "game.action: '%s' must be a function", need[i]);
        lua_pop(L, 1);
    }
    SessionAction *a = &s->actions[s->action_count];
    memset(a, 0, sizeof *a);
    lua_getfield(L, 1, "at");
    a->at = read_at(L);
    lua_getfield(L, 1, "name");
    snprintf(a->name, sizeof a->name, "%s", lua_isstring(L, -1) ? lua_tostring(L, -1) : "action");
    lgame_check_printable(L, a->name, "game.action: 'name'");
    lua_getfield(L, 1, "card");
    snprintf(a->card_name, sizeof a->card_name, "%s", lua_isstring(L, -1) ? lua_tostring(L, -1) : "");
    a->card = -1;
    lua_getfield(L, 1, "move");
    a->uses_move = (uint8_t)lua_toboolean(L, -1);
    lua_getfield(L, 1, "holder");
    a->holder = (uint8_t)lua_toboolean(L, -1);
    if (a->holder && !a->card_name[0])
        return luaL_error(L, "game.action: 'holder' needs the 'card' the player must hold");
    a->uses = -1;
    if (lua_getfield(L, 1, "uses") != LUA_TNIL && (a->uses = lgame_uses_of(L, -1)) < 0)
        return luaL_error(L, "game.action: 'uses' is a counter game.uses returned");
    lua_getfield(L, 1, "needs");
    lgame_read_needs(L, -1, "game.action: needs", a->card_name[0] != 0, &a->needs);
    lua_settop(L, 1);
    a->chunk = lgame_caller_chunk(L);
    static const char *const KEPT[] = { "offers", "perform", "label", NULL };
    a->ref = lgame_keep_declaration(L, 1, KEPT);
    s->action_count++;
    return 0;
}

int lgame_resolve_actions(Session *s, char *err, int errlen)
{
    for (int i = 0; i < s->action_count; i++) {
        SessionAction *a = &s->actions[i];
        if (!a->card_name[0] || s->chunks[a->chunk].dropped)
            continue;
        if ((a->card = rules_power_card_by_name(&s->rules, a->card_name)) < 0) {
            snprintf(err, (size_t)errlen, "%s: action '%s': no power card is called '%s'", s->chunks[a->chunk].name,
                     a->name, a->card_name);
            return -1;
        }
    }
    GameListening *l = &s->listening;
    l->actions_always = 0;
    memset(l->action_cards, 0, sizeof l->action_cards);
    for (int i = 0; i < s->action_count; i++) {
        const SessionAction *a = &s->actions[i];
        for (int kind = 0; kind < DK_COUNT; kind++)
            if ((a->at >> kind) & 1) {
                if (a->card >= 0)
                    l->action_cards[kind] |= (uint64_t)1 << a->card;
                else
                    l->actions_always |= 1u << kind;
            }
    }
    for (int i = 0; i < s->uses_count; i++) {
        SessionUses *u = &s->uses[i];
        if (s->chunks[u->chunk].dropped)
            continue;
        if ((u->card = rules_power_card_by_name(&s->rules, u->card_name)) < 0) {
            snprintf(err, (size_t)errlen, "%s: game.uses: no power card is called '%s'", s->chunks[u->chunk].name,
                     u->card_name);
            return -1;
        }
    }
    return 0;
}

typedef struct OfferCtx {
    const Game *g;
    int id;
    Option *out;
    int max;
    int n;
} OfferCtx;

/* add_offers_p pushes the field names an offer is read by once (the kept
 * keys, lgame.h), at these stack slots: reading each offer makes no string. */
enum { KEY_VALUE = 3, KEY_Q, KEY_R, KEY_CRITTER, KEY_PLAYER, KEY_INDEX, KEYS_TOP = KEY_INDEX };

/* Pushes field `key` (a KEY_* slot) of the table at t, raw; its type. */
static int rawkey(lua_State *L, int t, int key)
{
    lua_pushvalue(L, key);
    return lua_rawget(L, t);
}

/* The option of an offer of action c->id: place (q, r) when `placed` and on
 * the board, value v clamped to 0..65535, and critter k (index from 1) of
 * player p when `critter` and they name one of the game's critters. */
static Option offer_option(const OfferCtx *c, int placed, lua_Integer q, lua_Integer r, lua_Integer v, int critter,
                           lua_Integer p, lua_Integer k)
{
    Option opt = { VERB_ACTION, (uint8_t)c->id, NO_CELL, 0, 0 };
    opt.pay = (uint16_t)(v < 0 ? 0 : v > 65535 ? 65535 : v);
    if (placed && q >= -BOARD_OFFSET && q < BOARD_OFFSET && r >= -BOARD_OFFSET && r < BOARD_OFFSET &&
        board_in_bounds(hex_make((int)q, (int)r)))
        opt.cell = (uint16_t)board_cell(hex_make((int)q, (int)r));
    if (critter && p >= 0 && p < c->g->players && k >= 1 && k <= c->g->rules.critters_per_player)
        opt.subject = (uint16_t)(critter_id((int)p, (int)k - 1) + 1);
    return opt;
}

/* The { player, index } fields of the table at t, raw: whether both are integers. */
static int read_critter_ref(lua_State *L, int t, lua_Integer *p, lua_Integer *k)
{
    rawkey(L, t, KEY_PLAYER);
    rawkey(L, t, KEY_INDEX);
    int both = lua_isinteger(L, -2) && lua_isinteger(L, -1);
    *p = lua_tointeger(L, -2);
    *k = lua_tointeger(L, -1);
    lua_pop(L, 2);
    return both;
}

/* Reads the offer table at o into an option. Raw reads only: the tables are
 * the script's and may carry metatables, but no script code may run here.
 * An offer without a `critter` field that has `player` and `index` (a
 * critter place of game.critter_places, given a value) is that critter's. */
static Option read_offer(lua_State *L, const OfferCtx *c, int o)
{
    rawkey(L, o, KEY_VALUE);
    lua_Integer v = lua_tointeger(L, -1);
    rawkey(L, o, KEY_Q);
    rawkey(L, o, KEY_R);
    int placed = lua_isinteger(L, -2) && lua_isinteger(L, -1);
    lua_Integer q = lua_tointeger(L, -2), r = lua_tointeger(L, -1);
    lua_Integer p = 0, k = 0;
    int critter = 0, type = rawkey(L, o, KEY_CRITTER);
    if (type == LUA_TTABLE) {
        sb_plain(L, -1);
        critter = read_critter_ref(L, lua_gettop(L), &p, &k);
    }
    else if (type == LUA_TNIL)
        critter = read_critter_ref(L, o, &p, &k);
    lua_settop(L, o);
    return offer_option(c, placed, q, r, v, critter, p, k);
}

/* The sink every offers function gets as its second argument:
 * offer(q, r [, value [, player, index]]) adds one offer without a table;
 * q and r may be nil for an offer without a place, player and index name the
 * critter it moves. Offers past the decision's room are dropped, as listed
 * ones are. */
static int l_offer(lua_State *L)
{
    OfferCtx *c = lgame_session(L)->offering;
    if (!c)
        return luaL_error(L, "offer: call it while the action's offers are listed, not later");
    int placed = !lua_isnoneornil(L, 1) || !lua_isnoneornil(L, 2);
    lua_Integer q = placed ? luaL_checkinteger(L, 1) : 0, r = placed ? luaL_checkinteger(L, 2) : 0;
    lua_Integer v = luaL_optinteger(L, 3, 0);
    int critter = !lua_isnoneornil(L, 4);
    lua_Integer p = critter ? luaL_checkinteger(L, 4) : 0, k = critter ? luaL_checkinteger(L, 5) : 0;
    if (c->n < c->max)
        c->out[c->n++] = offer_option(c, placed, q, r, v, critter, p, k);
    return 0;
}

/* Protected: (ctx, offers) -> appends the offers to ctx->out. */
static int add_offers_p(lua_State *L)
{
    OfferCtx *c = lua_touserdata(L, 1);
    if (lua_type(L, 2) != LUA_TTABLE)
        return 0;
    static const LgameKey KEYS[] = { LGK_VALUE, LGK_Q, LGK_R, LGK_CRITTER, LGK_PLAYER, LGK_INDEX };
    const Session *s = lgame_session(L);
    sb_plain(L, 2);   /* a list kept from loading: read its store */
    for (int k = 0; k < 6; k++)
        lua_rawgeti(L, LUA_REGISTRYINDEX, s->key_ref[KEYS[k]]);   /* at KEY_VALUE.. KEY_INDEX */
    lua_Integer len = (lua_Integer)lua_rawlen(L, 2);
    for (lua_Integer i = 1; i <= len && c->n < c->max; i++) {
        if (lua_rawgeti(L, 2, i) == LUA_TTABLE) {
            sb_plain(L, -1);
            c->out[c->n++] = read_offer(L, c, lua_gettop(L));
        }
        lua_settop(L, KEYS_TOP);
    }
    return 0;
}

/* Appends the offers listed in the table on top (popped) to c. A memory
 * failure while reading them keeps the offers read so far. */
static void add_listed_offers(lua_State *L, OfferCtx *c)
{
    if (lua_type(L, -1) != LUA_TTABLE) {
        lua_pop(L, 1);
        return;
    }
    lua_pushcfunction(L, add_offers_p);
    lua_pushlightuserdata(L, c);
    lua_rotate(L, -3, 2);   /* add_offers_p, ctx, offers */
    if (lua_pcall(L, 2, 0, 0) != LUA_OK)
        lua_pop(L, 1);
}

int lgame_list_actions(Session *s, const Game *g, Option *out, int max)
{
    int kind = g->pending.kind;   /* the core asks only where one may be offered (game_may_offer_actions) */
    lua_State *L = script_lua(s->script);
    Game *outer = s->current;
    int outer_ro = s->read_only;
    void *outer_offering = s->offering;
    s->current = (Game *)g;
    s->read_only = 1;
    int n = 0;
    for (int i = 0; i < s->action_count && n < max; i++) {
        const SessionAction *a = &s->actions[i];
        if (!((a->at >> kind) & 1) || s->chunks[a->chunk].dropped ||
            (a->card >= 0 && !((g->cards_in_play >> a->card) & 1)) ||
            (a->holder && !player_holds_card(g, g->pending.player, a->card)) ||
            (a->uses >= 0 && lgame_uses_left(s, g, a->uses, g->pending.player) <= 0) ||
            !lgame_needs_met(g, g->pending.player, &a->needs, a->card))
            continue;
        lua_rawgeti(L, LUA_REGISTRYINDEX, a->ref);
        lua_getfield(L, -1, "offers");
        lua_remove(L, -2);
        lua_pushinteger(L, g->pending.player);
        lua_pushcfunction(L, l_offer);
        OfferCtx c = { g, i, out + n, max - n, 0 };
        s->offering = &c;
        int rc = lgame_call_named(s, a->chunk, 2, 1, "the offers of action", a->name);
        s->offering = outer_offering;
        if (rc == 0) {
            add_listed_offers(L, &c);
            n += c.n;   /* a failed call offers nothing, not even what it sank before failing */
        }
    }
    s->current = outer;
    s->read_only = outer_ro;
    return n;
}

/* Pushes option o of the pending decision as scripts see it. */
static void push_option(lua_State *L, const Game *g, const Option *o)
{
    lgame_push_pick(L, g, o->pay, o->cell, g->pending.player, o->subject ? o->subject - 1 : -1, -1);
}

int lgame_perform(Session *s, Game *g, const Option *o)
{
    if (o->sub >= s->action_count)
        return 0;
    SessionAction *a = &s->actions[o->sub];
    lua_State *L = script_lua(s->script);
    Game *outer = s->current;
    s->current = g;
    a->fired++;
    lua_rawgeti(L, LUA_REGISTRYINDEX, a->ref);
    lua_getfield(L, -1, "perform");
    lua_remove(L, -2);
    push_option(L, g, o);
    char what[80];
    snprintf(what, sizeof what, "action '%s'", a->name);
    int rc = lgame_call(s, a->chunk, 1, 0, what);
    s->current = outer;
    return rc < 0 ? -1 : rc == 0 && a->uses_move;
}

int lgame_action_words(Session *s, const Game *g, const Option *o, char *out, int len)
{
    if (o->sub >= s->action_count)
        return -1;
    const SessionAction *a = &s->actions[o->sub];
    lua_State *L = script_lua(s->script);
    lua_rawgeti(L, LUA_REGISTRYINDEX, a->ref);
    lua_getfield(L, -1, "label");
    lua_remove(L, -2);
    if (lua_type(L, -1) == LUA_TSTRING) {
        snprintf(out, (size_t)len, "%s", lua_tostring(L, -1));
        lua_pop(L, 1);
        return 0;
    }
    if (lua_type(L, -1) != LUA_TFUNCTION) {
        lua_pop(L, 1);
        snprintf(out, (size_t)len, "%s", a->name);
        return 0;
    }
    push_option(L, g, o);
    Game *outer = s->current;
    int outer_ro = s->read_only;
    s->current = (Game *)g;
    s->read_only = 1;
    int rc = lgame_call_named(s, a->chunk, 1, 1, "the label of action", a->name);
    s->current = outer;
    s->read_only = outer_ro;
    if (rc != 0)
        return -1;
    const char *t = lua_tostring(L, -1);
    snprintf(out, (size_t)len, "%s", t ? t : a->name);
    lua_pop(L, 1);
    return 0;
}

const luaL_Reg LGAME_ACTION_FUNCS[] = {
    { "action", l_action },
    { NULL, NULL },
};
