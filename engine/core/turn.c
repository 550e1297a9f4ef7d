/* The turn as a phase machine, and game_apply: the one gate through which a
 * started game changes.
 *
 * A turn: move, buy & stack, claim, sacrifice, collect, lava. Each phase sets a
 * pending decision; flow_advance() asks queued questions (migrations,
 * evacuations, keeps) first, resolves merged biomes, performs decisions whose
 * only option is to pass, and moves to the next phase when one is done. */
#include "core_internal.h"
#include "effects.h"
#include "placement.h"
#include "sea.h"

#include <stdio.h>
#include <string.h>

static void enter_buy(Game *g);
static void enter_claim(Game *g);
static void enter_sacrifice(Game *g);
static void enter_collect(Game *g);
static void enter_lava(Game *g);
static void end_turn(Game *g);
static void perform(Game *g, const Option *o);

static void set_pending(Game *g, int kind, int player)
{
    g->pending = (Pending){ (uint8_t)kind, (uint8_t)player, 0, 0, 0 };
}

static const ModeRules *mode_rules(const Game *g) { return &g->rules.modes[g->mode]; }

static void finish(Game *g, int reason)
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

static void place_critter(Game *g, int player, int cell, int area)
{
    int i = first_in_hand(g, player);
    if (i < 0)
        return;
    Critter *c = &g->player[player].critters[i];
    c->place = AT_BOARD;
    c->cell = (uint16_t)cell;
    c->area = (uint8_t)area;
}

static void to_crater(Game *g, int id)
{
    Critter *c = game_critter(g, id);
    c->place = AT_CRATER;
    c->cell = 0;
    c->area = 0;
}

/* ---- queues ---- */

static void queue_push(Game *g, const QueueItem *q)
{
    if (g->queue_len < MAX_QUEUE)
        g->queue[g->queue_len++] = *q;
    else
        critter_to_hand(g, q->subject, "overflow");
}

static void queue_pop(Game *g)
{
    if (g->queue_len == 0)
        return;
    memmove(&g->queue[0], &g->queue[1], sizeof g->queue[0] * (size_t)(g->queue_len - 1));
    g->queue_len--;
}

void queue_displaced(Game *g, int cell, int kind)
{
    int ids[16];
    int n = critters_on_cell(g, cell, ids, 16);
    if (n == 0)
        return;
    View v;
    view_compute(g, &v);
    for (int i = 0; i < n; i++) {
        const Critter *c = game_critter(g, ids[i]);
        if (critter_dormant(c)) {   /* it cannot migrate or evacuate */
            critter_to_hand(g, ids[i], kind == DK_MIGRATE ? "covered" : "lava");
            continue;
        }
        QueueItem q;
        memset(&q, 0, sizeof q);
        q.kind = (uint8_t)kind;
        q.player = (uint8_t)(ids[i] / MAX_CRITTERS);
        q.subject = (uint16_t)ids[i];
        q.cell = (uint16_t)cell;
        q.biome = (uint8_t)board_area_biome(&g->board, &g->rules, cell, c->area);
        int region = view_region(g, &v, cell, c->area);
        const Board *b = &g->board;
        for (int k = 0; k < b->land_count; k++) {
            int lc = b->land[k];
            int areas = board_areas(b, &g->rules, lc);
            for (int a = 0; a < areas; a++)
                if (view_region(g, &v, lc, a) == region)
                    q.reach[k >> 3] |= (uint8_t)(1 << (k & 7));
        }
        queue_push(g, &q);
    }
}

/* Merged biomes: with several players, each loses as many critters as the
 * second-highest count; a player left with two or more keeps one, their choice. */
