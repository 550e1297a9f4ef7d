/* The game's shared changes, which every rule makes through: paying and
 * gaining resources, telling the scripts (game_emit), moving and hitting
 * critters, the land changing, the scripts' questions; and the action log. */
#include "core_internal.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int action_log_append(ActionLog *log, const Option *opt)
{
    if (log->len == log->cap) {
        int cap = log->cap ? log->cap * 2 : 256;
        Option *items = realloc(log->items, (size_t)cap * sizeof *items);
        if (!items)
            return -1;
        log->items = items;
        log->cap = cap;
    }
    log->items[log->len++] = *opt;
    return 0;
}

void action_log_free(ActionLog *log)
{
    free(log->items);
    log->items = NULL;
    log->len = log->cap = 0;
}

/* ---- resources ---- */

static void add_payment(uint16_t *out, int *n, int max, uint16_t p)
{
    for (int i = 0; i < *n; i++)
        if (out[i] == p)
            return;
    if (*n < max)
        out[(*n)++] = p;
}

int cost_payments(const Cost *cost, const uint8_t have[BIOME_COUNT], uint16_t *out, int max)
{
    int n = 0;
    if (cost->each) {
        if (have[0] >= cost->each && have[1] >= cost->each && have[2] >= cost->each)
            add_payment(out, &n, max, pay_pack(cost->each, cost->each, cost->each));
    }
    if (cost->any) {
        for (int d = 0; d <= have[0] && d <= cost->any; d++)
            for (int m = 0; m <= have[1] && d + m <= cost->any; m++) {
                int l = cost->any - d - m;
                if (cost->distinct && (d > 1 || m > 1 || l > 1))
                    continue;
                if (l <= have[2] && l <= 15)
                    add_payment(out, &n, max, pay_pack(d, m, l));
            }
    }
    if (cost->alike) {
        for (int b = 0; b < BIOME_COUNT; b++)
            if (have[b] >= cost->alike)
                add_payment(out, &n, max, pay_pack(b == 0 ? cost->alike : 0,
                                                   b == 1 ? cost->alike : 0,
                                                   b == 2 ? cost->alike : 0));
    }
    return n;
}

Cost game_item_cost(Game *g, int player, int item)
{
    const Rules *r = &g->rules;
    const Cost *base[COST_ITEM_COUNT] = {
        &r->cost_uno, &r->cost_duo, &r->cost_trio, &r->cost_volcano, &r->cost_island,
        &r->cost_caldera, &r->cost_sacrifice, &r->cost_evacuation, &r->cost_point,
    };
    Cost c = *base[item];
    if (!game_listens(g, EV_COST))
        return c;
    GameEvent ev;
    event_begin(&ev, EV_COST);
    EV_SET(ev, COST, player, player);
    EV_SET(ev, COST, item, item);
    EV_SET(ev, COST, any, c.any);
    EV_SET(ev, COST, alike, c.alike);
    EV_SET(ev, COST, each, c.each);
    EV_SET(ev, COST, distinct, c.distinct);
    game_emit(g, &ev);   /* the script layer keeps written fields within their ranges */
    c.any = (uint8_t)EV_GET(ev, COST, any);
    c.alike = (uint8_t)EV_GET(ev, COST, alike);
    c.each = (uint8_t)EV_GET(ev, COST, each);
    c.distinct = EV_GET(ev, COST, distinct) != 0;
    return c;
}

int game_payments_for(Game *g, int player, int item, uint16_t *out, int max)
{
    Cost c = game_item_cost(g, player, item);
    if (!c.any && !c.alike && !c.each) {   /* free */
        out[0] = 0;
        return max > 0;
    }
    return cost_payments(&c, g->player[player].resources, out, max);
}

void game_pay(Game *g, int player, uint16_t payment)
{
    for (int b = 0; b < BIOME_COUNT; b++) {
        int amount = pay_of(payment, b);
        g->player[player].resources[b] -= (uint8_t)amount;
        g->supply_resources[b] += (uint8_t)amount;
    }
}

void game_gain(Game *g, int player, int biome, int amount)
{
    if (amount > g->supply_resources[biome])
        amount = g->supply_resources[biome];
    g->supply_resources[biome] -= (uint8_t)amount;
    g->player[player].resources[biome] += (uint8_t)amount;
}

/* ---- events ---- */

int game_gate_open(const Game *g, const GameListening *l, int id)
{
    for (int i = l->gates_from[id]; i < l->gates_from[id + 1]; i++) {
        const GameGate *gate = &l->gates[i];
        if ((gate->card && !(g->cards_in_play & gate->card)) || g->players < gate->min_players ||
            (gate->variant[0] && strcmp(gate->variant, g->options.variant) != 0))
            continue;
        int open = 1;
        for (int t = 0; t < gate->n && open; t++) {
            int32_t v = g->state[gate->slot[t]];
            open = v >= 0 && v <= 63 && ((gate->values[t] >> v) & 1);
        }
        if (open)
            return 1;
    }
    return 0;
}

