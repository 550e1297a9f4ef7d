/* game_apply: the one gate through which a started game changes. The chosen
 * option is logged, carried out by the apply_* function of the pending
 * decision's kind, and the turn goes on (flow_advance).
 *
 * Each apply_* receives an option that game_options listed for the pending
 * decision (so it is legal) and leaves a pending decision behind. */
#include "core_internal.h"
#include "effects.h"

#include <stdio.h>
#include <string.h>

static void set_pending(Game *g, int kind, int player)
{
    g->pending = (Pending){ (uint8_t)kind, (uint8_t)player, 0, 0, 0 };
}

static void trigger_end(Game *g, int reason)
{
    char err[64];
    effect_trigger_end(g, reason, err, sizeof err);
}

static void place_from_hand(Game *g, int player, int cell, int area)
{
    int i = game_first_in_hand(g, player);
    if (i < 0)
        return;
    Critter *c = &g->player[player].critters[i];
    c->place = AT_BOARD;
    c->cell = (uint16_t)cell;
    c->area = (uint8_t)area;   /* onto an uncontrolled biome: no contest can follow */
}

static void to_crater(Game *g, int id)
{
    Critter *c = game_critter(g, id);
    c->place = AT_CRATER;
    c->cell = 0;
    c->area = 0;
    c->marks = 0;
}

/* Starting island: a tile (set-up 3) or a critter (set-up 4). */
static void apply_setup(Game *g, const Option *o)
{
    int p = g->pending.player;
    if (g->pending.kind == DK_SETUP_TILE) {
        board_push(&g->board, o->cell, o->subject, o->sub);
        g->setup_cells[p][(g->setup_step % 6) / 2] = o->cell;
    } else if (g->pending.kind == DK_SETUP_CRITTER) {
        place_from_hand(g, p, o->cell, o->sub);
    } else {
        game_gain(g, p, o->sub, 1);   /* a bonus resource (set-up 8) */
    }
    g->setup_step++;
    setup_next(g);
}

/* Move step: one critter (rulebook: Critter movement); the step ends when the
 * turn's moves are used or the player passes. */
static void apply_move(Game *g, const Option *o)
{
    if (o->verb == VERB_PASS) {
        g->moves_left = 0;
        flow_enter_buy(g);
        return;
    }
    game_critter_move(g, o->subject, o->cell, o->sub, CAUSE_MOVE);
    if (--g->moves_left == 0)
        flow_enter_buy(g);
}

/* A Caldera card from the deck into the buyer's hidden hand. */
static void buy_caldera(Game *g, int p)
{
    Player *pl = &g->player[p];
    uint8_t card = g->caldera_deck[--g->caldera_size];
    if (pl->caldera_count < MAX_CALDERA)
        pl->caldera[pl->caldera_count++] = card;
    pl->caldera_bought = 1;
    g->cards_in_play |= (uint64_t)1 << card;
}

/* Summoning an island (rulebook: Islands & sacrifices): the crater's critters
 * return to hand; the "island" handlers may change its size and let the
 * last tiles be optional. Placed tile by tile (DK_ISLAND). */
static void buy_island(Game *g, int p)
{
    Player *pl = &g->player[p];
    int returned = 0;
    for (int i = 0; i < g->rules.critters_per_player && returned < g->rules.island_crater_critters; i++)
        if (pl->critters[i].place == AT_CRATER) {
            pl->critters[i].place = AT_HAND;
            returned++;
        }
    g->island_count = 0;
    int tiles = g->rules.island_tiles, optional = 0;
    if (game_listens(g, EV_ISLAND)) {
        GameEvent ev;
        event_begin(&ev, EV_ISLAND);
        EV_SET(ev, ISLAND, player, p);
        EV_SET(ev, ISLAND, tiles, tiles);
        game_emit(g, &ev);
        tiles = (int)EV_GET(ev, ISLAND, tiles);
        optional = (int)EV_GET(ev, ISLAND, optional);
    }
    set_pending(g, DK_ISLAND, p);
    g->pending.aux = (uint16_t)tiles;
    g->pending.subject = (uint16_t)(optional < tiles ? optional : tiles - 1);
}

/* Buy step (rulebook: Buying a tile, The Caldera, End game points). */
static void apply_buy(Game *g, const Option *o)
{
    int p = g->pending.player;
    if (o->verb == VERB_PASS) {
        flow_enter_claim(g);
        return;
    }
    game_pay(g, p, o->pay);
    switch (o->subject) {
    case BUY_CALDERA: buy_caldera(g, p); break;
    case BUY_POINT: g->player[p].points_bought++; break;
    case BUY_VOLCANO:
        g->supply_volcanoes--;
        g->volcano_held = 1;
        g->buys_made++;
        set_pending(g, DK_TARGET, p);
        break;
    case BUY_ISLAND: g->buys_made++; buy_island(g, p); break;
    default:
        g->supply_tiles[o->subject]--;
        g->buys_made++;
        g->bought_type = (uint8_t)o->subject;
        set_pending(g, DK_PLACE, p);
        if (game_land_supply(g) == 0)
            trigger_end(g, END_SUPPLY);
    }
}