static void resolve_contests(Game *g)
{
    View v;
    view_compute(g, &v);
    int favour = g->contest_favour - 1;   /* wins ties this once (effect_favour_contests) */
    g->contest_favour = 0;
    for (int r = 0; r < v.rg.count; r++) {
        if (!v.active_in[r])
            continue;
        int top = 0, second = 0, top_players = 0;
        for (int p = 0; p < g->players; p++) {
            int c = v.count_in[r][p];
            if (c > top) { second = top; top = c; top_players = 1; }
            else if (c == top && c > 0) { second = c; top_players++; }
            else if (c > second) second = c;
        }
        int several = __builtin_popcount(v.active_in[r]) > 1;
        /* Sharers among themselves do not contest. */
        bool all_share = true;
        for (int p = 0; p < g->players; p++)
            if (((v.active_in[r] >> p) & 1) && !g->player[p].ability[ABILITY_SHARE])
                all_share = false;
        if (several && all_share)
            second = 0, top_players = 1;
        /* The favoured player, tied at the top, wins; sharers and groups override. */
        bool favour_wins = several && top_players > 1 && favour >= 0 && v.count_in[r][favour] == top;
        for (int p = 0; p < g->players && favour_wins; p++)
            if (((v.active_in[r] >> p) & 1) &&
                (g->player[p].ability[ABILITY_SHARE] || g->player[p].ability[ABILITY_GROUP]))
                favour_wins = false;
        if (several && listens(g, EV_BIOMES_MERGED)) {
            GameEvent ev;
            event_begin(&ev, EV_BIOMES_MERGED);
            event_field(&ev, "player", g->active, 0);
            event_field(&ev, "region", r, 0);
            event_field(&ev, "players_involved", v.active_in[r], 0);
            emit(g, &ev);
        }
        for (int k = 0; k < g->players; k++) {
            int p = (g->active + k) % g->players;
            int c = v.count_in[r][p];
            if (c == 0)
                continue;
            /* The unique top keeps the difference (a group keeps all of it, others one). */
            int keep = (c == top && top_players == 1) ? c - second : 0;
            if (favour_wins && p == favour)
                keep = 1;
            if (several && all_share)
                keep = c;
            if (!g->player[p].ability[ABILITY_GROUP] && keep > 1)
                keep = 1;
            int lose = c - keep;
            if (lose <= 0)
                continue;
            int anchor = -1;
            for (int i = 0; i < g->rules.critters_per_player; i++) {
                Critter *cr = &g->player[p].critters[i];
                if (cr->place == AT_BOARD && !critter_dormant(cr) && view_region(g, &v, cr->cell, cr->area) == r) {
                    if (keep == 0)
                        critter_to_hand(g, critter_id(p, i), "contest");
                    else if (anchor < 0)
                        anchor = critter_id(p, i);
                }
            }
            if (keep > 0) {
                QueueItem q;
                memset(&q, 0, sizeof q);
                q.kind = DK_KEEP;
                q.player = (uint8_t)p;
                q.subject = (uint16_t)anchor;
                q.count = (uint8_t)lose;
                queue_push(g, &q);
            }
        }
    }
}

static void ask_pop(Game *g)
{
    if (g->ask_len == 0)
        return;
    memmove(&g->ask[0], &g->ask[1], sizeof g->ask[0] * (size_t)(g->ask_len - 1));
    g->ask_len--;
}

/* The answer to a script's question goes back to the scripts as "decision". */
static void answer_ask(Game *g, const Option *o)
{
    ScriptAsk a = g->ask[0];
    ask_pop(g);
    int choice = o->verb == VERB_CHOOSE ? o->subject : -1;
    Hex h = board_hex(choice >= 0 && a.cell[choice] != NO_CELL ? a.cell[choice] : 0);
    bool placed = choice >= 0 && a.cell[choice] != NO_CELL;
    GameEvent ev;
    event_begin(&ev, EV_DECISION);
    event_field(&ev, "player", a.player, 0);
    event_field(&ev, "tag", a.tag, 0);
    event_field(&ev, "choice", choice >= 0 ? choice + 1 : -1, 0);
    event_field(&ev, "value", choice >= 0 ? a.value[choice] : 0, 0);
    event_field(&ev, "q", placed ? h.q : 0, 0);
    event_field(&ev, "r", placed ? h.r : 0, 0);
    event_field(&ev, "placed", placed, 0);
    emit(g, &ev);
}

/* ---- moves ---- */

/* A blow to every critter of `victim` in region r (armour absorbs one each).
 * Returns how many blows armour absorbed. */
static int strike_region(Game *g, const View *v, int victim, int r)
{
    int absorbed = 0;
    for (int i = 0; i < g->rules.critters_per_player; i++) {
        Critter *c = &g->player[victim].critters[i];
        if (c->place != AT_BOARD || critter_dormant(c) || view_region(g, v, c->cell, c->area) != r)
            continue;
        if (c->armour > 0) {
            c->armour--;
            absorbed++;
        } else {
            critter_to_hand(g, critter_id(victim, i), "takeover");
        }
    }
    return absorbed;
}

/* Applies a VERB_MOVE option: a single critter, or (pay == 1) a group moving as
 * one. Moving onto a biome other players hold (abilities share and group):
 * a sharer meets sharers in peace and strikes the others (an armoured one
 * parries, and the mover goes home); a group strikes every smaller one. */
