/* The turn as a phase machine (rulebook: Gameplay summary): move, buy & stack,
 * claim, sacrifice, collect, lava. Each step sets a pending decision;
 * flow_advance() asks queued questions (migrations, evacuations, keeps,
 * scripts' questions) first, resolves contests, takes decisions whose only
 * option is to pass, and moves to the next step when one is done. */
#include "core_internal.h"

#include <stddef.h>

#include "effects.h"

static void set_pending(Game *g, int kind, int player)
{
    g->pending = (Pending){ (uint8_t)kind, (uint8_t)player, 0, 0, 0 };
}

static const ModeRules *mode_rules(const Game *g) { return &g->rules.modes[g->mode]; }

void flow_finish(Game *g, int reason)
{
    if (!g->end_reason)
        g->end_reason = (uint8_t)reason;
    g->phase = PHASE_OVER;
    g->queue_len = 0;
    set_pending(g, DK_GAME_OVER, g->active);
}

static void trigger_end(Game *g, int reason)
{
    char err[64];
    effect_trigger_end(g, reason, err, sizeof err);
}

void flow_phase_event(Game *g)
{
    if (!game_listens(g, EV_PHASE))
        return;
    GameEvent ev;
    event_begin(&ev, EV_PHASE);
    EV_SET(ev, PHASE, player, g->active);
    EV_SET(ev, PHASE, phase, g->phase);
    game_emit(g, &ev);
}

/* What the turn_start handlers allow this turn: returns whether the game ends
 * instead. */
static bool turn_start_event(Game *g, int *moves, bool *buy, bool *claim, bool *sacrifice)
{
    if (!game_listens(g, EV_TURN_START))
        return false;
    GameEvent ev;
    event_begin(&ev, EV_TURN_START);
    EV_SET(ev, TURN_START, player, g->active);
    EV_SET(ev, TURN_START, turn, g->turn);
    EV_SET(ev, TURN_START, mode, g->mode);
    EV_SET(ev, TURN_START, moves, *moves);
    EV_SET(ev, TURN_START, buy, 1);
    EV_SET(ev, TURN_START, claim, 1);
    EV_SET(ev, TURN_START, sacrifice, 1);
    game_emit(g, &ev);
    *buy = EV_GET(ev, TURN_START, buy) != 0;
    *claim = EV_GET(ev, TURN_START, claim) != 0;
    *sacrifice = EV_GET(ev, TURN_START, sacrifice) != 0;
    g->mode = (uint8_t)EV_GET(ev, TURN_START, mode);
    *moves = (int)EV_GET(ev, TURN_START, moves);
    return EV_GET(ev, TURN_START, over) != 0;
}

void flow_begin_turn(Game *g)
{
    g->turn++;
    g->phase = PHASE_MOVE;
    g->buys_made = g->soil_placements = g->extra_buys = g->sacrifices = 0;
    Player *pl = &g->player[g->active];
    pl->sacrificed_board = pl->sacrificed_hand = pl->caldera_bought = 0;
    int moves = player_ability_max(g, g->active, offsetof(PowerCard, moves), 1);   /* abilities.moves */
    bool buy = true, claim = true, sacrifice = true;
    if (turn_start_event(g, &moves, &buy, &claim, &sacrifice)) {
        flow_finish(g, g->end_triggered ? g->end_triggered : END_SUPPLY);
        return;
    }
    g->moves_left = (uint16_t)moves;
    g->turn_skip = (uint8_t)((buy ? 0 : TURN_SKIP_BUY) | (claim ? 0 : TURN_SKIP_CLAIM) |
                             (sacrifice ? 0 : TURN_SKIP_SACRIFICE));
    flow_phase_event(g);
    if (mode_rules(g)->move && g->moves_left > 0)
        set_pending(g, DK_MOVE, g->active);
    else
        flow_enter_buy(g);
}

static bool tile_purchase_possible(Game *g)
{
    Option o[MAX_OPTIONS];
    int n = list_own_options(g, o, MAX_OPTIONS);
    for (int i = 0; i < n; i++)
        if (o[i].verb == VERB_BUY && o[i].subject != BUY_CALDERA && o[i].subject != BUY_POINT)
            return true;
    return false;
}

