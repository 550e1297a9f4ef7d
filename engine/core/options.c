/* The legal options of the pending decision.
 *
 * Field use per verb (Option):
 *   PASS            -
 *   TILE            subject = tile type, cell, sub = rotation
 *   CRITTER         cell, sub = area (a critter from the decider's hand)
 *   MOVE / MIGRATE  subject = critter id, cell, sub = area
 *   EVACUATE        subject = critter id, cell, sub = area, pay
 *   BUY             subject = tile type or BUY_*, pay
 *   RETURN / KEEP   subject = critter id
 *   TARGET          cell
 *   UNLOCK          subject = grid slot
 *   SACRIFICE       subject = critter id
 *   SACRIFICE_HAND  pay
 *   RESOURCE        sub = biome
 * PASS, when legal, is always option 0. */
#include "core_internal.h"
#include "placement.h"

#include <string.h>

typedef struct Out {
    Option *o;
    int n, max;
} Out;

static void put(Out *out, int verb, int cell, int sub, int subject, int payv)
{
    if (out->n < out->max)
        out->o[out->n] = (Option){ (uint8_t)verb, (uint8_t)sub, (uint16_t)cell, (uint16_t)subject,
                                   (uint16_t)payv };
    out->n++;
}

static const ModeRules *mode_rules(const Game *g) { return &g->rules.modes[g->mode]; }

/* ---- frozen cells (game.h cell_frozen): nothing is placed on them ---- */

static bool any_frozen(const Game *g)
{
    for (size_t i = 0; i < sizeof g->frozen; i++)
        if (g->frozen[i])
            return true;
    return false;
}

/* Drops the options o[start..n) whose cell is frozen; returns the new count. */
static int drop_frozen(const Game *g, Option *o, int start, int n, int max)
{
    if (n > max)
        n = max;
    if (!any_frozen(g))
        return n;
    int k = start;
    for (int i = start; i < n; i++)
        if (!cell_frozen(g, o[i].cell))
            o[k++] = o[i];
    return k;
}

/* What the buy step may place: a tile type (0..), a volcano (BUY_VOLCANO) or
 * an island's first tile (BUY_ISLAND), somewhere not frozen. */
static bool placeable(const Game *g, int what, int mask)
{
    bool frozen = any_frozen(g);
    if (!frozen)
        return what == BUY_VOLCANO ? volcano_target_exists(g, mask)
             : what == BUY_ISLAND ? island_start_exists(g)
             : placement_exists(g, what, mask);
    Option scratch[MAX_OPTIONS];
    int n = 0;
    if (what == BUY_VOLCANO)
        list_volcano_targets(g, mask, scratch, &n, MAX_OPTIONS);
    else if (what == BUY_ISLAND)
        list_island_tiles(g, scratch, &n, MAX_OPTIONS);
    else
        list_placements(g, what, mask, scratch, &n, MAX_OPTIONS);
    return drop_frozen(g, scratch, 0, n, MAX_OPTIONS) > 0;
}

/* Free areas of `biome` on land cells in `reach`, other than `from`. */
static void reach_targets(const Game *g, const QueueItem *q, int verb, const uint16_t *pays,
                          int npays, Out *out)
{
    const Board *b = &g->board;
    if (cell_frozen(g, q->cell))
        return;   /* no critter moves off a frozen tile */
    for (int i = 0; i < b->land_count; i++) {
        if (!(q->reach[i >> 3] & (1 << (i & 7))))
            continue;
        int cell = b->land[i];
        if (cell == q->cell || cell_frozen(g, cell))
            continue;
        int areas = board_areas(b, &g->rules, cell);
        for (int a = 0; a < areas; a++) {
            if (board_area_biome(b, &g->rules, cell, a) != q->biome || critter_at(g, cell, a) >= 0)
                continue;
            if (npays == 0)
                put(out, verb, cell, a, q->subject, 0);
            for (int p = 0; p < npays; p++)
                put(out, verb, cell, a, q->subject, pays[p]);
        }
    }
}