static void move_critter_option(Game *g, const Option *o)
{
    View v;
    int p = o->subject / MAX_CRITTERS;
    Critter *lead = game_critter(g, o->subject);
    view_compute(g, &v);
    int from = view_region(g, &v, lead->cell, lead->area);
    int to = view_region(g, &v, o->cell, o->sub);
    int others = v.players_in[to] & ~(1 << p);
    int movers[MAX_CRITTERS], n = 0;
    movers[n++] = o->subject;
    if (o->pay == 1)
        for (int i = 0; i < g->rules.critters_per_player; i++) {
            const Critter *c = &g->player[p].critters[i];
            if (critter_id(p, i) != o->subject && c->place == AT_BOARD && !critter_dormant(c) &&
                view_region(g, &v, c->cell, c->area) == from)
                movers[n++] = critter_id(p, i);
        }
    /* A group first wipes out every smaller opposition in the destination. */
    if (o->pay == 1)
        for (int q = 0; q < g->players; q++)
            if (((others >> q) & 1) && v.count_in[to][q] < n)
                strike_region(g, &v, q, to);
    int occupant = critter_at(g, o->cell, o->sub);
    if (occupant >= 0 && occupant / MAX_CRITTERS != p)
        critter_to_hand(g, occupant, "takeover");   /* a share move onto a non-sharer's area */
    lead->cell = o->cell;
    lead->area = o->sub;
    /* The rest of a group fill the destination biome's free areas in land order. */
    for (int k = 0, m = 1; m < n && k < g->board.land_count; k++) {
        int cell = g->board.land[k];
        int areas = board_areas(&g->board, &g->rules, cell);
        for (int a = 0; a < areas && m < n; a++)
            if (view_region(g, &v, cell, a) == to && critter_at(g, cell, a) < 0) {
                Critter *c = game_critter(g, movers[m++]);
                c->cell = (uint16_t)cell;
                c->area = (uint8_t)a;
            }
    }
    if (!others)
        return;
    g->contest_dirty = 1;
    if (o->pay == 1)
        return;   /* what is left of the opposition contests as usual */
    for (int q = 0; q < g->players; q++) {
        if (!((others >> q) & 1))
            continue;
        if (!(g->player[p].ability[ABILITY_SHARE] && g->player[q].ability[ABILITY_SHARE]))
            if (strike_region(g, &v, q, to) > 0)
                critter_to_hand(g, o->subject, "takeover");   /* forced cooperation: parried */
    }
}

/* ---- lava ---- */

static void refresh_lava_flags(Game *g)
{
    for (int i = 0; i < g->board.land_count; i++)
        g->board.cells[g->board.land[i]].flags &= (uint8_t)~CELL_LAVA;
    for (int i = 0; i < g->lava_count; i++)
        g->board.cells[g->lava[i].cell].flags |= CELL_LAVA;
}

/* An armoured critter on the stack absorbs arriving lava: it loses a point of
 * armour and the lava is gone. Returns whether that happened. */
static bool armour_stops_lava(Game *g, int cell)
{
    int ids[16];
    int n = critters_on_cell(g, cell, ids, 16);
    for (int i = 0; i < n; i++) {
        Critter *c = game_critter(g, ids[i]);
        if (c->armour > 0) {
            c->armour--;
            return true;
        }
    }
    return false;
}

static void lava_arrive(Game *g, int cell)
{
    bool land = board_is_land(&g->board, cell);
    if (land && armour_stops_lava(g, cell))
        return;
    if (land)
        queue_displaced(g, cell, DK_EVACUATE);
    if (g->lava_count < MAX_LAVA)
        g->lava[g->lava_count++] = (Lava){ (uint16_t)cell, (uint8_t)!land, 0 };
    g->board.cells[cell].flags |= CELL_LAVA;
    if (listens(g, EV_LAVA_MOVED)) {
        Hex h = board_hex(cell);
        GameEvent ev;
        event_begin(&ev, EV_LAVA_MOVED);
        event_field(&ev, "q", h.q, 0);
        event_field(&ev, "r", h.r, 0);
        event_field(&ev, "ocean", !land, 0);
        emit(g, &ev);
    }
}

/* Records a flow; it arrives when the flows are resolved (resolve_flows). */
static void add_flow(Game *g, int from, int to)
{
    if (g->flow_count < MAX_LAVA)
        g->flows[g->flow_count++] = (LavaFlow){ (uint16_t)from, (uint16_t)to };
}

/* Tells the scripts of the decided flows (they may divert them, or ask first)
 * and leaves the arrivals to DK_LAVA_FLOW, after their questions. */
static void announce_flows(Game *g, int phase_kind_after)
{
    if (g->flow_count == 0) {
        set_pending(g, phase_kind_after, g->active);
        return;
    }
    if (listens(g, EV_LAVA_FLOW))
        for (int i = 0; i < g->flow_count; i++) {
            Hex from = board_hex(g->flows[i].from), to = board_hex(g->flows[i].to);
            GameEvent ev;
            event_begin(&ev, EV_LAVA_FLOW);
            event_field(&ev, "flow", i + 1, 0);
            event_field(&ev, "q", from.q, 0);
            event_field(&ev, "r", from.r, 0);
            event_field(&ev, "to_q", to.q, 0);
            event_field(&ev, "to_r", to.r, 0);
            emit(g, &ev);
        }
    set_pending(g, DK_LAVA_FLOW, g->active);
    g->pending.aux = (uint16_t)phase_kind_after;
}

static void resolve_flows(Game *g)
{
    int n = g->flow_count;
    LavaFlow flows[MAX_LAVA];
    memcpy(flows, g->flows, sizeof(LavaFlow) * (size_t)n);
    g->flow_count = 0;
    for (int i = 0; i < n; i++)
        lava_arrive(g, flows[i].to);
    refresh_lava_flags(g);
    g->contest_dirty = 1;
}

