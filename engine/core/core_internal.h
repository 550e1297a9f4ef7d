/* Helpers shared by the core's game files. Not part of the public API. */
#ifndef VQ_CORE_INTERNAL_H
#define VQ_CORE_INTERNAL_H

#include "effects.h"
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

void view_compute(const Game *g, View *v);
static inline int view_region(const Game *g, const View *v, int cell, int area)
{
    return region_at(&v->rg, &g->board, cell, area);
}

int  hand_count(const Game *g, int player);
int  crater_count(const Game *g, int player);
int  land_critter_count(const Game *g, int player);   /* critters on land, dormant ones included (scoring) */
int  active_land_critter_count(const Game *g, int player);   /* without the uncounted (targeting) */
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
    return g->hooks && g->hooks->emit && (!g->hooks->listens || g->hooks->listens(g->hooks_ud, g, id));
}

/* Sends a critter to its owner's hand (marks cleared); `cause` (Cause) says
 * why in the critter_removed event. */
void critter_to_hand(Game *g, int id, int cause);
/* Moves a board or aside critter to area `area` of land `cell` and tells the
 * scripts (critter_moved, `cause`). */
void critter_move(Game *g, int id, int cell, int area, int cause);

/* Asks the scripts what a blow of `cause` does to critter `id` (base: nothing
 * of the three). */
HitOutcome critter_hit(Game *g, int id, int cause);

/* A volcano's blow to the stack at `cell`: each critter hit (cause eruption)
 * and, unless spared or fleeing, wiped out to hand (lava.c). */
void volcano_wipe(Game *g, int cell);
/* Decides a lava flow from `cell` to a uniformly drawn neighbour lower than
 * `height`, if any (returns whether there was one); it arrives with the
 * turn's other flows (turn.c). */
bool lava_flow_from(Game *g, int cell, int height);

/* Turn flow (turn.c): the steps, and the loop that asks what is queued. */
void flow_advance(Game *g);
/* Tells the scripts of the powers held from the start (GameOptions.hold), as
 * unlocks without a slot, then that the game starts ("game_start"); done
 * once set-up is over (setup.c), and by scenario_start. */
void announce_held_powers(Game *g);
void flow_begin_turn(Game *g);
void flow_enter_buy(Game *g);
void flow_enter_claim(Game *g);
void flow_enter_sacrifice(Game *g);
void flow_phase_event(Game *g);
void flow_finish(Game *g, int reason);
void setup_next(Game *g);     /* setup.c */
void collect_step(Game *g);   /* collect.c */
/* Carries out a legal option of the pending decision (apply.c). */
void perform(Game *g, const Option *o);
/* Removes the question in front of the ask queue with its choices (game.c). */
void ask_pop(Game *g);

/* Lava (lava.c). */
void lava_refresh_flags(Game *g);
/* Announces the decided flows; DK_LAVA_FLOW brings them, then kind_after. */
void lava_announce_flows(Game *g, int kind_after);
void lava_resolve_flows(Game *g);
/* End of turn: lava in the ocean becomes soil, lava on land flows on or cools. */
void lava_progress(Game *g);
/* The volcano bought lands on `cell` (then DK_UNLOCK, then its lava). */
void lava_activate_volcano(Game *g, int cell);

/* Queues (contest.c). */
/* Queues critter id to migrate (DK_MIGRATE) or evacuate (DK_EVACUATE),
 * displaced by `cause` (CauseKind, for the words). */
void queue_critter(Game *g, int id, int kind, int cause);
void queue_pop(Game *g);
/* Whether critter id waits in the queue to migrate or evacuate. */
bool critter_queued(const Game *g, int id);
/* Every biome with critters of several players, or several of one, is
 * settled: the "contest" handlers may change who keeps how many. */
void contests_resolve(Game *g);
/* Queues critters on `cell` for migration (kind DK_MIGRATE) or evacuation
 * (DK_EVACUATE), owners in turn order from the active player; a critter
 * that stays (CT_STAYS) goes to hand. Returns the index of the first item
 * queued (the queue's length before). */
int  queue_displaced(Game *g, int cell, int kind, int cause);
/* Queues critter id to flee its stack for free (an evacuation it may not
 * decline while somewhere can take it), from `cause`. */
void queue_flee(Game *g, int id, int cause);
/* Every critter on `cell` takes a blow of `cause` (critter_hit): one spared
 * stays, one told to flee flees (queue_flee), the others evacuate or are
 * lost (DK_EVACUATE). Returns false when a handler stopped what was coming
 * (the critters after it are not hit). */
bool critters_hit(Game *g, int cell, int cause);
/* Emits "land_changed" (change: LandChange) at `cell`. */
void land_changed(Game *g, int change, int cell);
/* Land on from[i] moved to to[i] (i < n): the places scripts keep (state
 * slots flagged in Rules.state_places, questions' choices and context
 * places) move with it. */
void game_move_places(Game *g, const int *from, const int *to, int n);
/* Recomputes Player.reach and .join from the cards `player` holds. */
void player_refresh_abilities(Game *g, int player);

#endif