/* The lead of a player's group in `region`: their first critter there in index
 * order, or -1 when they have fewer than two there. */
static int group_lead(const Game *g, const View *v, int p, int region)
{
    if (v->count_in[region][p] < 2)
        return -1;
    for (int i = 0; i < g->rules.critters_per_player; i++) {
        const Critter *c = &g->player[p].critters[i];
        if (c->place == AT_BOARD && !critter_dormant(c) && view_region(g, v, c->cell, c->area) == region)
            return i;
    }
    return -1;
}

/* Whether region r touches a tile where one of p's critters of region `from`
 * stands, or a tile next to one: the regions a group may move to. */
static bool region_connects(const Game *g, const View *v, int p, int from, int r)
{
    const Board *b = &g->board;
    for (int i = 0; i < g->rules.critters_per_player; i++) {
        const Critter *c = &g->player[p].critters[i];
        if (c->place != AT_BOARD || view_region(g, v, c->cell, c->area) != from)
            continue;
        for (int d = -1; d < HEX_DIRS; d++) {
            int cell = d < 0 ? c->cell : board_neighbour(c->cell, d);
            if (cell == NO_CELL || !board_is_land(b, cell))
                continue;
            int areas = board_areas(b, &g->rules, cell);
            for (int a = 0; a < areas; a++)
                if (view_region(g, v, cell, a) == r)
                    return true;
        }
    }
    return false;
}

/* Group moves (ABILITY_GROUP): the lead moves to the first free area of the
 * destination biome, the others follow (perform), so a destination needs as
 * many free areas as the group has critters. Marked by pay = 1. */
static void list_group_moves(const Game *g, const View *v, int p, Out *out)
{
    const Player *pl = &g->player[p];
    const Board *b = &g->board;
    int kind = pl->ability[ABILITY_GROUP];
    for (int from = 0; from < v->rg.count; from++) {
        int lead = group_lead(g, v, p, from);
        if (lead < 0)
            continue;
        int size = v->count_in[from][p];
        for (int r = 0; r < v->rg.count; r++) {
            if (r == from || (v->players_in[r] >> p) & 1)
                continue;
            if (kind == 2 && v->players_in[r])
                continue;   /* herds go onto uncontrolled biomes only */
            if (!region_connects(g, v, p, from, r))
                continue;
            /* Room: free areas, and (a pack) areas of smaller opposition it will wipe out. */
            int first_cell = -1, first_area = 0, free = 0;
            for (int k = 0; k < b->land_count; k++) {
                int cell = b->land[k];
                if (cell_frozen(g, cell))
                    continue;
                int areas = board_areas(b, &g->rules, cell);
                for (int a = 0; a < areas; a++) {
                    if (view_region(g, v, cell, a) != r)
                        continue;
                    int occupant = critter_at(g, cell, a);
                    bool room = occupant < 0 ||
                                (kind == 1 && v->count_in[r][occupant / MAX_CRITTERS] < size &&
                                 !critter_dormant(game_critter((Game *)g, occupant)));
                    if (room && free++ == 0) {
                        first_cell = cell;
                        first_area = a;
                    }
                }
            }
            if (free >= size)
                put(out, VERB_MOVE, first_cell, first_area, critter_id(p, lead), 1);
        }
    }
}