int game_emit(Game *g, GameEvent *ev)
{
    if (!g->hooks || !g->hooks->emit)
        return 0;
    char err[256];
    if (g->hooks->emit(g, g->hooks_ud, ev, err, sizeof err) != 0) {
        g->script_errors++;   /* the script layer has reported it, naming file, line, seed, turn, event */
        return -1;
    }
    return 0;
}

/* The target mask (players, TARGET_UNINHABITED) of the active player's tiles
 * and volcanoes under the game's variant (VariantRule), before the scripts'
 * say. `all`: every player's bit. */
static int variant_targets(const Game *g, int all)
{
    int v = g->options.variant[0] ? rules_variant_by_name(&g->rules, g->options.variant) : -1;
    const VariantRule *vr = v >= 0 ? &g->rules.variants[v] : NULL;
    if (!vr || !(vr->most_critters || vr->seat || vr->threshold) || g->players < vr->min_players)
        return all | TARGET_UNINHABITED;
    int me = g->active, most = -1, at_most = 0, over = 0;
    for (int p = 0; p < g->players; p++) {
        if (p == me)
            continue;
        int n = game_counted_land_critters(g, p);
        if (n > most) {
            most = n;
            at_most = 1 << p;
        } else if (n == most) {
            at_most |= 1 << p;
        }
        if (n >= g->rules.targeting_threshold)
            over |= 1 << p;
    }
    int mask = (vr->most_critters ? at_most : 0) | (vr->threshold ? over : 0);
    if (vr->seat)
        mask |= 1 << (((me + vr->seat) % g->players + g->players) % g->players);
    return mask | (vr->uninhabited ? TARGET_UNINHABITED : 0);
}

int game_target_players(Game *g)
{
    int all = (1 << g->players) - 1;
    int variant = variant_targets(g, all);
    if (!game_listens(g, EV_TARGETS))
        return variant;
    GameEvent ev;
    event_begin(&ev, EV_TARGETS);
    EV_SET(ev, TARGETS, player, g->active);
    EV_SET(ev, TARGETS, players, variant & all);
    EV_SET(ev, TARGETS, uninhabited, (variant & TARGET_UNINHABITED) != 0);
    game_emit(g, &ev);
    return ((int)EV_GET(ev, TARGETS, players) & all) |
           (EV_GET(ev, TARGETS, uninhabited) ? TARGET_UNINHABITED : 0);
}

bool game_stack_targetable(const Game *g, int cell, int mask)
{
    int ids[16], owners = 0;
    int n = game_critters_on_cell(g, cell, ids, 16);
    for (int i = 0; i < n; i++)
        owners |= 1 << (ids[i] / MAX_CRITTERS);
    return game_owners_targetable(owners, mask, board_top_class(&g->board, &g->rules, cell) == TILE_SOIL);
}

void game_critter_to_hand(Game *g, int id, int cause)
{
    Critter *c = game_critter(g, id);
    Hex h = board_hex(c->cell == NO_CELL ? 0 : c->cell);
    c->place = AT_HAND;
    c->cell = 0;
    c->area = 0;
    c->marks = 0;   /* back in hand, a critter is an ordinary one again */
    if (game_listens(g, EV_CRITTER_REMOVED)) {
        GameEvent ev;
        event_begin(&ev, EV_CRITTER_REMOVED);
        EV_SET(ev, CRITTER_REMOVED, owner, id / MAX_CRITTERS);
        EV_SET(ev, CRITTER_REMOVED, critter, id % MAX_CRITTERS + 1);
        EV_SET(ev, CRITTER_REMOVED, q, h.q);
        EV_SET(ev, CRITTER_REMOVED, r, h.r);
        EV_SET(ev, CRITTER_REMOVED, cause, cause);
        game_emit(g, &ev);
    }
}

void game_critter_move(Game *g, int id, int cell, int area, int cause)
{
    Critter *c = game_critter(g, id);
    Hex from = board_hex(c->cell == NO_CELL ? 0 : c->cell), to = board_hex(cell);
    c->place = AT_BOARD;
    c->cell = (uint16_t)cell;
    c->area = (uint8_t)area;
    g->contest_dirty = 1;
    if (game_listens(g, EV_CRITTER_MOVED)) {
        GameEvent ev;
        event_begin(&ev, EV_CRITTER_MOVED);
        EV_SET(ev, CRITTER_MOVED, owner, id / MAX_CRITTERS);
        EV_SET(ev, CRITTER_MOVED, critter, id % MAX_CRITTERS + 1);
        EV_SET(ev, CRITTER_MOVED, from_q, from.q);
        EV_SET(ev, CRITTER_MOVED, from_r, from.r);
        EV_SET(ev, CRITTER_MOVED, q, to.q);
        EV_SET(ev, CRITTER_MOVED, r, to.r);
        EV_SET(ev, CRITTER_MOVED, area, area + 1);
        EV_SET(ev, CRITTER_MOVED, cause, cause);
        game_emit(g, &ev);
    }
}