/* Insufficient resources (rulebook: Buying tiles): a player who cannot buy a
 * tile sacrifices a critter from hand (the crater permitting) and forfeits
 * the buy and stack step and the claim step with it (RULINGS: Small rulings);
 * move, a board sacrifice and collection remain. */
static void forced_sacrifice(Game *g)
{
    int i = game_first_in_hand(g, g->active);
    if (i >= 0 && game_crater_count(g, g->active) < g->rules.crater_capacity) {
        Critter *c = &g->player[g->active].critters[i];
        c->place = AT_CRATER;
        c->cell = 0;
        g->player[g->active].sacrificed_hand = 1;
    }
    flow_enter_sacrifice(g);   /* buy, stack and claim are forfeited */
}

void flow_enter_buy(Game *g)
{
    const ModeRules *m = mode_rules(g);
    g->phase = PHASE_BUY;
    set_pending(g, DK_BUY, g->active);
    flow_phase_event(g);
    if (!(m->buy_tiles || m->buy_volcano || m->buy_island || m->buy_caldera || m->buy_points) ||
        (g->turn_skip & TURN_SKIP_BUY)) {
        flow_enter_claim(g);
        return;
    }
    if (g->mode == MODE_NORMAL && !tile_purchase_possible(g))
        forced_sacrifice(g);
}

void flow_enter_claim(Game *g)
{
    g->phase = PHASE_CLAIM;
    flow_phase_event(g);
    if (mode_rules(g)->claim && !(g->turn_skip & TURN_SKIP_CLAIM))
        set_pending(g, DK_CLAIM, g->active);
    else
        flow_enter_sacrifice(g);
}

void flow_enter_sacrifice(Game *g)
{
    g->phase = PHASE_SACRIFICE;
    set_pending(g, DK_SACRIFICE, g->active);
    flow_phase_event(g);
}

static void flow_enter_lava(Game *g)
{
    g->phase = PHASE_LAVA;
    lava_progress(g);
    lava_announce_flows(g, DK_COUNT);   /* then nothing to ask until the evacuations are done */
}

/* The progress signature (docs/rules.md, "A game without progress ends"):
 * what the game's ends come from and play never undoes for nothing, hashed:
 * the land tiles, volcanoes and Caldera cards left to buy, the tiles on the
 * board, each player's hand, crater, grid slots, Caldera hand and bought
 * points, the turn mode and the end trigger. Resources, critters' places on
 * the board, marks and the scripts' state are left out: they may go round. */
static uint32_t progress_signature(const Game *g)
{
    uint32_t h = 2166136261u;
#define MIX(v) (h = (h ^ (uint32_t)(v)) * 16777619u)
    for (int t = 0; t < g->rules.tile_type_count; t++)
        MIX(g->supply_tiles[t]);
    MIX(g->supply_volcanoes);
    MIX(g->volcano_held);
    MIX(g->caldera_size);
    MIX(g->board.tile_count);
    MIX(g->mode);
    MIX(g->end_triggered);
    for (int p = 0; p < g->players; p++) {
        const Player *pl = &g->player[p];
        MIX(game_hand_count(g, p));
        MIX(game_crater_count(g, p));
        MIX(pl->caldera_count);
        MIX(pl->points_bought);
        for (int s = 0; s < g->rules.grid_slot_count; s++)
            MIX(g->unlocked[p][s]);
    }
#undef MIX
    return h;
}

/* Whether the turn ending made the game's (K+1)th round in a row without
 * progress, K being the rules' idle_rounds: then the game ends. */
static bool no_progress(Game *g)
{
    uint32_t now = progress_signature(g);
    if (now != g->progress) {
        g->progress = now;
        g->progress_turn = g->turn;
        return false;
    }
    return g->turn - g->progress_turn >= g->rules.idle_rounds * g->players;
}

static void end_turn(Game *g)
{
    bool over = false;
    if (game_hand_count(g, g->active) == 0)
        trigger_end(g, END_HAND_EMPTY);
    if (game_listens(g, EV_TURN_END)) {
        GameEvent ev;
        event_begin(&ev, EV_TURN_END);
        EV_SET(ev, TURN_END, player, g->active);
        EV_SET(ev, TURN_END, lava, g->lava_count);
        game_emit(g, &ev);
        over = EV_GET(ev, TURN_END, over) != 0;
    }
    if (g->end_triggered && !game_listens(g, EV_END_TRIGGERED))
        over = true;   /* without end-game scripts the game ends with the triggering turn */
    if (over) {
        flow_finish(g, g->end_triggered ? g->end_triggered : END_SUPPLY);
        return;
    }
    if (no_progress(g)) {
        flow_finish(g, END_NO_PROGRESS);
        return;
    }
    if (g->turn >= g->rules.turn_limit) {
        flow_finish(g, END_STALLED);
        return;
    }
    g->active = (uint8_t)((g->active + 1) % g->players);
    flow_begin_turn(g);
}