static void list_moves(const Game *g, Out *out)
{
    View v;
    view_compute(g, &v);
    const Board *b = &g->board;
    int p = g->active;
    const Player *pl = &g->player[p];
    put(out, VERB_PASS, 0, 0, 0, 0);
    for (int i = 0; i < g->rules.critters_per_player; i++) {
        const Critter *c = &g->player[p].critters[i];
        if (c->place != AT_BOARD || critter_dormant(c) || cell_frozen(g, c->cell))
            continue;
        int region = view_region(g, &v, c->cell, c->area);
        /* Within its biome, to a free area on another tile. */
        for (int k = 0; k < b->land_count; k++) {
            int cell = b->land[k];
            if (cell == c->cell || cell_frozen(g, cell))
                continue;
            int areas = board_areas(b, &g->rules, cell);
            for (int a = 0; a < areas; a++)
                if (view_region(g, &v, cell, a) == region && critter_at(g, cell, a) < 0)
                    put(out, VERB_MOVE, cell, a, critter_id(p, i), 0);
        }
        /* Onto another biome: an uncontrolled one of its own tile; with
         * abilities, of a neighbouring or any tile, into its owner's biome next
         * door (join), or onto another player's biome of its tile (share). */
        for (int k = 0; k < b->land_count; k++) {
            int cell = b->land[k];
            int dist = hex_distance(board_hex(cell), board_hex(c->cell));
            if (dist > 1 && !pl->ability[ABILITY_MOVE_ANYWHERE])
                continue;
            if (cell_frozen(g, cell))
                continue;
            int areas = board_areas(b, &g->rules, cell);
            for (int a = 0; a < areas; a++) {
                int r = view_region(g, &v, cell, a);
                if (r == region)
                    continue;
                int occupant = critter_at(g, cell, a);
                int others = v.players_in[r] & ~(1 << p);
                bool uncontrolled = v.players_in[r] == 0 && occupant < 0 &&
                                    (dist == 0 || pl->ability[ABILITY_MOVE_ANYWHERE] ||
                                     pl->ability[ABILITY_MOVE_ADJACENT]);
                bool join = pl->ability[ABILITY_JOIN] && v.players_in[r] == (1 << p) && occupant < 0;
                bool share = pl->ability[ABILITY_SHARE] && dist == 0 && others &&
                             (occupant < 0 ||
                              (occupant / MAX_CRITTERS != p &&
                               !g->player[occupant / MAX_CRITTERS].ability[ABILITY_SHARE]));
                if (uncontrolled || join || share)
                    put(out, VERB_MOVE, cell, a, critter_id(p, i), 0);
            }
        }
    }
    if (pl->ability[ABILITY_GROUP])
        list_group_moves(g, &v, p, out);
}

static int buy_allowed(const Game *g)
{
    return g->buys_made < g->extra_buys + 1;
}

static void list_buys(const Game *g, Out *out)
{
    Game *mg = (Game *)g;   /* target_players emits an event; it changes no state */
    const ModeRules *m = mode_rules(g);
    const Player *pl = &g->player[g->active];
    uint16_t pays[64];
    int start = out->n;
    put(out, VERB_PASS, 0, 0, 0, 0);
    int tile_options = 0;
    if (buy_allowed(g)) {
        int mask = target_players(mg);
        if (m->buy_tiles)
            for (int t = 0; t < g->rules.tile_type_count; t++) {
                const TileType *tt = &g->rules.tile_types[t];
                if (tt->tile_class > TILE_TRIO || g->supply_tiles[t] == 0)
                    continue;
                Cost cost = item_cost(mg, g->active, tt->tile_class == TILE_UNO ? COST_UNO
                                                     : tt->tile_class == TILE_DUO ? COST_DUO : COST_TRIO);
                int np = payments(&cost, pl->resources, pays, 64);
                if (np == 0 || !placeable(g, t, mask))
                    continue;
                for (int k = 0; k < np; k++)
                    put(out, VERB_BUY, 0, 0, t, pays[k]);
                tile_options += np;
            }
        if (m->buy_volcano && g->supply_volcanoes > 0 && placeable(g, BUY_VOLCANO, mask)) {
            int np = payments_for((Game *)g, g->active, COST_VOLCANO, pays, 64);
            for (int k = 0; k < np; k++)
                put(out, VERB_BUY, 0, 0, BUY_VOLCANO, pays[k]);
            tile_options += np;
        }
        if (m->buy_island && land_supply(g) > 0 && crater_count(g, g->active) >= g->rules.island_crater_critters &&
            placeable(g, BUY_ISLAND, mask)) {
            if (resource_total(pl) <= 1 && land_critter_count(g, g->active) < 3) {
                /* The free island for a player who has fallen out: theirs to take
                 * or leave, so it does not make buying compulsory. */
                put(out, VERB_BUY, 0, 0, BUY_ISLAND, 0);
            } else {
                int np = payments_for((Game *)g, g->active, COST_ISLAND, pays, 64);
                for (int k = 0; k < np; k++)
                    put(out, VERB_BUY, 0, 0, BUY_ISLAND, pays[k]);
                tile_options += np;
            }
        }
    }
    if (m->buy_caldera && !pl->caldera_bought && g->caldera_size > 0) {
        int np = payments_for((Game *)g, g->active, COST_CALDERA, pays, 64);
        for (int k = 0; k < np; k++)
            put(out, VERB_BUY, 0, 0, BUY_CALDERA, pays[k]);
    }
    if (m->buy_points) {
        int np = payments_for((Game *)g, g->active, COST_POINT, pays, 64);
        for (int k = 0; k < np; k++)
            put(out, VERB_BUY, 0, 0, BUY_POINT, pays[k]);
    }
    /* The first tile of a normal turn is compulsory when one can be bought. */
    if (tile_options > 0 && g->buys_made == 0 && g->mode == MODE_NORMAL) {
        memmove(&out->o[start], &out->o[start + 1], sizeof(Option) * (size_t)(out->n - start - 1));
        out->n--;
    }
}

