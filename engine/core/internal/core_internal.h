/* Helpers shared by the core's game files: events, the turn's flow, lava,
 * queues. Not part of the public API: only the core library (and its
 * white-box tests) has this folder on its include path; the layers above
 * read the game through query.h. */
#ifndef VQ_CORE_INTERNAL_H
#define VQ_CORE_INTERNAL_H

#include "effects.h"
#include "game.h"
#include "query.h"

int  game_emit(Game *g, GameEvent *ev);
/* Whether one of l's gates of event `id` is open in g (game.c). */
int  game_gate_open(const Game *g, const GameListening *l, int id);
/* Whether a handler listens to event `id` (so the event is worth building). */
static inline int game_listens(const Game *g, int id)
{
    if (!g->hooks || !g->hooks->emit)
        return 0;
    const GameListening *l = g->listening;
    if (l) {
        if (((l->always >> id) & 1) || (g->cards_in_play & l->cards[id]))
            return 1;
        if ((l->gated >> id) & 1)
            return game_gate_open(g, l, id);
        if (!((l->complex >> id) & 1))
            return 0;
    }
    return !g->hooks->listens || g->hooks->listens(g->hooks_ud, g, id);
}

/* Whether the scripts may offer an action at a decision of kind `kind`
 * (so GameHooks.actions is worth calling). */
static inline int game_may_offer_actions(const Game *g, int kind)
{
    const GameListening *l = g->listening;
    return !l || ((l->actions_always >> kind) & 1) || (g->cards_in_play & l->action_cards[kind]);
}

/* Sends a critter to its owner's hand (marks cleared); `cause` (Cause) says
 * why in the critter_removed event. */
void game_critter_to_hand(Game *g, int id, int cause);
/* Moves a board or aside critter to area `area` of land `cell` and tells the
 * scripts (critter_moved, `cause`). */
void game_critter_move(Game *g, int id, int cell, int area, int cause);

/* Asks the scripts what a blow of `cause` does to critter `id` (base: nothing
 * of the three). */
HitOutcome game_critter_hit(Game *g, int id, int cause);

/* A volcano's blow to the stack at `cell`: each critter hit (cause eruption)
 * and, unless spared or fleeing, wiped out to hand (lava.c). */
void lava_volcano_wipe(Game *g, int cell);
/* Decides a lava flow from `cell` to a uniformly drawn neighbour lower than
 * `height`, if any (returns whether there was one); it arrives with the
 * turn's other flows (turn.c). */
bool lava_flow_from(Game *g, int cell, int height);

/* The pending decision's own options as game_options lists them first,
 * without the scripts' actions and the Caldera bolts it adds after them
 * (options.c). Returns the count, at most max. */
int list_own_options(const Game *g, Option *o, int max);

/* Turn flow (turn.c): the steps, and the loop that asks what is queued. */
void flow_advance(Game *g);
/* flow_advance that keeps what it found: the options of the decision it
 * stops at, written to o (room for MAX_OPTIONS) exactly as game_options
 * would list them now; returns their count (0 once the game is over). */
int flow_settle(Game *g, Option *o);
/* Tells the scripts of the powers held from the start (GameOptions.hold), as
 * unlocks without a slot, then that the game starts ("game_start"); done
 * once set-up is over (setup.c), and by scenario_start. */
void setup_announce_held_powers(Game *g);
/* Takes the powers held from the start (GameOptions.hold) off the grid (their
 * slots stay empty) and out of the Caldera deck: a held card is its holder's
 * only. After the grid is dealt, so the deal draws the same numbers with and
 * without held cards (setup.c; scenario.c after a "hold" line). */
void setup_drop_held_cards(Game *g);
void flow_begin_turn(Game *g);
void flow_enter_buy(Game *g);
void flow_enter_claim(Game *g);
void flow_enter_sacrifice(Game *g);
void flow_phase_event(Game *g);
void flow_finish(Game *g, int reason);
void setup_next(Game *g);     /* setup.c */
void collect_run(Game *g);   /* collect.c */
/* Carries out a legal option of the pending decision (apply.c). */
void game_perform(Game *g, const Option *o);
/* Removes the question in front of the ask queue with its choices (game.c). */
void game_ask_pop(Game *g);

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
/* Every biome with critters of several players, or several of one, is
 * settled: the "contest" handlers may change who keeps how many. */
void contest_resolve_all(Game *g);
/* Queues critters on `cell` for migration (kind DK_MIGRATE) or evacuation
 * (DK_EVACUATE), owners in turn order from the active player; a critter
 * that stays (CT_STAYS) goes to hand. Returns the index of the first item
 * queued (the queue's length before). */
int  queue_displaced(Game *g, int cell, int kind, int cause);
/* Queues critter id to flee its stack for free (an evacuation it may not
 * decline while somewhere can take it), from `cause`. */
void queue_flee(Game *g, int id, int cause);
/* Every critter on `cell` takes a blow of `cause` (critter_hit) from
 * something that comes to stay there (lava, a sliding tile): one told to flee
 * flees (queue_flee), the others evacuate or are lost (DK_EVACUATE). A
 * critter spared is unharmed, but cannot stay under what still comes: it
 * flees too (as from an eruption). One a handler moved off the cell or set
 * aside is left be. `stoppable`: a handler's `stop` stops what was coming
 * (lava: returns false, and the critters after it are not hit); otherwise
 * `stop` counts as `spared`. */
bool queue_hit_all(Game *g, int cell, int cause, bool stoppable);
/* Emits "land_changed" (change: LandChange) at `cell`. */
void game_land_changed(Game *g, int change, int cell);
/* Land on from[i] moved to to[i] (i < n): the places scripts keep (state
 * slots flagged in Rules.state_places, questions' choices and context
 * places) move with it. */
void game_move_places(Game *g, const int *from, const int *to, int n);
/* Recomputes Player.reach and .join from the cards `player` holds. */
void player_refresh_abilities(Game *g, int player);

#endif
