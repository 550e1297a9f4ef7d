/* Read-only questions about a game that the core's layers above (the script
 * layer, the bots, the front ends) may ask: a derived view of the board,
 * counts, costs and payments, who may be targeted. Nothing here changes the
 * game, except that game_item_cost and game_payments_for run the scripts'
 * "cost" handlers (queries themselves) and game_target_players the
 * "targets" ones.
 *
 * Public, like game.h; the core's own helpers are in internal/core_internal.h,
 * which only the core library (and its white-box tests) can include. */
#ifndef VQ_QUERY_H
#define VQ_QUERY_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"
#include "region.h"

/* A derived view of the board: regions and who stands where. Recomputed on
 * demand, never stored in the Game. */
typedef struct View {
    Regions rg;
    uint8_t players_in[MAX_REGIONS];          /* bitmask of players with critters in the region */
    uint8_t active_in[MAX_REGIONS];           /* the same, peaceful critters (CT_PEACEFUL) left out */
    uint8_t count_in[MAX_REGIONS][MAX_PLAYERS];   /* critters per player, peaceful ones left out */
    uint8_t on_cell[BOARD_CELLS];             /* critters standing on each cell (lazy: land only) */
} View;

void game_view(const Game *g, View *v);
static inline int game_view_region(const Game *g, const View *v, int cell, int area)
{
    return region_at(&v->rg, &g->board, cell, area);
}

int  game_hand_count(const Game *g, int player);
int  game_crater_count(const Game *g, int player);
int  game_land_critters(const Game *g, int player);   /* critters on land, dormant ones included (scoring) */
int  game_counted_land_critters(const Game *g, int player);   /* without the uncounted (targeting) */
int  game_first_in_hand(const Game *g, int player);        /* critter index, or -1 */
int  game_critter_at(const Game *g, int cell, int area);   /* critter id, or -1 */
int  game_critters_on_cell(const Game *g, int cell, int *ids, int max);
bool game_aside_critter_on(const Game *g, int cell);   /* a critter set aside at that position */
int  player_resource_total(const Player *p);
int  game_land_supply(const Game *g);
int  rules_tile_type_of_class(const Rules *rules, int tile_class);

/* Payments for `cost` the player can afford; returns the count. */
int  cost_payments(const Cost *cost, const uint8_t have[BIOME_COUNT], uint16_t *out, int max);
/* The price of `item` for `player`: the rules' price as the "cost" event leaves it. */
Cost game_item_cost(Game *g, int player, int item);
/* cost_payments() for game_item_cost(item) against the player's resources. */
int  game_payments_for(Game *g, int player, int item, uint16_t *out, int max);
void game_pay(Game *g, int player, uint16_t payment);
void game_gain(Game *g, int player, int biome, int amount);

/* In a target mask, beside the players' bits: a stack with no critter on it
 * is fair game (no variant, or one that says so, as Symbiosis does). */
#define TARGET_UNINHABITED (1 << 8)
/* The target mask this turn: bit p, stacks holding player p's critters are
 * fair game; TARGET_UNINHABITED, stacks holding none are. */
int  game_target_players(Game *g);
bool game_stack_targetable(const Game *g, int cell, int target_mask);
/* The targeting rule itself: soil always; a stack with no critter (`owners`
 * 0) when the mask opens them; else a stack holding a critter of a player in
 * `mask` (`owners`: bit p, player p has a critter there). */
static inline bool game_owners_targetable(int owners, int mask, bool soil)
{
    return soil || (owners ? (owners & mask) != 0 : (mask & TARGET_UNINHABITED) != 0);
}

/* Whether critter id waits in the queue to migrate or evacuate. */
bool queue_has_critter(const Game *g, int id);
/* Whether `player` holds the power `card`: has unlocked a grid slot dealt it,
 * or was given it from the start (GameOptions.hold). */
bool player_holds_card(const Game *g, int player, int card);
/* The largest value of a card ability (`field`: the offset of a uint8_t of
 * PowerCard, such as offsetof(PowerCard, moves)) among the cards `player`
 * holds, or `base` when that is larger. */
int player_ability_max(const Game *g, int player, size_t field, int base);

#endif
