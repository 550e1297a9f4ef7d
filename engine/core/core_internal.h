/* Helpers shared by the core's game files. Not part of the public API. */
#ifndef VQ_CORE_INTERNAL_H
#define VQ_CORE_INTERNAL_H

#include "game.h"
#include "region.h"

/* A derived view of the board: regions and who stands where. Recomputed on
 * demand, never stored in the Game. */
typedef struct View {
    Regions rg;
    uint8_t players_in[MAX_REGIONS];          /* bitmask of players with critters in the region */
    uint8_t active_in[MAX_REGIONS];           /* the same, dormant critters left out */
    uint8_t count_in[MAX_REGIONS][MAX_PLAYERS];   /* critters per player, dormant ones left out */
    uint8_t on_cell[BOARD_CELLS];             /* critters standing on each cell (lazy: land only) */
} View;

void view_compute(const Game *g, View *v);
static inline int view_region(const Game *g, const View *v, int cell, int area)
{
    return region_at(&v->rg, &g->board, cell, area);
}

int  hand_count(const Game *g, int player);
int  crater_count(const Game *g, int player);
int  land_critter_count(const Game *g, int player);   /* critters on land, dormant ones included (scoring) */
int  active_land_critter_count(const Game *g, int player);   /* without the dormant (targeting) */
static inline bool critter_dormant(const Critter *c) { return (c->flags & CRITTER_DORMANT) != 0; }
int  first_in_hand(const Game *g, int player);        /* critter index, or -1 */
int  critter_at(const Game *g, int cell, int area);   /* critter id, or -1 */
int  critters_on_cell(const Game *g, int cell, int *ids, int max);
int  resource_total(const Player *p);
int  land_supply(const Game *g);
int  tile_type_of_class(const Rules *rules, int tile_class);

/* Payments for `cost` the player can afford; returns the count. */
int  payments(const Cost *cost, const uint8_t have[BIOME_COUNT], uint16_t *out, int max);
/* The price of `item` for `player`: the rules' price as the "cost" event leaves it. */
Cost item_cost(Game *g, int player, int item);
/* payments() for item_cost(item) against the player's resources. */
int  payments_for(Game *g, int player, int item, uint16_t *out, int max);
void pay(Game *g, int player, uint16_t payment);
void gain(Game *g, int player, int biome, int amount);

/* Bitmask of players whose critters make a stack a legal target this turn. */
int  target_players(Game *g);
bool stack_targetable(const Game *g, int cell, int players_mask);
/* The targeting rule itself: soil always, an uninhabited stack always, else a
 * stack holding a critter of a player in `mask` (`owners`: players on it). */
static inline bool owners_targetable(int owners, int mask, bool soil)
{
    return soil || owners == 0 || (owners & mask) != 0;
}

int  emit(Game *g, GameEvent *ev);
/* Whether a handler listens to event `id` (so the event is worth building). */
static inline int listens(const Game *g, int id)
{
    return g->hooks && g->hooks->emit && (!g->hooks->listens || g->hooks->listens(g->hooks_ud, id));
}

/* Sends a critter to its owner's hand. `cause` names why, for the event. */
void critter_to_hand(Game *g, int id, const char *cause);

/* A volcano's blow to the stack at `cell`: critters wiped out to hand, armoured
 * ones queued to flee for free (turn.c). */
void volcano_wipe(Game *g, int cell);
/* Decides a lava flow from `cell` to a uniformly drawn neighbour lower than
 * `height`, if any (returns whether there was one); it arrives with the
 * turn's other flows (turn.c). */
bool lava_flow_from(Game *g, int cell, int height);

/* Turn flow (turn.c). */
void flow_advance(Game *g);
/* Tells the scripts of the powers held from the start (GameOptions.hold), as
 * unlocks without a slot; done once set-up is over (and by scenario_start). */
void announce_held_powers(Game *g);
void flow_begin_turn(Game *g);
/* Queues critters on `cell` for migration (kind DK_MIGRATE) or evacuation
 * (DK_EVACUATE), owners in turn order from the active player. */
void queue_displaced(Game *g, int cell, int kind);

#endif
