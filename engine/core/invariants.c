#include "invariants.h"

#include <stdio.h>

#include "core_internal.h"

#define FAIL(...) do { snprintf(err, (size_t)errlen, __VA_ARGS__); return -1; } while (0)

/* Critters: each in one known place; board critters on a free area of a land top tile; craters and
 * grid marks within what a player holds. */
static int check_critters(const Game *g, char *err, int errlen)
{
    const Rules *r = &g->rules;
    const Board *b = &g->board;
    for (int p = 0; p < g->players; p++) {
        int grid = 0;
        for (int i = 0; i < MAX_CRITTERS; i++) {
            const Critter *c = &g->player[p].critters[i];
            if (i >= r->critters_per_player) {
                if (c->place != AT_UNUSED)
                    FAIL("player %d critter %d exists beyond the %d a player has", p, i, r->critters_per_player);
                continue;
            }
            if (c->place > AT_ASIDE)
                FAIL("player %d critter %d is nowhere", p, i);
            if (c->place == AT_GRID) {
                grid++;
                if (c->cell >= r->grid_slot_count || !g->unlocked[p][c->cell])
                    FAIL("player %d critter %d marks a grid slot they do not hold", p, i);
            }
            if (c->place == AT_ASIDE && c->cell != NO_CELL && c->cell >= BOARD_CELLS)
                FAIL("player %d critter %d is aside off the board", p, i);
            if (c->place != AT_BOARD && c->marks)
                FAIL("player %d critter %d carries marks off the board", p, i);
            if (c->marks >> r->critter_mark_count)
                FAIL("player %d critter %d carries an undeclared mark", p, i);
            if (c->place != AT_BOARD)
                continue;
            if (queue_has_critter(g, critter_id(p, i)))
                continue;   /* a covered critter awaiting its owner's decision */
            if (c->cell >= BOARD_CELLS || !board_is_land(b, c->cell))
                FAIL("player %d critter %d stands in the ocean", p, i);
            if (c->area >= board_areas(b, r, c->cell))
                FAIL("player %d critter %d stands on area %d of a tile with %d areas", p, i, c->area,
                     board_areas(b, r, c->cell));
            for (int q = 0; q < g->players; q++)
                for (int j = 0; j < r->critters_per_player; j++) {
                    const Critter *o = &g->player[q].critters[j];
                    if ((q != p || j != i) && o->place == AT_BOARD && o->cell == c->cell && o->area == c->area &&
                        !queue_has_critter(g, critter_id(q, j)))
                        FAIL("two critters share area %d of cell %d", c->area, c->cell);
                }
        }
        if (game_crater_count(g, p) > r->crater_capacity)
            FAIL("player %d has %d critters in a crater that holds %d", p, game_crater_count(g, p), r->crater_capacity);
        int held = 0;
        for (int s = 0; s < r->grid_slot_count; s++)
            held += g->unlocked[p][s];
        if (grid > held)
            FAIL("player %d has more grid critters than unlocked slots", p);
    }
    return 0;
}

/* Tiles: land tiles on the board plus the supply never exceed the starting supply; every volcano tile
 * is somewhere. */
static int check_tiles(const Game *g, char *err, int errlen)
{
    const Rules *r = &g->rules;
    const Board *b = &g->board;
    int on_board[MAX_TILE_TYPES] = { 0 };
    for (int k = 0; k < b->land_count; k++)
        for (int t = b->cells[b->land[k]].top; t != NO_TILE; t = b->tiles[t].below)
            on_board[b->tiles[t].type]++;
    int land = 0, start = 0;
    for (int t = 0; t < r->tile_type_count; t++)
        if (r->tile_types[t].tile_class <= TILE_TRIO)
            land += on_board[t] + g->supply_tiles[t];
    start = r->land_tiles_base + r->land_tiles_per_extra_player * (g->players - 2) + 3 * g->players;
    if (land > start)
        FAIL("%d land tiles exist, more than the %d the game started with", land, start);
    int volcanoes = on_board[rules_tile_type_of_class(r, TILE_VOLCANO)] + g->supply_volcanoes +
                    g->volcano_held;   /* bought, not yet erupted */
    if (volcanoes != r->volcanoes_per_player * g->players)
        FAIL("%d volcano tiles exist, the game has %d", volcanoes, r->volcanoes_per_player * g->players);
    return 0;
}

/* Turn state: known skipped steps, registered end reasons, questions in place, the board's derived
 * data and lava marks agreeing with their sources. */
static int check_turn_state(const Game *g, char *err, int errlen)
{
    const Rules *r = &g->rules;
    if (g->turn_skip & ~(TURN_SKIP_BUY | TURN_SKIP_SACRIFICE | TURN_SKIP_CLAIM))
        FAIL("unknown turn steps switched off (%d)", g->turn_skip);
    if (g->end_reason >= r->end_reason_count || g->end_triggered >= r->end_reason_count)
        FAIL("end reason %d is not registered", g->end_reason > g->end_triggered ? g->end_reason : g->end_triggered);
    if (g->choice_len > MAX_CHOICES || g->ask_len > MAX_ASKS)
        FAIL("%d questions with %d choices are waiting", g->ask_len, g->choice_len);
    for (int a = 0, next = 0; a < g->ask_len; next += g->ask[a].count, a++)
        if (g->ask[a].first != next || next + g->ask[a].count > g->choice_len)
            FAIL("question %d's choices are out of place", a + 1);
    if (!board_derived_ok(&g->board, r))
        FAIL("the board's derived tile codes or facing masks differ from its stacks");
    for (int p = 0; p < g->players; p++)
        for (int i = 0; i < r->critters_per_player; i++)
            if (g->player[p].critters[i].marks & ~g->critter_marks_seen)
                FAIL("critter %c%d carries a mark the game's mark filter never saw", 'A' + p, i + 1);
    for (int k = 0; k < g->board.land_count; k++) {
        int cell = g->board.land[k];
        bool listed = false;
        for (int l = 0; l < g->lava_count; l++)
            listed |= g->lava[l].cell == cell;
        if (listed != ((g->board.cells[cell].flags & CELL_LAVA) != 0))
            FAIL("land cell %d: its lava mark and the lava list disagree", cell);
    }
    return 0;
}

/* Resources: conserved between supply and players, and within the cap once the discards are made. */
static int check_resources(const Game *g, char *err, int errlen)
{
    const Rules *r = &g->rules;
    for (int res = 0; res < BIOME_COUNT; res++) {
        int total = g->supply_resources[res];
        for (int p = 0; p < g->players; p++)
            total += g->player[p].resources[res];
        if (total != r->resources_per_type)
            FAIL("%d %s resources exist, the game has %d", total, biome_name(res), r->resources_per_type);
    }
    if (g->pending.kind == DK_DISCARD || g->phase == PHASE_COLLECT)
        return 0;   /* over the cap until the discards are made */
    for (int p = 0; p < g->players; p++)
        if (g->phase != PHASE_SETUP && player_resource_total(&g->player[p]) > 15)
            FAIL("player %d holds %d resources", p, player_resource_total(&g->player[p]));
    return 0;
}

int invariants_check(const Game *g, char *err, int errlen)
{
    if (check_critters(g, err, errlen) || check_tiles(g, err, errlen) || check_turn_state(g, err, errlen) ||
        check_resources(g, err, errlen))
        return -1;
    return 0;
}
