/* The core's read-only queries (query.h): names of kinds, verbs and phases;
 * where critters are and how many; the supply; the board's biomes as the
 * rules see them (game_view); which powers a player holds. They change
 * nothing and call nothing that does, so every rule file may use them. */
#include "core_internal.h"

#include <string.h>

static const char *const KIND_NAMES[DK_COUNT] = {
    "setup_tile", "setup_critter", "bonus", "move", "buy", "place", "migrate", "keep",
    "target", "unlock", "evacuate", "island", "claim", "sacrifice", "discard", "script", "erupt", "lava_flow", "game_over",
};
static const char *const VERB_NAMES[VERB_COUNT] = {
    "pass", "tile", "critter", "move", "buy", "migrate", "return", "keep", "target",
    "unlock", "evacuate", "sacrifice", "sacrifice_hand", "resource", "choose", "play_card", "action",
};
static const char *const PHASE_NAMES[PHASE_COUNT] = {
    "setup", "move", "buy", "claim", "sacrifice", "collect", "lava", "over",
};

const char *decision_kind_name(int k) { return k >= 0 && k < DK_COUNT ? KIND_NAMES[k] : "?"; }
const char *verb_name(int v) { return v >= 0 && v < VERB_COUNT ? VERB_NAMES[v] : "?"; }
const char *phase_name(int p) { return p >= 0 && p < PHASE_COUNT ? PHASE_NAMES[p] : "?"; }
const char *end_reason_name(const Game *g, int r)
{
    return r >= 0 && r < g->rules.end_reason_count ? g->rules.end_reasons[r] : "?";
}

int game_hand_count(const Game *g, int player)
{
    int n = 0;
    for (int i = 0; i < g->rules.critters_per_player; i++)
        n += g->player[player].critters[i].place == AT_HAND;
    return n;
}

int game_crater_count(const Game *g, int player)
{
    int n = 0;
    for (int i = 0; i < g->rules.critters_per_player; i++)
        n += g->player[player].critters[i].place == AT_CRATER;
    return n;
}

int game_land_critters(const Game *g, int player)
{
    int n = 0;
    for (int i = 0; i < g->rules.critters_per_player; i++)
        n += g->player[player].critters[i].place == AT_BOARD;
    return n;
}

int game_counted_land_critters(const Game *g, int player)
{
    int n = 0;
    for (int i = 0; i < g->rules.critters_per_player; i++) {
        const Critter *c = &g->player[player].critters[i];
        n += c->place == AT_BOARD && !critter_has_trait(g, c, CT_UNCOUNTED);
    }
    return n;
}

int game_first_in_hand(const Game *g, int player)
{
    for (int i = 0; i < g->rules.critters_per_player; i++)
        if (g->player[player].critters[i].place == AT_HAND)
            return i;
    return -1;
}

/* A critter's place, area and cell as one word, for one compare per critter
 * in the scans below (the three lead the struct, in this order). */
_Static_assert(offsetof(Critter, place) == 0 && offsetof(Critter, area) == 1 && offsetof(Critter, cell) == 2,
               "critter_key reads place, area and cell as one word");
static inline uint32_t critter_key(const Critter *c)
{
    uint32_t k;
    memcpy(&k, c, sizeof k);
    return k;
}
static inline uint32_t board_key(int cell, int area)
{
    Critter c = { .place = AT_BOARD, .area = (uint8_t)area, .cell = (uint16_t)cell };
    return critter_key(&c);
}

int game_critter_at(const Game *g, int cell, int area)
{
    uint32_t want = board_key(cell, area);
    for (int p = 0; p < g->players; p++)
        for (int i = 0; i < g->rules.critters_per_player; i++)
            if (critter_key(&g->player[p].critters[i]) == want)
                return critter_id(p, i);
    return -1;
}

int game_critters_on_cell(const Game *g, int cell, int *ids, int max)
{
    uint32_t area_bits = board_key(0, 255) ^ board_key(0, 0);
    uint32_t want = board_key(cell, 0), ignore_area = ~area_bits;
    int n = 0;
    for (int k = 0; k < g->players; k++) {
        int p = (g->active + k) % g->players;
        for (int i = 0; i < g->rules.critters_per_player; i++)
            if ((critter_key(&g->player[p].critters[i]) & ignore_area) == want && n < max)
                ids[n++] = critter_id(p, i);
    }
    return n;
}

bool game_aside_critter_on(const Game *g, int cell)
{
    for (int p = 0; p < g->players; p++)
        for (int i = 0; i < g->rules.critters_per_player; i++) {
            const Critter *c = &g->player[p].critters[i];
            if (c->place == AT_ASIDE && c->cell == cell)
                return true;
        }
    return false;
}

int player_resource_total(const Player *p)
{
    return p->resources[0] + p->resources[1] + p->resources[2];
}

int game_land_supply(const Game *g)
{
    int n = 0;
    for (int t = 0; t < g->rules.tile_type_count; t++) {
        int c = g->rules.tile_types[t].tile_class;
        if (c == TILE_UNO || c == TILE_DUO || c == TILE_TRIO)
            n += g->supply_tiles[t];
    }
    return n;
}

int rules_tile_type_of_class(const Rules *rules, int tile_class)
{
    for (int t = 0; t < rules->tile_type_count; t++)
        if (rules->tile_types[t].tile_class == tile_class)
            return t;
    return -1;
}

void game_view(const Game *g, View *v)
{
    regions_compute(&g->board, &g->rules, &v->rg);
    memset(v->players_in, 0, (size_t)v->rg.count);
    memset(v->active_in, 0, (size_t)v->rg.count);
    memset(v->count_in, 0, sizeof(v->count_in[0]) * (size_t)v->rg.count);
    for (int i = 0; i < g->board.land_count; i++)
        v->on_cell[g->board.land[i]] = 0;
    for (int p = 0; p < g->players; p++)
        for (int i = 0; i < g->rules.critters_per_player; i++) {
            const Critter *c = &g->player[p].critters[i];
            if (c->place != AT_BOARD)
                continue;
            v->on_cell[c->cell]++;
            int r = game_view_region(g, v, c->cell, c->area);
            if (r == NO_REGION)
                continue;
            v->players_in[r] |= (uint8_t)(1u << p);
            if (critter_has_trait(g, c, CT_PEACEFUL))
                continue;
            v->active_in[r] |= (uint8_t)(1u << p);
            v->count_in[r][p]++;
        }
}


int player_ability_max(const Game *g, int player, size_t field, int base)
{
    int best = base;
    for (int c = 0; c < g->rules.power_card_count; c++) {
        int value = ((const uint8_t *)&g->rules.power_cards[c])[field];
        if (value > best && ((g->cards_in_play >> c) & 1) && player_holds_card(g, player, c))
            best = value;
    }
    return best;
}

/* Whether the player holds power card `card`: from the start, or unlocked on the grid. */
bool player_holds_card(const Game *g, int player, int card)
{
    if (card < 0 || card >= g->rules.power_card_count)
        return false;
    if ((g->options.hold[player] >> card) & 1)
        return true;
    for (int s = 0; s < g->rules.grid_slot_count; s++)
        if (g->unlocked[player][s] && g->grid_card[s] == card)
            return true;
    return false;
}
