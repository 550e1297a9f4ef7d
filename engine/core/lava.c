/* Volcanoes and lava, in one place: a volcano's eruption, lava flows decided,
 * announced and arriving, lava progressing at the end of a turn, and the
 * lava effects scripts cause (effects.h: erupt, divert, add lava).
 *
 * A flow is decided when lava leaves a position (lava_flow_from: a uniformly
 * drawn lower neighbour), announced to the scripts ("lava_flow", which may
 * divert it or ask questions) and arrives once those are answered
 * (DK_LAVA_FLOW, resolved by lava_resolve_flows). Lava arriving on land hits
 * every critter there ("critter_hit", cause lava): each must evacuate (paying)
 * or is lost, unless a handler spares it, makes it flee, or stops the lava. */
#include "core_internal.h"
#include "effects.h"
#include "placement.h"

#include <stdio.h>
#include <string.h>

#define FAIL(...) do { snprintf(err, (size_t)errlen, __VA_ARGS__); return -1; } while (0)

void lava_refresh_flags(Game *g)
{
    for (int i = 0; i < g->board.land_count; i++)
        g->board.cells[g->board.land[i]].flags &= (uint8_t)~CELL_LAVA;
    for (int i = 0; i < g->lava_count; i++)
        g->board.cells[g->lava[i].cell].flags |= CELL_LAVA;
}

static void lava_moved_event(Game *g, int cell, bool ocean)
{
    if (!game_listens(g, EV_LAVA_MOVED))
        return;
    Hex h = board_hex(cell);
    GameEvent ev;
    event_begin(&ev, EV_LAVA_MOVED);
    EV_SET(ev, LAVA_MOVED, q, h.q);
    EV_SET(ev, LAVA_MOVED, r, h.r);
    EV_SET(ev, LAVA_MOVED, ocean, ocean);
    game_emit(g, &ev);
}

/* Lava arrives at `cell` (land or ocean). */
static void lava_arrive(Game *g, int cell)
{
    bool land = board_is_land(&g->board, cell);
    if (land && !queue_hit_all(g, cell, CAUSE_LAVA, true))
        return;
    if (g->lava_count < MAX_LAVA)
        g->lava[g->lava_count++] = (Lava){ (uint16_t)cell, (uint8_t)!land, 0 };
    g->board.cells[cell].flags |= CELL_LAVA;
    lava_moved_event(g, cell, !land);
}

bool lava_flow_from(Game *g, int cell, int height)
{
    int lower[6];
    int n = board_lower_neighbours(&g->board, cell, height, lower);
    if (n > 0 && g->flow_count < MAX_LAVA)
        g->flows[g->flow_count++] = (LavaFlow){ (uint16_t)cell, (uint16_t)lower[rng_below(&g->rng, (uint32_t)n)] };
    return n > 0;
}

void lava_announce_flows(Game *g, int kind_after)
{
    if (g->flow_count == 0) {
        g->pending = (Pending){ (uint8_t)kind_after, g->active, 0, 0, 0 };
        return;
    }
    if (game_listens(g, EV_LAVA_FLOW))
        for (int i = 0; i < g->flow_count; i++) {
            Hex from = board_hex(g->flows[i].from), to = board_hex(g->flows[i].to);
            GameEvent ev;
            event_begin(&ev, EV_LAVA_FLOW);
            EV_SET(ev, LAVA_FLOW, flow, i + 1);
            EV_SET(ev, LAVA_FLOW, q, from.q);
            EV_SET(ev, LAVA_FLOW, r, from.r);
            EV_SET(ev, LAVA_FLOW, to_q, to.q);
            EV_SET(ev, LAVA_FLOW, to_r, to.r);
            game_emit(g, &ev);
        }
    g->pending = (Pending){ DK_LAVA_FLOW, g->active, 0, 0, (uint16_t)kind_after };
}

void lava_resolve_flows(Game *g)
{
    int n = g->flow_count;
    LavaFlow flows[MAX_LAVA];
    memcpy(flows, g->flows, sizeof(LavaFlow) * (size_t)n);
    g->flow_count = 0;
    for (int i = 0; i < n; i++)
        lava_arrive(g, flows[i].to);
    lava_refresh_flags(g);
    g->contest_dirty = 1;
}

void lava_progress(Game *g)
{
    Lava moving[MAX_LAVA];
    int n = g->lava_count;
    memcpy(moving, g->lava, sizeof(Lava) * (size_t)n);
    g->lava_count = 0;
    int soil = rules_tile_type_of_class(&g->rules, TILE_SOIL);
    int formed[MAX_LAVA], nformed = 0;
    lava_refresh_flags(g);
    for (int i = 0; i < n; i++) {
        int cell = moving[i].cell;
        bool cools = moving[i].in_ocean ||   /* lava in the ocean flips to soil */
                     (!lava_flow_from(g, cell, g->board.cells[cell].height) && g->rules.soil_cooling);
        if (cools && board_push(&g->board, cell, soil, 0) == 0)
            formed[nformed++] = cell;
    }
    lava_refresh_flags(g);
    g->contest_dirty = 1;
    for (int i = 0; i < nformed; i++)
        game_land_changed(g, LAND_SOIL, formed[i]);
}