static void tile_placed_event(Game *g, int p, int cell, int type, bool island)
{
    if (!game_listens(g, EV_TILE_PLACED))
        return;
    Hex h = board_hex(cell);
    GameEvent ev;
    event_begin(&ev, EV_TILE_PLACED);
    EV_SET(ev, TILE_PLACED, player, p);
    EV_SET(ev, TILE_PLACED, q, h.q);
    EV_SET(ev, TILE_PLACED, r, h.r);
    EV_SET(ev, TILE_PLACED, type, type);
    EV_SET(ev, TILE_PLACED, height, g->board.cells[cell].height);
    EV_SET(ev, TILE_PLACED, island, island);
    game_emit(g, &ev);
}

/* Tiles allowed past the first: a second after the first went onto soil
 * (rulebook: Buying additional tiles); the "buy_limit" handlers may change it. */
static void update_buy_limit(Game *g, int p, bool on_soil)
{
    int extra = (g->buys_made == 1 && on_soil) ? 1 : g->extra_buys;
    if (game_listens(g, EV_BUY_LIMIT)) {
        GameEvent ev;
        event_begin(&ev, EV_BUY_LIMIT);
        EV_SET(ev, BUY_LIMIT, player, p);
        EV_SET(ev, BUY_LIMIT, bought, g->buys_made);
        EV_SET(ev, BUY_LIMIT, soil, g->soil_placements);
        EV_SET(ev, BUY_LIMIT, on_soil, on_soil);
        EV_SET(ev, BUY_LIMIT, extra, extra);
        game_emit(g, &ev);
        extra = (int)EV_GET(ev, BUY_LIMIT, extra);
    }
    g->extra_buys = (uint8_t)extra;
}

/* Placing the bought tile (rulebook: Placing a tile): critters on the covered
 * tile migrate or go home. */
static void apply_place(Game *g, const Option *o)
{
    int p = g->pending.player;
    bool on_soil = board_top_class(&g->board, &g->rules, o->cell) == TILE_SOIL;
    queue_displaced(g, o->cell, DK_MIGRATE, CAUSE_COVERED);
    board_push(&g->board, o->cell, o->subject, o->sub);
    g->contest_dirty = 1;
    if (on_soil)
        g->soil_placements++;
    update_buy_limit(g, p, on_soil);
    tile_placed_event(g, p, o->cell, o->subject, false);
    set_pending(g, DK_BUY, p);
}

/* One tile of a summoned island; passing declines the optional rest. */
static void apply_island(Game *g, const Option *o)
{
    int p = g->pending.player;
    bool done = o->verb == VERB_PASS;
    if (!done) {
        board_push(&g->board, o->cell, o->subject, o->sub);
        g->supply_tiles[o->subject]--;
        if (g->island_count < 8)
            g->island_cells[g->island_count++] = o->cell;
        g->contest_dirty = 1;
        tile_placed_event(g, p, o->cell, o->subject, true);
        if (game_land_supply(g) == 0)
            trigger_end(g, END_SUPPLY);
        done = --g->pending.aux == 0;
    }
    if (done) {
        int first = g->island_count ? g->island_cells[0] : o->cell;
        g->island_count = 0;
        set_pending(g, DK_BUY, p);
        game_land_changed(g, LAND_ISLAND, first);
    }
}

/* The volcano's target: scripts hear of it first (and may ask questions); the
 * eruption follows once they are answered (DK_ERUPT, see turn.c). */
static void apply_target(Game *g, const Option *o)
{
    int p = g->pending.player;
    set_pending(g, DK_ERUPT, p);
    g->pending.cell = o->cell;
    if (!game_listens(g, EV_VOLCANO_TARGETED))
        return;
    Hex h = board_hex(o->cell);
    GameEvent ev;
    event_begin(&ev, EV_VOLCANO_TARGETED);
    EV_SET(ev, VOLCANO_TARGETED, player, p);
    EV_SET(ev, VOLCANO_TARGETED, q, h.q);
    EV_SET(ev, VOLCANO_TARGETED, r, h.r);
    game_emit(g, &ev);
}

