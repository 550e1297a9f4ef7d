/* Starting a game (game_init: the supply, the Power Grid dealt, critters to
 * hand) and set-up (rulebook: Set-up 3-8): each player's starting island, tile by tile,
 * and a critter on each tile; the first player drawn; first resources (one
 * per biome type a player's critters control); the later players' bonus
 * picks. Then the scripts hear that the game starts, and the first turn. */
#include "core_internal.h"

#include <stdio.h>
#include <string.h>

/* First resources: one per biome type (dark, medium, light) the player's
 * critters control, so at most three (RULINGS: Small rulings). */
static void setup_collect(Game *g)
{
    View v;
    game_view(g, &v);
    for (int p = 0; p < g->players; p++) {
        int seen[BIOME_COUNT] = { 0 };
        for (int r = 0; r < v.rg.count; r++)
            if (v.players_in[r] & (1 << p))
                seen[v.rg.biome[r]] = 1;
        for (int b = 0; b < BIOME_COUNT; b++)
            if (seen[b])
                game_gain(g, p, b, 1);
    }
}

void setup_announce_held_powers(Game *g)
{
    if (game_listens(g, EV_POWER_UNLOCKED))
        for (int p = 0; p < g->players; p++)
            for (int c = 0; c < g->rules.power_card_count; c++) {
                if (!((g->options.hold[p] >> c) & 1))
                    continue;
                GameEvent ev;
                event_begin(&ev, EV_POWER_UNLOCKED);
                EV_SET(ev, POWER_UNLOCKED, player, p);
                EV_SET(ev, POWER_UNLOCKED, slot, -1);
                EV_SET(ev, POWER_UNLOCKED, card, c);
                game_emit(g, &ev);
            }
    if (game_listens(g, EV_GAME_START)) {
        GameEvent ev;
        event_begin(&ev, EV_GAME_START);
        EV_SET(ev, GAME_START, first_player, g->first_player);
        game_emit(g, &ev);
    }
}

void setup_next(Game *g)
{
    int steps = g->players * 6;
    if (g->setup_step < steps) {
        int stage = g->setup_step % 6;
        g->pending = (Pending){ (uint8_t)(stage % 2 == 0 ? DK_SETUP_TILE : DK_SETUP_CRITTER),
                                (uint8_t)(g->setup_step / 6), 0, 0, 0 };
        return;
    }
    if (g->setup_step == steps) {
        g->first_player = (uint8_t)rng_below(&g->rng, (uint32_t)g->players);
        g->active = g->first_player;
        setup_collect(g);
        g->setup_step++;
    }
    /* Bonus picks: player two onwards, `later_player_bonus` each. */
    int pick = g->setup_step - steps - 1;
    int per = g->rules.later_player_bonus;
    if (per > 0 && pick < per * (g->players - 1)) {
        int player = (g->first_player + 1 + pick / per) % g->players;
        g->pending = (Pending){ DK_BONUS, (uint8_t)player, 0, 0, 0 };
        return;
    }
    setup_announce_held_powers(g);
    flow_begin_turn(g);
}

static void fill_supply(Game *g)
{
    const Rules *r = &g->rules;
    int total = r->land_tiles_base + r->land_tiles_per_extra_player * (g->players - 2);
    int per_class[3];
    per_class[TILE_TRIO] = (total * r->share_percent[TILE_TRIO] + 50) / 100;
    per_class[TILE_DUO] = (total * r->share_percent[TILE_DUO] + 50) / 100;
    per_class[TILE_UNO] = total - per_class[TILE_TRIO] - per_class[TILE_DUO];
    memset(g->supply_tiles, 0, sizeof g->supply_tiles);
    for (int c = 0; c < 3; c++) {
        int types[MAX_TILE_TYPES], nt = 0;
        for (int t = 0; t < r->tile_type_count; t++)
            if (r->tile_types[t].tile_class == c)
                types[nt++] = t;
        for (int k = 0; k < per_class[c] && nt > 0; k++)   /* round robin keeps colours balanced */
            g->supply_tiles[types[k % nt]]++;
    }
    g->supply_volcanoes = (uint8_t)(r->volcanoes_per_player * g->players);
    for (int b = 0; b < BIOME_COUNT; b++)
        g->supply_resources[b] = r->resources_per_type;
}