static void start_lava(Game *g, int cell, int height)
{
    lava_flow_from(g, cell, height);
    announce_flows(g, DK_BUY);
}

static void progress_lava(Game *g)
{
    Lava moving[MAX_LAVA];
    int n = g->lava_count;
    memcpy(moving, g->lava, sizeof(Lava) * (size_t)n);
    g->lava_count = 0;
    int soil = tile_type_of_class(&g->rules, TILE_SOIL);
    refresh_lava_flags(g);
    for (int i = 0; i < n; i++) {
        int cell = moving[i].cell;
        if (moving[i].in_ocean) {
            board_push(&g->board, cell, soil, 0);   /* lava in the ocean flips to soil */
            continue;
        }
        if (!lava_flow_from(g, cell, g->board.cells[cell].height) && g->rules.soil_cooling)
            board_push(&g->board, cell, soil, 0);   /* nowhere lower: cools in place */
    }
    refresh_lava_flags(g);
    sea_settle(g);   /* sea critters under new soil swim away */
    g->contest_dirty = 1;
}

void volcano_wipe(Game *g, int cell)
{
    int ids[16];
    int n = critters_on_cell(g, cell, ids, 16);
    /* Armoured critters flee for free to their biome elsewhere, losing a point of
     * armour (if they cannot, their owner lets them go); the rest are wiped out. */
    for (int i = 0; i < n; i++)
        if (game_critter(g, ids[i])->armour == 0 || critter_dormant(game_critter(g, ids[i])))
            critter_to_hand(g, ids[i], "volcano");
    int first_new = g->queue_len;
    queue_displaced(g, cell, DK_EVACUATE);
    for (int k = first_new; k < g->queue_len; k++) {
        g->queue[k].free_move = 1;
        game_critter(g, g->queue[k].subject)->armour--;
    }
}

bool lava_flow_from(Game *g, int cell, int height)
{
    int lower[6];
    int n = board_lower_neighbours(&g->board, cell, height, lower);
    if (n > 0)
        add_flow(g, cell, lower[rng_below(&g->rng, (uint32_t)n)]);
    return n > 0;
}

static void activate_volcano(Game *g, int cell)
{
    volcano_wipe(g, cell);
    /* A quieted volcano (effect_quiet_volcano) leaves as if nothing were lower. */
    int height = g->quiet_volcano ? 0 : g->board.cells[cell].height;
    g->quiet_volcano = 0;
    board_push(&g->board, cell, tile_type_of_class(&g->rules, TILE_VOLCANO), 0);
    g->volcano_held = 0;
    g->player[g->active].volcanoes++;
    g->contest_dirty = 1;
    if (listens(g, EV_VOLCANO_ACTIVATED)) {
        Hex h = board_hex(cell);
        GameEvent ev;
        event_begin(&ev, EV_VOLCANO_ACTIVATED);
        event_field(&ev, "player", g->active, 0);
        event_field(&ev, "q", h.q, 0);
        event_field(&ev, "r", h.r, 0);
        emit(g, &ev);
    }
    set_pending(g, DK_UNLOCK, g->active);
    g->pending.cell = (uint16_t)cell;
    g->pending.aux = (uint16_t)height;
}

static void phase_event(Game *g)
{
    if (!listens(g, EV_PHASE))
        return;
    GameEvent ev;
    event_begin(&ev, EV_PHASE);
    event_field(&ev, "player", g->active, 0);
    event_field(&ev, "phase", g->phase, 0);
    emit(g, &ev);
}

/* ---- set-up ---- */

static void setup_collect(Game *g)
{
    View v;
    view_compute(g, &v);
    for (int p = 0; p < g->players; p++) {
        int seen[BIOME_COUNT] = { 0 };
        for (int r = 0; r < v.rg.count; r++)
            if (v.players_in[r] & (1 << p))
                seen[v.rg.biome[r]] = 1;
        for (int b = 0; b < BIOME_COUNT; b++)
            if (seen[b])
                gain(g, p, b, 1);
    }
}

static void setup_next(Game *g)
{
    int steps = g->players * 6;
    if (g->setup_step < steps) {
        int stage = g->setup_step % 6;
        set_pending(g, stage % 2 == 0 ? DK_SETUP_TILE : DK_SETUP_CRITTER, g->setup_step / 6);
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
        set_pending(g, DK_BONUS, player);
        return;
    }
    flow_begin_turn(g);
}

/* ---- phases ---- */