/* The buy step's follow-ups: an eruption once its questions are answered, the
 * lava once the power is chosen, back to buying after anything else. */
static void buy_step_next(Game *g)
{
    if (g->pending.kind == DK_ERUPT) {
        lava_activate_volcano(g, g->pending.cell);
    } else if (g->pending.kind == DK_UNLOCK) {
        int cell = g->pending.cell, height = g->pending.aux;
        lava_flow_from(g, cell, height);
        lava_announce_flows(g, DK_BUY);
    } else if (g->pending.kind != DK_BUY) {
        set_pending(g, DK_BUY, g->active);
    } else {
        flow_enter_claim(g);
    }
}

/* Called when the pending decision has no option left: go on to what follows. */
static void phase_next(Game *g)
{
    if (g->pending.kind == DK_LAVA_FLOW) {
        int after = g->pending.aux;
        lava_resolve_flows(g);
        set_pending(g, after, g->active);
        return;
    }
    switch (g->phase) {
    case PHASE_SETUP: g->setup_step++; setup_next(g); break;
    case PHASE_MOVE: flow_enter_buy(g); break;
    case PHASE_BUY: buy_step_next(g); break;
    case PHASE_CLAIM: flow_enter_sacrifice(g); break;
    case PHASE_SACRIFICE: collect_run(g); break;
    case PHASE_COLLECT: flow_enter_lava(g); break;
    case PHASE_LAVA: end_turn(g); break;
    default: flow_finish(g, END_STALLED); break;
    }
}

static bool is_queue_kind(int kind)
{
    return kind == DK_MIGRATE || kind == DK_EVACUATE || kind == DK_KEEP || kind == DK_SCRIPT;
}

/* Sets the pending decision to the front of the queues (critters first, then
 * contests, then scripts' questions), remembering the step's own decision.
 * Returns true when it changed something that must be looked at again. */
static bool ask_next(Game *g)
{
    bool queued = is_queue_kind(g->pending.kind);
    if (g->queue_len > 0) {
        const QueueItem *q = &g->queue[0];
        if (!queued)
            g->resume = g->pending;
        set_pending(g, q->kind, q->player);
        g->pending.subject = q->subject;
        g->pending.cell = q->cell;
        return false;
    }
    if (g->contest_dirty) {
        g->contest_dirty = 0;
        contest_resolve_all(g);
        return true;
    }
    if (g->ask_len > 0) {
        if (!queued)
            g->resume = g->pending;
        set_pending(g, DK_SCRIPT, g->ask[0].player);
        g->pending.aux = g->ask[0].question;
        return false;
    }
    if (g->phase == PHASE_SETUP && g->pending.kind != DK_SETUP_TILE && g->pending.kind != DK_SETUP_CRITTER &&
        g->pending.kind != DK_BONUS) {
        setup_next(g);
        return true;
    }
    return false;
}

int flow_settle(Game *g, Option *o)
{
    for (;;) {
        if (g->phase == PHASE_OVER)
            return 0;
        if (g->queue_len == 0 && g->ask_len == 0 && is_queue_kind(g->pending.kind)) {
            g->pending = g->resume;
            continue;
        }
        if (ask_next(g))
            continue;
        int n = game_options(g, o, MAX_OPTIONS);
        if (n == 0) {
            if (g->queue_len > 0)
                queue_pop(g);
            else if (g->pending.kind == DK_SCRIPT)
                game_ask_pop(g);
            else
                phase_next(g);
            continue;
        }
        if (n == 1 && (o[0].verb == VERB_PASS || o[0].verb == VERB_RETURN)) {
            game_perform(g, &o[0]);   /* nothing to choose: not logged, replays the same */
            continue;
        }
        return n;
    }
}

void flow_advance(Game *g)
{
    Option o[MAX_OPTIONS];
    flow_settle(g, o);
}