HitOutcome game_critter_hit(Game *g, int id, int cause)
{
    HitOutcome out = { false, false, false };
    if (!game_listens(g, EV_CRITTER_HIT))
        return out;
    const Critter *c = game_critter(g, id);
    Hex h = board_hex(c->cell);
    GameEvent ev;
    event_begin(&ev, EV_CRITTER_HIT);
    EV_SET(ev, CRITTER_HIT, owner, id / MAX_CRITTERS);
    EV_SET(ev, CRITTER_HIT, critter, id % MAX_CRITTERS + 1);
    EV_SET(ev, CRITTER_HIT, q, h.q);
    EV_SET(ev, CRITTER_HIT, r, h.r);
    EV_SET(ev, CRITTER_HIT, cause, cause);
    game_emit(g, &ev);
    out.spared = EV_GET(ev, CRITTER_HIT, spared) != 0;
    out.flee = EV_GET(ev, CRITTER_HIT, flee) != 0;
    out.stop = EV_GET(ev, CRITTER_HIT, stop) != 0;
    return out;
}

void game_land_changed(Game *g, int change, int cell)
{
    g->land_change = (uint8_t)change;
    if (!game_listens(g, EV_LAND_CHANGED))
        return;
    Hex h = board_hex(cell);
    GameEvent ev;
    event_begin(&ev, EV_LAND_CHANGED);
    EV_SET(ev, LAND_CHANGED, player, g->active);
    EV_SET(ev, LAND_CHANGED, change, change);
    EV_SET(ev, LAND_CHANGED, q, h.q);
    EV_SET(ev, LAND_CHANGED, r, h.r);
    game_emit(g, &ev);
}

void player_refresh_abilities(Game *g, int player)
{
    Player *pl = &g->player[player];
    pl->reach = (uint8_t)player_ability_max(g, player, offsetof(PowerCard, reach), REACH_TILE);
    pl->join = (uint8_t)player_ability_max(g, player, offsetof(PowerCard, join), 0);   /* 0 or 1: any */
}

void game_move_places(Game *g, const int *from, const int *to, int n)
{
    int16_t map[BOARD_CELLS];
    memset(map, 0xff, sizeof map);
    for (int i = 0; i < n; i++)
        map[from[i]] = (int16_t)to[i];
    for (int slot = 0; slot < g->rules.state_used; slot++) {
        int32_t v = g->state[slot];
        if (((g->rules.state_places[slot >> 3] >> (slot & 7)) & 1) && v > 0 && v <= BOARD_CELLS &&
            map[v - 1] >= 0)
            g->state[slot] = map[v - 1] + 1;
    }
    for (int c = 0; c < g->choice_len; c++)
        if (g->choice[c].cell < BOARD_CELLS && map[g->choice[c].cell] >= 0)
            g->choice[c].cell = (uint16_t)map[g->choice[c].cell];
    for (int a = 0; a < g->ask_len; a++)
        for (int k = 0; k < ASK_CONTEXT; k++) {
            int32_t v = g->ask[a].ctx[k];
            if (((g->ask[a].ctx_places >> k) & 1) && v > 0 && v <= BOARD_CELLS && map[v - 1] >= 0)
                g->ask[a].ctx[k] = map[v - 1] + 1;
        }
}

void game_ask_pop(Game *g)
{
    if (g->ask_len == 0)
        return;
    int n = g->ask[0].count;
    memmove(&g->choice[0], &g->choice[n], sizeof g->choice[0] * (size_t)(g->choice_len - n));
    g->choice_len = (uint16_t)(g->choice_len - n);
    memmove(&g->ask[0], &g->ask[1], sizeof g->ask[0] * (size_t)(g->ask_len - 1));
    g->ask_len--;
    for (int i = 0; i < g->ask_len; i++)
        g->ask[i].first = (uint16_t)(g->ask[i].first - n);
}

bool game_over(const Game *g) { return g->phase == PHASE_OVER; }

int game_ask(Game *g, const ScriptAsk *ask, const AskChoice *choices)
{
    if (g->ask_len >= MAX_ASKS || ask->count > MAX_CHOICES - g->choice_len || (ask->count == 0 && !ask->can_pass))
        return -1;
    ScriptAsk *a = &g->ask[g->ask_len++];
    *a = *ask;
    a->first = g->choice_len;
    memcpy(&g->choice[g->choice_len], choices, sizeof *choices * ask->count);
    g->choice_len = (uint16_t)(g->choice_len + ask->count);
    return 0;
}