static void list_claims(const Game *g, Out *out)
{
    put(out, VERB_PASS, 0, 0, 0, 0);
    if (first_in_hand(g, g->active) < 0)
        return;
    View v;
    view_compute(g, &v);
    const Board *b = &g->board;
    for (int k = 0; k < b->land_count; k++) {
        int cell = b->land[k];
        if (v.on_cell[cell] || cell_frozen(g, cell))
            continue;
        int areas = board_areas(b, &g->rules, cell);
        for (int a = 0; a < areas; a++)
            if (v.players_in[view_region(g, &v, cell, a)] == 0)
                put(out, VERB_CRITTER, cell, a, 0, 0);
    }
}

static void list_sacrifices(const Game *g, Out *out)
{
    const ModeRules *m = mode_rules(g);
    const Player *pl = &g->player[g->active];
    put(out, VERB_PASS, 0, 0, 0, 0);
    if (crater_count(g, g->active) >= g->rules.crater_capacity || g->sacrifices >= m->sacrifices_per_turn ||
        (g->turn_skip & TURN_SKIP_SACRIFICE))
        return;
    if (m->sacrifice_board && !pl->sacrificed_board)
        for (int i = 0; i < g->rules.critters_per_player; i++)
            if (pl->critters[i].place == AT_BOARD && !critter_dormant(&pl->critters[i]) &&
                !cell_frozen(g, pl->critters[i].cell))
                put(out, VERB_SACRIFICE, 0, 0, critter_id(g->active, i), 0);
    if (m->sacrifice_hand && !pl->sacrificed_hand && first_in_hand(g, g->active) >= 0) {
        uint16_t pays[64];
        int np = payments_for((Game *)g, g->active, COST_SACRIFICE, pays, 64);
        for (int k = 0; k < np; k++)
            put(out, VERB_SACRIFICE_HAND, 0, 0, 0, pays[k]);
    }
}

static void list_unlocks(const Game *g, Out *out)
{
    const Rules *r = &g->rules;
    const uint8_t *held = g->unlocked[g->active];
    int any = 0;
    for (int s = 0; s < r->grid_slot_count; s++)
        any |= held[s];
    for (int s = 0; s < r->grid_slot_count; s++) {
        if (held[s] || g->grid_card[s] == 255)
            continue;
        int ok = 0;
        if (!any)
            ok = r->grid[s].level == 1;
        else
            for (int h = 0; h < r->grid_slot_count && !ok; h++)
                ok = held[h] && rules_grid_adjacent(r, s, h);
        if (ok)
            put(out, VERB_UNLOCK, 0, 0, s, 0);
    }
}