void flow_begin_turn(Game *g)
{
    g->turn++;
    g->phase = PHASE_MOVE;
    g->buys_made = g->soil_placements = g->extra_buys = g->sacrifices = 0;
    Player *pl = &g->player[g->active];
    pl->sacrificed_board = pl->sacrificed_hand = pl->caldera_bought = 0;
    int moves = 1, over = 0, buy = 1, sacrifice = 1;
    if (listens(g, EV_TURN_START)) {
        GameEvent ev;
        event_begin(&ev, EV_TURN_START);
        event_field(&ev, "player", g->active, 0);
        event_field(&ev, "turn", g->turn, 0);
        event_field(&ev, "mode", g->mode, 1);
        event_field(&ev, "moves", moves, 1);
        event_field(&ev, "over", 0, 1);
        event_field(&ev, "buy", 1, 1);
        event_field(&ev, "sacrifice", 1, 1);
        emit(g, &ev);
        buy = event_get(&ev, "buy") != 0;
        sacrifice = event_get(&ev, "sacrifice") != 0;
        int mode = (int)event_get(&ev, "mode");
        if (mode >= 0 && mode < MODE_COUNT)
            g->mode = (uint8_t)mode;
        moves = (int)event_get(&ev, "moves");
        over = (int)event_get(&ev, "over");
    }
    if (over) {
        finish(g, g->end_triggered ? g->end_triggered : END_SUPPLY);
        return;
    }
    g->moves_left = (uint16_t)(moves > 0 ? moves : 0);
    g->turn_skip = (uint8_t)((buy ? 0 : TURN_SKIP_BUY) | (sacrifice ? 0 : TURN_SKIP_SACRIFICE));
    phase_event(g);
    if (mode_rules(g)->move && g->moves_left > 0)
        set_pending(g, DK_MOVE, g->active);
    else
        enter_buy(g);
}

static bool tile_purchase_possible(Game *g)
{
    Option o[MAX_OPTIONS];
    int n = game_options(g, o, MAX_OPTIONS);
    for (int i = 0; i < n; i++)
        if (o[i].verb == VERB_BUY && o[i].subject != BUY_CALDERA && o[i].subject != BUY_POINT)
            return true;
    return false;
}

static void enter_buy(Game *g)
{
    const ModeRules *m = mode_rules(g);
    g->phase = PHASE_BUY;
    set_pending(g, DK_BUY, g->active);
    phase_event(g);
    if (!(m->buy_tiles || m->buy_volcano || m->buy_island || m->buy_caldera || m->buy_points) ||
        (g->turn_skip & TURN_SKIP_BUY)) {
        enter_claim(g);
        return;
    }
    if (g->mode == MODE_NORMAL && !tile_purchase_possible(g)) {
        /* Cannot buy a tile: sacrifice a critter from hand and forfeit the buy step. */
        int i = first_in_hand(g, g->active);
        if (i >= 0 && crater_count(g, g->active) < g->rules.crater_capacity) {
            to_crater(g, critter_id(g->active, i));
            g->player[g->active].sacrificed_hand = 1;
        }
        enter_claim(g);
    }
}

static void enter_claim(Game *g)
{
    g->phase = PHASE_CLAIM;
    phase_event(g);
    if (mode_rules(g)->claim)
        set_pending(g, DK_CLAIM, g->active);
    else
        enter_sacrifice(g);
}

static void enter_sacrifice(Game *g)
{
    g->phase = PHASE_SACRIFICE;
    set_pending(g, DK_SACRIFICE, g->active);
    phase_event(g);
}

static void enter_collect(Game *g)
{
    g->phase = PHASE_COLLECT;
    phase_event(g);
    int p = g->active;
    int allowed = mode_rules(g)->collect, cap = g->rules.resource_cap;
    if (listens(g, EV_COLLECT)) {
        GameEvent ev;
        event_begin(&ev, EV_COLLECT);
        event_field(&ev, "player", p, 0);
        event_field(&ev, "allowed", allowed, 1);
        event_field(&ev, "cap", cap, 1);
        emit(g, &ev);
        allowed = (int)event_get(&ev, "allowed");
        cap = (int)event_get(&ev, "cap");
    }
    if (allowed) {
        /* One per biome the player controls through a critter that is awake
         * (dormant critters collect nothing) and not on a frozen tile; a group
         * (ABILITY_GROUP) yields one per such critter (1) or two (2). */
        View v;
        view_compute(g, &v);
        uint8_t yields[MAX_REGIONS];
        memset(yields, 0, sizeof yields);
        for (int i = 0; i < g->rules.critters_per_player; i++) {
            const Critter *c = &g->player[p].critters[i];
            int r = c->place == AT_BOARD && !critter_dormant(c) && !cell_frozen(g, c->cell)
                        ? view_region(g, &v, c->cell, c->area) : -1;
            if (r >= 0 && r < MAX_REGIONS && yields[r] < 255)
                yields[r]++;
        }
        int group = g->player[p].ability[ABILITY_GROUP];
        for (int r = 0; r < v.rg.count; r++) {
            if (!yields[r] || !(v.active_in[r] & (1 << p)))
                continue;
            int amount = 1;
            if (group == 1 && yields[r] >= 2)
                amount = yields[r];   /* a pack: one per critter */
            else if (group == 2 && yields[r] >= 2)
                amount = 2;           /* a herd: two */
            gain(g, p, v.rg.biome[r], amount);
        }
    }
    set_pending(g, DK_DISCARD, p);
    g->pending.aux = (uint16_t)(cap > 0 ? cap : 0);
}