/* Unlocking a power (rulebook: Volcanoes): a critter from hand marks the slot. */
static void apply_unlock(Game *g, const Option *o)
{
    int p = g->pending.player;
    int cell = g->pending.cell, height = g->pending.aux, card = g->grid_card[o->subject];
    g->unlocked[p][o->subject] = 1;
    g->cards_in_play |= (uint64_t)1 << card;
    player_refresh_abilities(g, p);
    int i = game_first_in_hand(g, p);
    if (i >= 0) {
        g->player[p].critters[i].place = AT_GRID;
        g->player[p].critters[i].cell = o->subject;
    }
    if (game_listens(g, EV_POWER_UNLOCKED)) {
        GameEvent ev;
        event_begin(&ev, EV_POWER_UNLOCKED);
        EV_SET(ev, POWER_UNLOCKED, player, p);
        EV_SET(ev, POWER_UNLOCKED, slot, o->subject);
        EV_SET(ev, POWER_UNLOCKED, card, card);
        game_emit(g, &ev);
    }
    set_pending(g, DK_BUY, g->active);
    lava_flow_from(g, cell, height);
    lava_announce_flows(g, DK_BUY);
}

/* A displaced critter's owner: where it goes, or home. */
static void apply_displaced(Game *g, const Option *o)
{
    bool lava = g->pending.kind == DK_EVACUATE;
    if (o->verb == VERB_MIGRATE || o->verb == VERB_EVACUATE) {
        if (o->verb == VERB_EVACUATE)
            game_pay(g, g->pending.player, o->pay);
        int cause = !lava ? CAUSE_MIGRATE : g->queue[0].must_flee ? CAUSE_FLEE : CAUSE_EVACUATE;
        game_critter_move(g, o->subject, o->cell, o->sub, cause);
    } else {
        game_critter_to_hand(g, o->subject, lava ? CAUSE_LAVA : CAUSE_COVERED);
    }
    queue_pop(g);
}

static void apply_keep(Game *g, const Option *o)
{
    game_critter_to_hand(g, o->subject, CAUSE_KEEP);
    if (--g->queue[0].count == 0)
        queue_pop(g);
}

static void apply_claim(Game *g, const Option *o)
{
    if (o->verb == VERB_PASS)
        flow_enter_sacrifice(g);
    else
        place_from_hand(g, g->pending.player, o->cell, o->sub);
}

/* Sacrifices (rulebook: Sacrifices): one from the board, one from hand for
 * resources, each once a turn. */
static void apply_sacrifice(Game *g, const Option *o)
{
    int p = g->pending.player;
    Player *pl = &g->player[p];
    if (o->verb == VERB_PASS) {
        collect_run(g);
    } else if (o->verb == VERB_SACRIFICE) {
        to_crater(g, o->subject);
        pl->sacrificed_board = 1;
        g->sacrifices++;
        g->contest_dirty = 1;
    } else {
        game_pay(g, p, o->pay);
        to_crater(g, critter_id(p, game_first_in_hand(g, p)));
        pl->sacrificed_hand = 1;
        g->sacrifices++;
    }
}

static void apply_discard(Game *g, const Option *o)
{
    Player *pl = &g->player[g->pending.player];
    pl->resources[o->sub]--;
    g->supply_resources[o->sub]++;
}

/* A bolt card leaves the hand for the discard pile; its script does the rest.
 * The decision it was played at stays pending. */
static void play_card(Game *g, int player, int index)
{
    Player *pl = &g->player[player];
    int card = pl->caldera[index];
    memmove(&pl->caldera[index], &pl->caldera[index + 1], (size_t)(pl->caldera_count - index - 1));
    pl->caldera_count--;
    g->caldera_discard++;
    g->cards_played |= (uint64_t)1 << card;
    GameEvent ev;
    event_begin(&ev, EV_CALDERA_PLAYED);
    EV_SET(ev, CALDERA_PLAYED, player, player);
    EV_SET(ev, CALDERA_PLAYED, card, card);
    game_emit(g, &ev);
}

/* A script's action: its script carries it out; one that used a critter move
 * counts as one. The decision stays pending otherwise. */
static void perform_action(Game *g, const Option *o)
{
    char err[256];
    int used = g->hooks && g->hooks->perform ? g->hooks->perform(g->hooks_ud, g, o, err, sizeof err) : 0;
    if (used < 0)
        g->script_errors++;
    if (used > 0 && g->pending.kind == DK_MOVE && g->moves_left > 0 && --g->moves_left == 0)
        flow_enter_buy(g);
}

/* The answer to a script's question goes back to the question's handler. */
static void apply_answer(Game *g, const Option *o)
{
    ScriptAsk a = g->ask[0];
    AskChoice chosen;
    bool picked = o->verb == VERB_CHOOSE;
    if (picked)
        chosen = g->choice[a.first + o->subject];
    game_ask_pop(g);
    char err[256];
    if (g->hooks && g->hooks->answer && g->hooks->answer(g->hooks_ud, g, &a, picked ? &chosen : NULL, err, sizeof err))
        g->script_errors++;
}