static void deal_grid(Game *g)
{
    const Rules *r = &g->rules;
    int order[MAX_POWER_CARDS];
    for (int i = 0; i < r->power_card_count; i++)
        order[i] = i;
    for (int i = r->power_card_count - 1; i > 0; i--) {   /* Fisher-Yates */
        int j = (int)rng_below(&g->rng, (uint32_t)(i + 1));
        int t = order[i]; order[i] = order[j]; order[j] = t;
    }
    /* Cards asked for by options.deal go first, keeping the shuffled order. */
    int front = 0;
    for (int i = 0; i < r->power_card_count; i++)
        if ((g->options.deal >> order[i]) & 1) {
            int t = order[i];
            memmove(&order[front + 1], &order[front], sizeof(int) * (size_t)(i - front));
            order[front++] = t;
        }
    memset(g->grid_card, 255, sizeof g->grid_card);
    g->caldera_size = 0;
    for (int i = 0; i < r->power_card_count; i++) {
        const PowerCard *card = &r->power_cards[order[i]];
        int empty[MAX_GRID_SLOTS], ne = 0;
        for (int s = 0; s < r->grid_slot_count; s++) {
            const GridSlot *slot = &r->grid[s];
            if (g->grid_card[s] == 255 && slot->level >= card->level_min &&
                slot->level <= card->level_max && (!card->middle_only || slot->column == 0))
                empty[ne++] = s;
        }
        if (ne > 0)
            g->grid_card[empty[rng_below(&g->rng, (uint32_t)ne)]] = (uint8_t)order[i];
        else
            g->caldera_deck[g->caldera_size++] = (uint8_t)order[i];
    }
}

void setup_drop_held_cards(Game *g)
{
    uint64_t held = 0;
    for (int p = 0; p < g->players; p++)
        held |= g->options.hold[p];
    for (int s = 0; s < g->rules.grid_slot_count; s++)
        if (g->grid_card[s] != 255 && ((held >> g->grid_card[s]) & 1))
            g->grid_card[s] = 255;
    int kept = 0;
    for (int i = 0; i < g->caldera_size; i++)
        if (!((held >> g->caldera_deck[i]) & 1))
            g->caldera_deck[kept++] = g->caldera_deck[i];
    g->caldera_size = kept;
}

/* A named variant must be one the rules declare (rules without variants,
 * content alone and no scripts, take any name as it is). */
static int check_variant(const Rules *rules, const GameOptions *opts, char *err, int errlen)
{
    char known[MAX_VARIANTS * VARIANT_LEN];
    if (!opts->variant[0] || rules_variant_allowed(rules, opts->variant, known, sizeof known))
        return 0;
    snprintf(err, (size_t)errlen, "variant: the rules have no variant '%s' (they have: %s)", opts->variant, known);
    return -1;
}

void game_set_hooks(Game *g, const GameHooks *hooks, void *hooks_ud)
{
    g->hooks = hooks;
    g->hooks_ud = hooks_ud;
    g->listening = hooks && hooks->listening ? hooks->listening(hooks_ud) : NULL;
    g->verify_listed = hooks && hooks->verify_listed && hooks->verify_listed(hooks_ud);
}

int game_init(Game *g, const Rules *rules, const GameOptions *opts, uint64_t seed,
              const GameHooks *hooks, void *hooks_ud, char *err, int errlen)
{
    if (rules_validate(rules, err, errlen))
        return -1;
    if (opts->players < MIN_PLAYERS || opts->players > MAX_PLAYERS) {
        snprintf(err, (size_t)errlen, "players: must be %d to %d, got %d", MIN_PLAYERS, MAX_PLAYERS,
                 opts->players);
        return -1;
    }
    if (opts->setup_variation != 1 && opts->setup_variation != 2) {
        snprintf(err, (size_t)errlen, "setup variation: must be 1 or 2, got %d", opts->setup_variation);
        return -1;
    }
    if (game_params_check(opts, err, errlen))
        return -1;
    if (check_variant(rules, opts, err, errlen))
        return -1;
    memset(g, 0, sizeof *g);
    g->rules = *rules;
    g->options = *opts;
    if (g->options.variant[0] == 0 && opts->players >= 3 && rules->default_variant)   /* the rules' default */
        snprintf(g->options.variant, sizeof g->options.variant, "%s",
                 rules->variants[rules->default_variant - 1].name);
    g->seed = seed;
    game_set_hooks(g, hooks, hooks_ud);
    rng_seed(&g->rng, seed);
    board_clear(&g->board);
    board_set_rules(&g->board, &g->rules);
    g->players = opts->players;
    fill_supply(g);
    deal_grid(g);
    setup_drop_held_cards(g);
    for (int p = 0; p < MAX_PLAYERS; p++)
        for (int i = 0; i < MAX_CRITTERS; i++)
            g->player[p].critters[i].place =
                (p < g->players && i < rules->critters_per_player) ? AT_HAND : AT_UNUSED;
    for (int i = 0; i < rules->state_init_count; i++)   /* the scripts' state starts at its defaults */
        g->state[rules->state_init_slot[i]] = rules->state_init_value[i];
    for (int p = 0; p < g->players; p++) {
        g->cards_in_play |= g->options.hold[p];
        player_refresh_abilities(g, p);
    }
    g->phase = PHASE_SETUP;
    g->setup_step = 0;
    flow_advance(g);
    return 0;
}