static void enter_lava(Game *g)
{
    g->phase = PHASE_LAVA;
    progress_lava(g);
    announce_flows(g, DK_COUNT);   /* then nothing to ask until the evacuations are done */
}

static void end_turn(Game *g)
{
    int over = 0;
    if (hand_count(g, g->active) == 0)
        trigger_end(g, END_HAND_EMPTY);
    if (listens(g, EV_TURN_END)) {
        GameEvent ev;
        event_begin(&ev, EV_TURN_END);
        event_field(&ev, "player", g->active, 0);
        event_field(&ev, "lava", g->lava_count, 0);
        event_field(&ev, "over", 0, 1);
        emit(g, &ev);
        over = (int)event_get(&ev, "over");
    }
    if (g->end_triggered && !listens(g, EV_END_TRIGGERED)) {
        over = 1;   /* without end-game scripts the game ends with the triggering turn */
    }
    if (over) {
        finish(g, g->end_triggered ? g->end_triggered : END_SUPPLY);
        return;
    }
    if (g->turn >= 4000) {
        finish(g, END_STALLED);
        return;
    }
    g->active = (uint8_t)((g->active + 1) % g->players);
    flow_begin_turn(g);
}

/* Called when the pending decision has no option left: go on to what follows. */
static void phase_next(Game *g)
{
    if (g->pending.kind == DK_LAVA_FLOW) {
        int after = g->pending.aux;
        resolve_flows(g);
        set_pending(g, after, g->active);
        return;
    }
    switch (g->phase) {
    case PHASE_SETUP:
        g->setup_step++;
        setup_next(g);
        break;
    case PHASE_MOVE:
        enter_buy(g);
        break;
    case PHASE_BUY:
        if (g->pending.kind == DK_ERUPT) {
            activate_volcano(g, g->pending.cell);
        } else if (g->pending.kind == DK_UNLOCK) {
            int cell = g->pending.cell, height = g->pending.aux;
            set_pending(g, DK_BUY, g->active);
            start_lava(g, cell, height);
        } else if (g->pending.kind != DK_BUY) {
            set_pending(g, DK_BUY, g->active);
        } else {
            enter_claim(g);
        }
        break;
    case PHASE_CLAIM:
        enter_sacrifice(g);
        break;
    case PHASE_SACRIFICE:
        enter_collect(g);
        break;
    case PHASE_COLLECT:
        enter_lava(g);
        break;
    case PHASE_LAVA:
        end_turn(g);
        break;
    default:
        finish(g, END_STALLED);
        break;
    }
}

void flow_advance(Game *g)
{
    Option o[MAX_OPTIONS];
    for (;;) {
        if (g->phase == PHASE_OVER)
            return;
        bool queue_kind = g->pending.kind == DK_MIGRATE || g->pending.kind == DK_EVACUATE ||
                          g->pending.kind == DK_KEEP || g->pending.kind == DK_SCRIPT;
        if (g->queue_len == 0 && g->ask_len == 0 && queue_kind) {
            g->pending = g->resume;
            continue;
        }
        if (g->queue_len > 0) {
            const QueueItem *q = &g->queue[0];
            if (!queue_kind)
                g->resume = g->pending;
            set_pending(g, q->kind, q->player);
            g->pending.subject = q->subject;
            g->pending.cell = q->cell;
        } else if (g->contest_dirty) {
            g->contest_dirty = 0;
            resolve_contests(g);
            continue;
        } else if (g->ask_len > 0) {
            if (!queue_kind)
                g->resume = g->pending;
            set_pending(g, DK_SCRIPT, g->ask[0].player);
            g->pending.aux = g->ask[0].tag;
        } else if (g->phase == PHASE_SETUP && g->pending.kind != DK_SETUP_TILE &&
                   g->pending.kind != DK_SETUP_CRITTER && g->pending.kind != DK_BONUS) {
            setup_next(g);
            continue;
        }
        int n = game_options(g, o, MAX_OPTIONS);
        if (n == 0) {
            if (g->queue_len > 0)
                queue_pop(g);
            else if (g->pending.kind == DK_SCRIPT)
                ask_pop(g);
            else
                phase_next(g);
            continue;
        }
        if (n == 1 && (o[0].verb == VERB_PASS || o[0].verb == VERB_RETURN)) {
            perform(g, &o[0]);   /* nothing to choose: not logged, replays the same */
            continue;
        }
        return;
    }
}

/* ---- apply ---- */

/* A bolt card leaves the hand for the discard pile; its script does the rest.
 * The decision it was played at stays pending. */
static void play_card(Game *g, int player, int index)
{
    Player *pl = &g->player[player];
    int card = pl->caldera[index];
    memmove(&pl->caldera[index], &pl->caldera[index + 1], (size_t)(pl->caldera_count - index - 1));
    pl->caldera_count--;
    g->caldera_discard++;
    g->cards_played |= (uint64_t)1 << card;
    GameEvent ev;
    event_begin(&ev, EV_CALDERA_PLAYED);
    event_field(&ev, "player", player, 0);
    event_field(&ev, "card", card, 0);
    emit(g, &ev);
}