/* The apply function of each decision kind. */
typedef void (*ApplyFn)(Game *g, const Option *o);
static const ApplyFn APPLY[DK_COUNT] = {
    [DK_SETUP_TILE] = apply_setup, [DK_SETUP_CRITTER] = apply_setup, [DK_BONUS] = apply_setup,
    [DK_MOVE] = apply_move,        [DK_BUY] = apply_buy,             [DK_PLACE] = apply_place,
    [DK_MIGRATE] = apply_displaced, [DK_EVACUATE] = apply_displaced, [DK_KEEP] = apply_keep,
    [DK_TARGET] = apply_target,    [DK_UNLOCK] = apply_unlock,       [DK_ISLAND] = apply_island,
    [DK_CLAIM] = apply_claim,      [DK_SACRIFICE] = apply_sacrifice, [DK_DISCARD] = apply_discard,
    [DK_SCRIPT] = apply_answer,
};

void game_perform(Game *g, const Option *o)
{
    if (o->verb == VERB_PLAY_CARD) {
        play_card(g, g->pending.player, o->subject);
        return;
    }
    if (o->verb == VERB_ACTION) {
        perform_action(g, o);
        return;
    }
    ApplyFn fn = g->pending.kind < DK_COUNT ? APPLY[g->pending.kind] : NULL;
    if (fn)
        fn(g, o);
}

static bool option_eq(const Option *a, const Option *b)
{
    return a->verb == b->verb && a->sub == b->sub && a->cell == b->cell && a->subject == b->subject &&
           a->pay == b->pay;
}

/* Records and carries out an option already known to be legal; the flow
 * has not gone on yet. Returns 0, or -1 when the log is out of memory. */
static int record_and_perform(Game *g, const Option *chosen, char *err, int errlen)
{
    if (g->log && action_log_append(g->log, chosen) != 0) {
        snprintf(err, (size_t)errlen, "out of memory recording the action");
        return -1;
    }
    memset(g->mod_work_decision, 0, sizeof g->mod_work_decision);   /* a new decision: the mods' work starts anew */
    game_perform(g, chosen);
    return 0;
}

/* record_and_perform, then the flow goes on to the next real decision. */
static int apply_legal(Game *g, const Option *chosen, char *err, int errlen)
{
    if (record_and_perform(g, chosen, err, errlen) != 0)
        return -1;
    flow_advance(g);
    return 0;
}

/* Whether `opt` is among the options listed for g now. */
static bool option_listed(const Game *g, const Option *opt)
{
    Option o[MAX_OPTIONS];
    int n = game_options(g, o, MAX_OPTIONS);
    for (int i = 0; i < n; i++)
        if (option_eq(&o[i], opt))
            return true;
    return false;
}

int game_apply_listed(Game *g, const Option *chosen, Option *next, char *err, int errlen)
{
    Option c = *chosen;   /* it may lie in `next`, which the flow overwrites */
#ifdef NDEBUG
    if (g->verify_listed && g->log)   /* the recorded game (not a bot's clone); debug builds always check */
#endif
        if (!option_listed(g, &c)) {
            snprintf(err, (size_t)errlen, "the %s option chosen at the %s decision is not listed for the same "
                     "position when listed again: a script answered differently when asked again (a query "
                     "handler, an action's offers or its needs that keep state outside game.state), or the "
                     "option was never listed", verb_name(c.verb), decision_kind_name(g->pending.kind));
            return -1;
        }
    if (record_and_perform(g, &c, err, errlen) != 0)
        return -1;
    return flow_settle(g, next);
}

int game_apply(Game *g, int index, char *err, int errlen)
{
    Option o[MAX_OPTIONS];
    int n = game_options(g, o, MAX_OPTIONS);
    if (index < 0 || index >= n) {
        snprintf(err, (size_t)errlen, "option %d is not legal: the %s decision has %d option%s",
                 index, decision_kind_name(g->pending.kind), n, n == 1 ? "" : "s");
        return -1;
    }
    Option chosen = o[index];
    return apply_legal(g, &chosen, err, errlen);
}

int game_apply_option(Game *g, const Option *opt, char *err, int errlen)
{
    if (option_listed(g, opt)) {
        Option chosen = *opt;
        return apply_legal(g, &chosen, err, errlen);
    }
    snprintf(err, (size_t)errlen, "that %s option is not legal in the %s decision", verb_name(opt->verb),
             decision_kind_name(g->pending.kind));
    return -1;
}