/* After the blow, before the Volcano tile: scripts may still change the top tile. */
static void volcano_landing(Game *g, int player, int cell)
{
    if (!game_listens(g, EV_VOLCANO_LANDING))
        return;
    Hex h = board_hex(cell);
    GameEvent ev;
    event_begin(&ev, EV_VOLCANO_LANDING);
    EV_SET(ev, VOLCANO_LANDING, player, player);
    EV_SET(ev, VOLCANO_LANDING, q, h.q);
    EV_SET(ev, VOLCANO_LANDING, r, h.r);
    game_emit(g, &ev);
}

void lava_volcano_wipe(Game *g, int cell)
{
    int ids[16];
    int n = game_critters_on_cell(g, cell, ids, 16);
    /* A critter spared by a handler cannot stay under the volcano: it flees. */
    for (int i = 0; i < n; i++) {
        HitOutcome hit = game_critter_hit(g, ids[i], CAUSE_ERUPTION);
        bool flee = (hit.flee || hit.spared) && !critter_has_trait(g, game_critter(g, ids[i]), CT_STAYS);
        if (flee)
            queue_flee(g, ids[i], CAUSE_ERUPTION);
        else
            game_critter_to_hand(g, ids[i], CAUSE_ERUPTION);
    }
}

/* The activation proper: the blow, the Volcano tile, the event; the unlock
 * (DK_UNLOCK) and then the lava follow. */
void lava_activate_volcano(Game *g, int cell)
{
    int height = g->board.cells[cell].height;
    g->erupting++;
    lava_volcano_wipe(g, cell);
    volcano_landing(g, g->active, cell);
    g->erupting--;
    board_push(&g->board, cell, rules_tile_type_of_class(&g->rules, TILE_VOLCANO), 0);
    g->volcano_held = 0;
    g->player[g->active].volcanoes++;
    g->contest_dirty = 1;
    if (game_listens(g, EV_VOLCANO_ACTIVATED)) {
        Hex h = board_hex(cell);
        GameEvent ev;
        event_begin(&ev, EV_VOLCANO_ACTIVATED);
        EV_SET(ev, VOLCANO_ACTIVATED, player, g->active);
        EV_SET(ev, VOLCANO_ACTIVATED, q, h.q);
        EV_SET(ev, VOLCANO_ACTIVATED, r, h.r);
        EV_SET(ev, VOLCANO_ACTIVATED, lava, 1);
        game_emit(g, &ev);
        if (!EV_GET(ev, VOLCANO_ACTIVATED, lava))
            height = 0;   /* a quiet volcano: nothing is lower than nothing */
    }
    g->pending = (Pending){ DK_UNLOCK, g->active, 0, (uint16_t)cell, (uint16_t)height };
}

/* ---- effects ---- */

/* What a further eruption on `cell` needs, before its blow and landing and
 * after them (their handlers may have turned the target: nothing else). */
static int erupt_check(const Game *g, int cell, char *err, int errlen)
{
    if (cell < 0 || cell >= BOARD_CELLS || !stack_takes_tile(g, cell))
        FAIL("a volcano needs a land stack without lava or a volcano on top");
    if (cell_has_trait(g, cell, LT_NO_BUILD))
        FAIL("nothing may be built there");
    if (g->supply_volcanoes == 0)
        FAIL("the supply has no volcano tile left");
    if (g->board.tile_count >= MAX_BOARD_TILES)
        FAIL("the board has no room for another tile");
    return 0;
}

int effect_erupt(Game *g, int player, int cell, char *err, int errlen)
{
    if (effect_land_window(g, err, errlen))
        return -1;
    if (player < 0 || player >= g->players)
        FAIL("no player %d", player);
    if (erupt_check(g, cell, err, errlen))
        return -1;
    g->erupting++;
    lava_volcano_wipe(g, cell);
    volcano_landing(g, player, cell);
    g->erupting--;
    if (erupt_check(g, cell, err, errlen))
        return -1;
    int height = g->board.cells[cell].height;
    g->supply_volcanoes--;
    board_push(&g->board, cell, rules_tile_type_of_class(&g->rules, TILE_VOLCANO), 0);
    g->player[player].volcanoes++;
    g->contest_dirty = 1;
    lava_flow_from(g, cell, height);
    return 0;
}

int effect_divert_lava(Game *g, int flow, int cell, char *err, int errlen)
{
    if (flow < 0 || flow >= g->flow_count)
        FAIL("no lava flow %d is on its way", flow + 1);
    if (cell < 0 || cell >= BOARD_CELLS || hex_distance(board_hex(cell), board_hex(g->flows[flow].from)) != 1)
        FAIL("lava can only be diverted to a neighbour of where it comes from");
    g->flows[flow].to = (uint16_t)cell;
    return 0;
}

int effect_add_lava(Game *g, int cell, char *err, int errlen)
{
    if (effect_land_window(g, err, errlen))
        return -1;
    if (cell < 0 || cell >= BOARD_CELLS || !board_is_land(&g->board, cell))
        FAIL("lava is added only on land");
    if (g->board.cells[cell].flags & CELL_LAVA)
        FAIL("there is lava there already");
    if (g->lava_count >= MAX_LAVA)
        FAIL("the board holds the most lava it can");
    lava_arrive(g, cell);
    g->contest_dirty = 1;
    return 0;
}