static void perform(Game *g, const Option *o)
{
    int p = g->pending.player;
    Player *pl = &g->player[p];
    if (o->verb == VERB_PLAY_CARD) {
        play_card(g, p, o->subject);
        return;
    }
    switch (g->pending.kind) {
    case DK_SETUP_TILE:
        board_push(&g->board, o->cell, o->subject, o->sub);
        g->setup_cells[p][(g->setup_step % 6) / 2] = o->cell;
        g->setup_step++;
        setup_next(g);
        break;
    case DK_SETUP_CRITTER:
        place_critter(g, p, o->cell, o->sub);
        g->setup_step++;
        setup_next(g);
        break;
    case DK_BONUS:
        gain(g, p, o->sub, 1);
        g->setup_step++;
        setup_next(g);
        break;
    case DK_MOVE:
        if (o->verb == VERB_PASS) {
            g->moves_left = 0;
            enter_buy(g);
        } else {
            move_critter_option(g, o);
            if (--g->moves_left == 0)
                enter_buy(g);
        }
        break;
    case DK_BUY:
        if (o->verb == VERB_PASS) {
            enter_claim(g);
            break;
        }
        pay(g, p, o->pay);
        if (o->subject == BUY_CALDERA) {
            uint8_t card = g->caldera_deck[--g->caldera_size];
            if (pl->caldera_count < MAX_CALDERA)
                pl->caldera[pl->caldera_count++] = card;
            pl->caldera_bought = 1;
        } else if (o->subject == BUY_POINT) {
            pl->points_bought++;
        } else if (o->subject == BUY_VOLCANO) {
            g->supply_volcanoes--;
            g->volcano_held = 1;
            g->buys_made++;
            set_pending(g, DK_TARGET, p);
        } else if (o->subject == BUY_ISLAND) {
            int returned = 0;
            for (int i = 0; i < g->rules.critters_per_player && returned < g->rules.island_crater_critters; i++)
                if (pl->critters[i].place == AT_CRATER) {
                    pl->critters[i].place = AT_HAND;
                    returned++;
                }
            g->buys_made++;
            g->island_count = 0;
            int tiles = g->rules.island_tiles;
            if (listens(g, EV_ISLAND)) {
                GameEvent ev;
                event_begin(&ev, EV_ISLAND);
                event_field(&ev, "player", p, 0);
                event_field(&ev, "tiles", tiles, 1);
                emit(g, &ev);
                int64_t t = event_get(&ev, "tiles");
                tiles = t < 1 ? 1 : t > 6 ? 6 : (int)t;   /* island_cells holds up to 8 */
            }
            set_pending(g, DK_ISLAND, p);
            g->pending.aux = (uint16_t)tiles;
        } else {
            g->supply_tiles[o->subject]--;
            g->buys_made++;
            g->bought_type = (uint8_t)o->subject;
            set_pending(g, DK_PLACE, p);
            if (land_supply(g) == 0)
                trigger_end(g, END_SUPPLY);
        }
        break;
    case DK_PLACE: {
        bool on_soil = board_top_class(&g->board, &g->rules, o->cell) == TILE_SOIL;
        queue_displaced(g, o->cell, DK_MIGRATE);
        board_push(&g->board, o->cell, o->subject, o->sub);
        g->contest_dirty = 1;
        if (on_soil)
            g->soil_placements++;
        /* A second tile is allowed when the first went onto volcanic soil. */
        int extra = (g->buys_made == 1 && on_soil) ? 1 : g->extra_buys;
        if (listens(g, EV_BUY_LIMIT)) {
            GameEvent ev;
            event_begin(&ev, EV_BUY_LIMIT);
            event_field(&ev, "player", p, 0);
            event_field(&ev, "bought", g->buys_made, 0);
            event_field(&ev, "soil", g->soil_placements, 0);
            event_field(&ev, "on_soil", on_soil, 0);
            event_field(&ev, "extra", extra, 1);
            emit(g, &ev);
            extra = (int)event_get(&ev, "extra");
        }
        g->extra_buys = (uint8_t)(extra > 0 ? extra : 0);
        if (listens(g, EV_TILE_PLACED)) {
            Hex h = board_hex(o->cell);
            GameEvent ev;
            event_begin(&ev, EV_TILE_PLACED);
            event_field(&ev, "player", p, 0);
            event_field(&ev, "q", h.q, 0);
            event_field(&ev, "r", h.r, 0);
            event_field(&ev, "type", o->subject, 0);
            event_field(&ev, "height", g->board.cells[o->cell].height, 0);
            emit(g, &ev);
        }
        set_pending(g, DK_BUY, p);
        break;
    }
    case DK_ISLAND:
        board_push(&g->board, o->cell, o->subject, o->sub);
        g->supply_tiles[o->subject]--;
        if (g->island_count < 8)
            g->island_cells[g->island_count++] = o->cell;
        g->contest_dirty = 1;
        if (land_supply(g) == 0)
            trigger_end(g, END_SUPPLY);
        if (--g->pending.aux == 0) {
            g->island_count = 0;
            set_pending(g, DK_BUY, p);
        }
        break;
    case DK_TARGET: {
        /* Scripts hear of the target first (and may ask questions); the eruption
         * follows once they are answered (DK_ERUPT, see phase_next). */
        set_pending(g, DK_ERUPT, p);
        g->pending.cell = o->cell;
        if (listens(g, EV_VOLCANO_TARGETED)) {
            Hex h = board_hex(o->cell);
            GameEvent ev;
            event_begin(&ev, EV_VOLCANO_TARGETED);
            event_field(&ev, "player", p, 0);
            event_field(&ev, "q", h.q, 0);
            event_field(&ev, "r", h.r, 0);
            emit(g, &ev);
        }
        break;
    }
    case DK_UNLOCK: {
        int cell = g->pending.cell, height = g->pending.aux;
        g->unlocked[p][o->subject] = 1;
        int i = first_in_hand(g, p);
        if (i >= 0) {
            pl->critters[i].place = AT_GRID;
            pl->critters[i].cell = o->subject;
        }
        if (listens(g, EV_POWER_UNLOCKED)) {
            GameEvent ev;
            event_begin(&ev, EV_POWER_UNLOCKED);
            event_field(&ev, "player", p, 0);
            event_field(&ev, "slot", o->subject, 0);
            event_field(&ev, "card", g->grid_card[o->subject], 0);
            emit(g, &ev);
        }
        set_pending(g, DK_BUY, g->active);
        start_lava(g, cell, height);
        break;
    }
    case DK_MIGRATE:
    case DK_EVACUATE: {
        Critter *c = game_critter(g, o->subject);
        if (o->verb == VERB_MIGRATE || o->verb == VERB_EVACUATE) {
            if (o->verb == VERB_EVACUATE)
                pay(g, p, o->pay);
            c->cell = o->cell;
            c->area = o->sub;
        } else {
            critter_to_hand(g, o->subject, g->pending.kind == DK_MIGRATE ? "covered" : "lava");
        }
        queue_pop(g);
        break;
    }
    case DK_KEEP:
        critter_to_hand(g, o->subject, "contest");
        if (--g->queue[0].count == 0)
            queue_pop(g);
        break;
    case DK_CLAIM:
        if (o->verb == VERB_PASS)
            enter_sacrifice(g);
        else
            place_critter(g, p, o->cell, o->sub);
        break;
    case DK_SACRIFICE:
        if (o->verb == VERB_PASS) {
            enter_collect(g);
        } else if (o->verb == VERB_SACRIFICE) {
            to_crater(g, o->subject);
            pl->sacrificed_board = 1;
            g->sacrifices++;
        } else {
            pay(g, p, o->pay);
            to_crater(g, critter_id(p, first_in_hand(g, p)));
            pl->sacrificed_hand = 1;
            g->sacrifices++;
        }
        break;
    case DK_SCRIPT:
        answer_ask(g, o);
        break;
    case DK_DISCARD:
        pl->resources[o->sub]--;
        g->supply_resources[o->sub]++;
        break;
    default:
        break;
    }
}

