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
 *   CHOOSE          subject = choice index, cell = its place (or NO_CELL)
 *   PLAY_CARD       subject = Caldera hand index
 *   ACTION          sub = script action id, cell, subject = critter id + 1, pay = value
 * PASS, when legal, is always option 0. Scripts' actions and bolt cards come last. */
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

/* ---- cell marks (CellTrait): where nothing may be built ---- */

static bool any_unbuildable(const Game *g)
{
    for (int m = 0; m < g->rules.cell_mark_count; m++)
        if (g->rules.cell_marks[m].traits & LT_NO_BUILD)
            for (size_t i = 0; i < sizeof g->cell_marks[m]; i++)
                if (g->cell_marks[m][i])
                    return true;
    return false;
}

/* Drops the options o[start..n) on cells where nothing may be built; returns the new count. */
static int drop_unbuildable(const Game *g, Option *o, int start, int n, int max)
{
    if (n > max)
        n = max;
    if (!any_unbuildable(g))
        return n;
    int k = start;
    for (int i = start; i < n; i++)
        if (!cell_has_trait(g, o[i].cell, LT_NO_BUILD))
            o[k++] = o[i];
    return k;
}

static bool may_leave(const Game *g, const Critter *c)
{
    return !critter_has_trait(g, c, CT_STAYS) && !cell_has_trait(g, c->cell, LT_NO_LEAVE);
}

/* What the buy step may place: a tile type (0..), a volcano (BUY_VOLCANO) or
 * an island's first tile (BUY_ISLAND), somewhere not frozen. */
static bool placeable(const Game *g, int what, int mask)
{
    if (!any_unbuildable(g))
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
    return drop_unbuildable(g, scratch, 0, n, MAX_OPTIONS) > 0;
}

/* Free areas of `biome` on land cells in `reach`, other than `from`. */
static void reach_targets(const Game *g, const QueueItem *q, int verb, const uint16_t *pays,
                          int npays, Out *out)
{
    const Board *b = &g->board;
    if (cell_has_trait(g, q->cell, LT_NO_LEAVE))
        return;
    for (int i = 0; i < b->land_count; i++) {
        if (!(q->reach[i >> 3] & (1 << (i & 7))))
            continue;
        int cell = b->land[i];
        if (cell == q->cell || cell_has_trait(g, cell, LT_NO_ENTER))
            continue;
        int areas = board_areas(b, &g->rules, cell);
        for (int a = 0; a < areas; a++) {
            if (board_area_biome(b, &g->rules, cell, a) != q->biome || game_critter_at(g, cell, a) >= 0)
                continue;
            if (npays == 0)
                put(out, verb, cell, a, q->subject, 0);
            for (int p = 0; p < npays; p++)
                put(out, verb, cell, a, q->subject, pays[p]);
        }
    }
}

/* Move step (rulebook: Critter movement): a critter moves within its biome to
 * a free area of another tile, or onto an uncontrolled biome of its own tile;
 * a player whose cards reach further (Player.reach) may go onto uncontrolled
 * biomes of neighbouring tiles or anywhere, and one whose cards join
 * (Player.join) into a biome they control within one step. */
/* The moves of critter i of player p (on the board, free to leave), view v:
 * within its biome to a free area of another tile; onto another biome, an
 * uncontrolled one within the owner's reach or (join) one the owner
 * controls within one step. */
static void list_critter_moves(const Game *g, const View *v, int p, int i, Out *out)
{
    const Board *b = &g->board;
    const Player *pl = &g->player[p];
    const Critter *c = &pl->critters[i];
    if (c->place != AT_BOARD || !may_leave(g, c))
        return;
    int region = game_view_region(g, v, c->cell, c->area);
    for (int k = 0; k < b->land_count; k++) {
        int cell = b->land[k];
        if (cell == c->cell || cell_has_trait(g, cell, LT_NO_ENTER))
            continue;
        int areas = board_areas(b, &g->rules, cell);
        for (int a = 0; a < areas; a++)
            if (game_view_region(g, v, cell, a) == region && game_critter_at(g, cell, a) < 0)
                put(out, VERB_MOVE, cell, a, critter_id(p, i), 0);
    }
    int reach = pl->reach == REACH_ANY ? 1 << 20 : pl->reach == REACH_ADJACENT ? 1 : 0;
    int max_dist = reach > (pl->join ? 1 : 0) ? reach : (pl->join ? 1 : 0);
    for (int k = 0; k < b->land_count; k++) {
        int cell = b->land[k];
        int dist = hex_distance(board_hex(cell), board_hex(c->cell));
        if (dist > max_dist || cell_has_trait(g, cell, LT_NO_ENTER))
            continue;
        int areas = board_areas(b, &g->rules, cell);
        for (int a = 0; a < areas; a++) {
            int r = game_view_region(g, v, cell, a);
            if (r == region || game_critter_at(g, cell, a) >= 0)
                continue;
            bool uncontrolled = v->players_in[r] == 0 && dist <= reach;
            bool join = pl->join && dist <= 1 && v->players_in[r] == (1 << p);
            if (uncontrolled || join)
                put(out, VERB_MOVE, cell, a, critter_id(p, i), 0);
        }
    }
}