int game_options(const Game *g, Option *o, int max)
{
    Out out = { o, 0, max };
    const Pending *pd = &g->pending;
    const Player *pl = &g->player[pd->player];
    switch (pd->kind) {
    case DK_SETUP_TILE:
        list_setup_tiles(g, o, &out.n, max);
        break;
    case DK_SETUP_CRITTER:
        list_setup_critters(g, o, &out.n, max);
        break;
    case DK_BONUS:
        for (int b = 0; b < BIOME_COUNT; b++)
            if (g->supply_resources[b] > 0)
                put(&out, VERB_RESOURCE, 0, b, 0, 0);
        break;
    case DK_MOVE:
        list_moves(g, &out);
        break;
    case DK_BUY:
        list_buys(g, &out);
        break;
    case DK_PLACE: {
        int mask = target_players((Game *)g);
        list_placements(g, g->bought_type, mask, o, &out.n, max);
        out.n = drop_frozen(g, o, 0, out.n, max);
        break;
    }
    case DK_ISLAND:
        list_island_tiles(g, o, &out.n, max);
        out.n = drop_frozen(g, o, 0, out.n, max);
        break;
    case DK_TARGET: {
        int mask = target_players((Game *)g);
        list_volcano_targets(g, mask, o, &out.n, max);
        out.n = drop_frozen(g, o, 0, out.n, max);
        break;
    }
    case DK_UNLOCK:
        list_unlocks(g, &out);
        break;
    case DK_MIGRATE:
        put(&out, VERB_RETURN, 0, 0, g->queue[0].subject, 0);
        reach_targets(g, &g->queue[0], VERB_MIGRATE, NULL, 0, &out);
        break;
    case DK_EVACUATE: {
        uint16_t pays[64];
        int np = g->queue[0].free_move ? (pays[0] = 0, 1)
                                       : payments_for((Game *)g, pd->player, COST_EVACUATION, pays, 64);
        put(&out, VERB_PASS, 0, 0, g->queue[0].subject, 0);
        if (np > 0)
            reach_targets(g, &g->queue[0], VERB_EVACUATE, pays, np, &out);
        break;
    }
    case DK_KEEP: {
        const QueueItem *q = &g->queue[0];
        View v;
        view_compute(g, &v);
        const Critter *anchor = game_critter((Game *)g, q->subject);
        int region = view_region(g, &v, anchor->cell, anchor->area);
        for (int i = 0; i < g->rules.critters_per_player; i++) {
            const Critter *c = &g->player[q->player].critters[i];
            if (c->place == AT_BOARD && view_region(g, &v, c->cell, c->area) == region)
                put(&out, VERB_RETURN, 0, 0, critter_id(q->player, i), 0);
        }
        break;
    }
    case DK_CLAIM:
        list_claims(g, &out);
        break;
    case DK_SACRIFICE:
        list_sacrifices(g, &out);
        break;
    case DK_SCRIPT: {
        const ScriptAsk *a = &g->ask[0];
        if (a->can_pass)
            put(&out, VERB_PASS, 0, 0, 0, 0);
        for (int i = 0; i < a->count; i++)
            put(&out, VERB_CHOOSE, a->cell[i], 0, i, 0);
        break;
    }
    case DK_DISCARD:   /* only while over the cap (pending.aux) */
        if (resource_total(pl) <= pd->aux)
            break;
        for (int b = 0; b < BIOME_COUNT; b++)
            if (pl->resources[b] > 0)
                put(&out, VERB_RESOURCE, 0, b, 0, 0);
        break;
    default:
        break;
    }
    /* Bolt cards: the active player may play one at any decision of their own
     * turn (not in set-up, not in finale turns, not once the game is over). */
    bool turn_decision = g->phase != PHASE_SETUP && pd->kind != DK_GAME_OVER && pd->kind < DK_COUNT &&
                         out.n > 0;
    if (turn_decision && pd->player == g->active && g->mode != MODE_FINALE) {
        const Player *ap = &g->player[g->active];
        for (int i = 0; i < ap->caldera_count; i++)
            if (g->rules.power_cards[ap->caldera[i]].bolt)
                put(&out, VERB_PLAY_CARD, 0, 0, i, 0);
    }
    return out.n < max ? out.n : max;
}