static bool option_eq(const Option *a, const Option *b)
{
    return a->verb == b->verb && a->sub == b->sub && a->cell == b->cell && a->subject == b->subject &&
           a->pay == b->pay;
}

/* Records and carries out an option already known to be legal. */
static int apply_legal(Game *g, const Option *chosen, char *err, int errlen)
{
    if (g->log && action_log_append(g->log, chosen) != 0) {
        snprintf(err, (size_t)errlen, "out of memory recording the action");
        return -1;
    }
    perform(g, chosen);
    flow_advance(g);
    return 0;
}

int game_apply(Game *g, int index, char *err, int errlen)
{
    Option o[MAX_OPTIONS];
    int n = game_options(g, o, MAX_OPTIONS);
    if (index < 0 || index >= n) {
        snprintf(err, (size_t)errlen, "option %d is not legal: the %s decision has %d option%s",
                 index, decision_kind_name(g->pending.kind), n, n == 1 ? "" : "s");
        return -1;
    }
    Option chosen = o[index];
    return apply_legal(g, &chosen, err, errlen);
}

int game_apply_option(Game *g, const Option *opt, char *err, int errlen)
{
    Option o[MAX_OPTIONS];
    int n = game_options(g, o, MAX_OPTIONS);
    for (int i = 0; i < n; i++)
        if (option_eq(&o[i], opt)) {
            Option chosen = o[i];
            return apply_legal(g, &chosen, err, errlen);
        }
    snprintf(err, (size_t)errlen, "that %s option is not legal in the %s decision", verb_name(opt->verb),
             decision_kind_name(g->pending.kind));
    return -1;
}