static void list_moves(const Game *g, Out *out)
{
    View v;
    game_view(g, &v);
    put(out, VERB_PASS, 0, 0, 0, 0);
    for (int i = 0; i < g->rules.critters_per_player; i++)
        list_critter_moves(g, &v, g->active, i, out);
}

int game_critter_moves(const Game *g, int id, Option *o, int max)
{
    if (id < 0 || id >= g->players * MAX_CRITTERS || id % MAX_CRITTERS >= g->rules.critters_per_player)
        return 0;
    View v;
    game_view(g, &v);
    Out out = { o, 0, max };
    list_critter_moves(g, &v, id / MAX_CRITTERS, id % MAX_CRITTERS, &out);
    return out.n;
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
        int mask = game_target_players(mg);
        Cost class_cost[TILE_TRIO + 1];   /* asked once per tile class: every type of a class costs the same */
        int class_asked = 0;
        if (m->buy_tiles)
            for (int t = 0; t < g->rules.tile_type_count; t++) {
                const TileType *tt = &g->rules.tile_types[t];
                if (tt->tile_class > TILE_TRIO || g->supply_tiles[t] == 0)
                    continue;
                if (!(class_asked >> tt->tile_class & 1)) {
                    class_cost[tt->tile_class] = game_item_cost(mg, g->active, tt->tile_class == TILE_UNO ? COST_UNO
                                                                  : tt->tile_class == TILE_DUO ? COST_DUO : COST_TRIO);
                    class_asked |= 1 << tt->tile_class;
                }
                int np = cost_payments(&class_cost[tt->tile_class], pl->resources, pays, 64);
                if (np == 0 || !placeable(g, t, mask))
                    continue;
                for (int k = 0; k < np; k++)
                    put(out, VERB_BUY, 0, 0, t, pays[k]);
                tile_options += np;
            }
        if (m->buy_volcano && g->supply_volcanoes > 0 && placeable(g, BUY_VOLCANO, mask)) {
            int np = game_payments_for((Game *)g, g->active, COST_VOLCANO, pays, 64);
            for (int k = 0; k < np; k++)
                put(out, VERB_BUY, 0, 0, BUY_VOLCANO, pays[k]);
            tile_options += np;
        }
        if (m->buy_island && game_land_supply(g) > 0 && game_crater_count(g, g->active) >= g->rules.island_crater_critters &&
            placeable(g, BUY_ISLAND, mask)) {
            if (player_resource_total(pl) <= 1 && game_land_critters(g, g->active) < 3) {
                /* The free island for a player who has fallen out: theirs to take
                 * or leave, so it does not make buying compulsory. */
                put(out, VERB_BUY, 0, 0, BUY_ISLAND, 0);
            } else {
                int np = game_payments_for((Game *)g, g->active, COST_ISLAND, pays, 64);
                for (int k = 0; k < np; k++)
                    put(out, VERB_BUY, 0, 0, BUY_ISLAND, pays[k]);
                tile_options += np;
            }
        }
    }
    /* The first tile of a normal turn is compulsory when one can be bought;
     * a Caldera card waits until it is, so its price cannot dodge the tile. */
    bool compulsory = tile_options > 0 && g->buys_made == 0 && g->mode == MODE_NORMAL;
    if (m->buy_caldera && !pl->caldera_bought && g->caldera_size > 0 && !compulsory) {
        int np = game_payments_for((Game *)g, g->active, COST_CALDERA, pays, 64);
        for (int k = 0; k < np; k++)
            put(out, VERB_BUY, 0, 0, BUY_CALDERA, pays[k]);
    }
    if (m->buy_points) {
        int np = game_payments_for((Game *)g, g->active, COST_POINT, pays, 64);
        for (int k = 0; k < np; k++)
            put(out, VERB_BUY, 0, 0, BUY_POINT, pays[k]);
    }
    if (compulsory) {   /* no passing either */
        memmove(&out->o[start], &out->o[start + 1], sizeof(Option) * (size_t)(out->n - start - 1));
        out->n--;
    }
}

static void list_claims(const Game *g, Out *out)
{
    put(out, VERB_PASS, 0, 0, 0, 0);
    if (game_first_in_hand(g, g->active) < 0)
        return;
    View v;
    game_view(g, &v);
    const Board *b = &g->board;
    for (int k = 0; k < b->land_count; k++) {
        int cell = b->land[k];
        if (v.on_cell[cell] || cell_has_trait(g, cell, LT_NO_ENTER))
            continue;
        int areas = board_areas(b, &g->rules, cell);
        for (int a = 0; a < areas; a++)
            if (v.players_in[game_view_region(g, &v, cell, a)] == 0)
                put(out, VERB_CRITTER, cell, a, 0, 0);
    }
}

static void list_sacrifices(const Game *g, Out *out)
{
    const ModeRules *m = mode_rules(g);
    const Player *pl = &g->player[g->active];
    put(out, VERB_PASS, 0, 0, 0, 0);
    if (game_crater_count(g, g->active) >= g->rules.crater_capacity || g->sacrifices >= m->sacrifices_per_turn ||
        (g->turn_skip & TURN_SKIP_SACRIFICE))
        return;
    if (m->sacrifice_board && !pl->sacrificed_board)
        for (int i = 0; i < g->rules.critters_per_player; i++)
            if (pl->critters[i].place == AT_BOARD && may_leave(g, &pl->critters[i]))
                put(out, VERB_SACRIFICE, 0, 0, critter_id(g->active, i), 0);
    if (m->sacrifice_hand && !pl->sacrificed_hand && game_first_in_hand(g, g->active) >= 0) {
        uint16_t pays[64];
        int np = game_payments_for((Game *)g, g->active, COST_SACRIFICE, pays, 64);
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

/* An evacuation (rulebook: Volcanoes and lava): pay to move the critter to
 * its biome elsewhere, or let it be lost; a critter that must flee goes for
 * free and may not stay while somewhere can take it. */
static void list_evacuations(const Game *g, Out *out)
{
    const QueueItem *q = &g->queue[0];
    uint16_t pays[64];
    int np = q->must_flee ? (pays[0] = 0, 1)
                          : game_payments_for((Game *)g, g->pending.player, COST_EVACUATION, pays, 64);
    int start = out->n;
    put(out, VERB_PASS, 0, 0, q->subject, 0);
    if (np > 0)
        reach_targets(g, q, VERB_EVACUATE, pays, np, out);
    if (q->must_flee && out->n > start + 1 && out->n <= out->max) {   /* somewhere to go: no staying */
        memmove(&out->o[start], &out->o[start + 1], sizeof(Option) * (size_t)(out->n - start - 1));
        out->n--;
    }
}

/* Bolt cards: the active player may play one at a decision of their own turn
 * (not in set-up or finale turns) where the card says it applies. */
static void list_bolts(const Game *g, Out *out)
{
    const Pending *pd = &g->pending;
    if (pd->player != g->active || g->mode == MODE_FINALE)
        return;
    const Player *ap = &g->player[g->active];
    for (int i = 0; i < ap->caldera_count; i++) {
        const PowerCard *card = &g->rules.power_cards[ap->caldera[i]];
        if (!card->bolt || (card->bolt_at && !((card->bolt_at >> pd->kind) & 1)))
            continue;
        if (card->bolt_asks && g->hooks && g->hooks->bolt_offered &&
            !g->hooks->bolt_offered(g->hooks_ud, g, ap->caldera[i]))
            continue;   /* playing it here would change nothing */
        put(out, VERB_PLAY_CARD, 0, 0, i, 0);
    }
}

/* DK_BONUS: one resource of any kind the supply still has. */
static void list_bonus(const Game *g, Out *out)
{
    for (int b = 0; b < BIOME_COUNT; b++)
        if (g->supply_resources[b] > 0)
            put(out, VERB_RESOURCE, 0, b, 0, 0);
}

/* DK_PLACE: where the bought tile may go, among the stacks the targeting rule allows. */
static void list_place(const Game *g, Out *out)
{
    int mask = game_target_players((Game *)g);
    list_placements(g, g->bought_type, mask, out->o, &out->n, out->max);
    out->n = drop_unbuildable(g, out->o, 0, out->n, out->max);
}

/* DK_ISLAND: the island's next tile, or stopping once the required tiles are down. */
static void list_island(const Game *g, Out *out)
{
    const Pending *pd = &g->pending;
    if (pd->aux <= pd->subject)   /* the optional last tiles may be declined */
        put(out, VERB_PASS, 0, 0, 0, 0);
    list_island_tiles(g, out->o, &out->n, out->max);
    out->n = drop_unbuildable(g, out->o, 0, out->n, out->max);
}

/* DK_TARGET: the stacks the held volcano may erupt on. */
static void list_targets(const Game *g, Out *out)
{
    int mask = game_target_players((Game *)g);
    list_volcano_targets(g, mask, out->o, &out->n, out->max);
    out->n = drop_unbuildable(g, out->o, 0, out->n, out->max);
}

/* DK_KEEP: which of the owner's critters in the contested biome stays (the
 * others of theirs go home). */
static void list_keeps(const Game *g, Out *out)
{
    const QueueItem *q = &g->queue[0];
    View v;
    game_view(g, &v);
    const Critter *anchor = game_critter((Game *)g, q->subject);
    int region = game_view_region(g, &v, anchor->cell, anchor->area);
    for (int i = 0; i < g->rules.critters_per_player; i++) {
        const Critter *c = &g->player[q->player].critters[i];
        if (c->place == AT_BOARD && !critter_has_trait(g, c, CT_PEACEFUL) &&
            game_view_region(g, &v, c->cell, c->area) == region)
            put(out, VERB_RETURN, 0, 0, critter_id(q->player, i), 0);
    }
}

/* DK_SCRIPT: the first open question's choices, and passing when it allows it. */
static void list_script_choices(const Game *g, Out *out)
{
    const ScriptAsk *a = &g->ask[0];
    if (a->can_pass)
        put(out, VERB_PASS, 0, 0, 0, 0);
    for (int i = 0; i < a->count; i++)
        put(out, VERB_CHOOSE, g->choice[a->first + i].cell, 0, i, 0);
}

/* DK_DISCARD: one resource the player holds, only while over the cap (pending.aux). */
static void list_discards(const Game *g, Out *out)
{
    const Pending *pd = &g->pending;
    const Player *pl = &g->player[pd->player];
    if (player_resource_total(pl) <= pd->aux)
        return;
    for (int b = 0; b < BIOME_COUNT; b++)
        if (pl->resources[b] > 0)
            put(out, VERB_RESOURCE, 0, b, 0, 0);
}

/* DK_SETUP_TILE and DK_SETUP_CRITTER: the set-up placements (placement.c). */
static void list_setup_tile_options(const Game *g, Out *out)
{
    list_setup_tiles(g, out->o, &out->n, out->max);
}

static void list_setup_critter_options(const Game *g, Out *out)
{
    list_setup_critters(g, out->o, &out->n, out->max);
}

/* DK_MIGRATE: the covered critter goes home, or migrates within its reach. */
static void list_migrations(const Game *g, Out *out)
{
    put(out, VERB_RETURN, 0, 0, g->queue[0].subject, 0);
    reach_targets(g, &g->queue[0], VERB_MIGRATE, NULL, 0, out);
}

/* The decision kinds' listers, by kind; NULL: the kind offers nothing of its own. */
static void (*const LISTER[DK_COUNT])(const Game *, Out *) = {
    [DK_SETUP_TILE] = list_setup_tile_options, [DK_SETUP_CRITTER] = list_setup_critter_options,
    [DK_BONUS] = list_bonus, [DK_MOVE] = list_moves, [DK_BUY] = list_buys, [DK_PLACE] = list_place,
    [DK_ISLAND] = list_island, [DK_TARGET] = list_targets, [DK_UNLOCK] = list_unlocks,
    [DK_MIGRATE] = list_migrations, [DK_EVACUATE] = list_evacuations, [DK_KEEP] = list_keeps,
    [DK_CLAIM] = list_claims, [DK_SACRIFICE] = list_sacrifices, [DK_SCRIPT] = list_script_choices,
    [DK_DISCARD] = list_discards,
};

int list_own_options(const Game *g, Option *o, int max)
{
    Out out = { o, 0, max };
    const Pending *pd = &g->pending;
    if (pd->kind < DK_COUNT && LISTER[pd->kind])
        LISTER[pd->kind](g, &out);
    return out.n < max ? out.n : max;
}

int game_options(const Game *g, Option *o, int max)
{
    Out out = { o, list_own_options(g, o, max), max };
    const Pending *pd = &g->pending;
    bool turn_decision = g->phase != PHASE_SETUP && pd->kind != DK_GAME_OVER && pd->kind < DK_COUNT &&
                         pd->kind != DK_ERUPT && pd->kind != DK_LAVA_FLOW && out.n > 0;
    /* Finale turns allow only claims (rulebook: Depleted land tiles sequence):
     * no script action, as no bolt (list_bolts). */
    if (turn_decision && g->mode != MODE_FINALE && g->hooks && g->hooks->actions && out.n < max &&
        game_may_offer_actions(g, pd->kind))
        out.n += g->hooks->actions(g->hooks_ud, g, o + out.n, max - out.n);
    if (turn_decision)
        list_bolts(g, &out);
    return out.n < max ? out.n : max;
}
