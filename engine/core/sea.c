#include "sea.h"

#include <stdio.h>

#include "core_internal.h"

#define FAIL(...) do { snprintf(err, (size_t)errlen, __VA_ARGS__); return -1; } while (0)

static bool valid_cell(int cell) { return cell >= 0 && cell < BOARD_CELLS; }

static bool next_to_land(const Game *g, int cell)
{
    for (int d = 0; d < HEX_DIRS; d++) {
        int n = board_neighbour(cell, d);
        if (n != NO_CELL && board_is_land(&g->board, n))
            return true;
    }
    return false;
}

int sea_critter_at(const Game *g, int cell)
{
    for (int p = 0; p < g->players; p++)
        for (int i = 0; i < g->rules.critters_per_player; i++) {
            const Critter *c = &g->player[p].critters[i];
            if (c->place == AT_SEA && c->cell == cell)
                return critter_id(p, i);
        }
    return -1;
}

bool sea_space_open(const Game *g, int cell)
{
    return valid_cell(cell) && !board_is_land(&g->board, cell) &&
           !(g->board.cells[cell].flags & CELL_LAVA) && !cell_frozen(g, cell) &&
           next_to_land(g, cell) && sea_critter_at(g, cell) < 0;
}

int sea_spaces(const Game *g, uint16_t *cells, int max)
{
    /* Only neighbours of land can be open: mark them, then read in cell order. */
    uint8_t near[BOARD_CELLS / 8 + 1] = { 0 };
    for (int k = 0; k < g->board.land_count; k++)
        for (int d = 0; d < HEX_DIRS; d++) {
            int n = board_neighbour(g->board.land[k], d);
            if (n != NO_CELL)
                near[n >> 3] |= (uint8_t)(1 << (n & 7));
        }
    int count = 0;
    for (int cell = 0; cell < BOARD_CELLS && count < max; cell++)
        if ((near[cell >> 3] >> (cell & 7)) & 1 && sea_space_open(g, cell))
            cells[count++] = (uint16_t)cell;
    return count;
}

int sea_landings(const Game *g, int id, uint16_t *cells, uint8_t *areas, int max)
{
    const Critter *c = &g->player[id / MAX_CRITTERS].critters[id % MAX_CRITTERS];
    if (c->place != AT_SEA || cell_frozen(g, c->cell))
        return 0;
    View v;
    view_compute(g, &v);
    int count = 0;
    for (int d = 0; d < HEX_DIRS; d++) {
        int cell = board_neighbour(c->cell, d);
        if (cell == NO_CELL || !board_is_land(&g->board, cell) || cell_frozen(g, cell) ||
            (g->board.cells[cell].flags & CELL_LAVA))
            continue;
        int n = board_areas(&g->board, &g->rules, cell);
        for (int a = 0; a < n && count < max; a++) {
            int r = view_region(g, &v, cell, a);
            if (r == NO_REGION || v.players_in[r] || critter_at(g, cell, a) >= 0)
                continue;
            cells[count] = (uint16_t)cell;
            areas[count++] = (uint8_t)a;
        }
    }
    return count;
}

int sea_place(Game *g, int player, int cell, char *err, int errlen)
{
    if (player < 0 || player >= g->players)
        FAIL("no player %d", player);
    int i = first_in_hand(g, player);
    if (i < 0)
        FAIL("player %d has no critter in hand", player);
    if (!sea_space_open(g, cell))
        FAIL("a sea critter goes into an ocean space next to land, free of lava, frost and other sea critters");
    Critter *c = &g->player[player].critters[i];
    c->place = AT_SEA;
    c->cell = (uint16_t)cell;
    c->area = 0;
    return 0;
}

int sea_swim(Game *g, int id, int cell, char *err, int errlen)
{
    Critter *c = game_critter(g, id);
    if (c->place != AT_SEA)
        FAIL("that critter is not in the sea");
    if (cell_frozen(g, c->cell))
        FAIL("a sea critter in a frozen space cannot move");
    if (!sea_space_open(g, cell))
        FAIL("a sea critter swims to an ocean space next to land, free of lava, frost and other sea critters");
    c->cell = (uint16_t)cell;
    return 0;
}

int sea_ashore(Game *g, int id, int cell, int area, char *err, int errlen)
{
    Critter *c = game_critter(g, id);
    if (c->place != AT_SEA)
        FAIL("that critter is not in the sea");
    uint16_t cells[HEX_DIRS * 3];
    uint8_t areas[HEX_DIRS * 3];
    int n = sea_landings(g, id, cells, areas, HEX_DIRS * 3);
    for (int k = 0; k < n; k++)
        if (cells[k] == cell && areas[k] == area) {
            c->place = AT_BOARD;
            c->area = (uint8_t)area;
            c->cell = (uint16_t)cell;
            g->contest_dirty = 1;
            return 0;
        }
    FAIL("a sea critter comes ashore only onto a free area of an uncontrolled biome next to its space");
}

/* The nearest open sea space to `from`, ring by ring; -1 if none. */
static int nearest_space(const Game *g, int from)
{
    Hex ring[6 * BOARD_SIZE];
    for (int radius = 1; radius < BOARD_SIZE; radius++) {
        int n = hex_ring(board_hex(from), radius, ring);
        for (int k = 0; k < n; k++)
            if (board_in_bounds(ring[k]) && sea_space_open(g, board_cell(ring[k])))
                return board_cell(ring[k]);
    }
    return -1;
}

int sea_settle(Game *g)
{
    int moved = 0;
    for (int k = 0; k < g->players; k++) {
        int p = (g->active + k) % g->players;
        for (int i = 0; i < g->rules.critters_per_player; i++) {
            Critter *c = &g->player[p].critters[i];
            if (c->place != AT_SEA || !board_is_land(&g->board, c->cell))
                continue;
            int to = nearest_space(g, c->cell);
            if (to >= 0)
                c->cell = (uint16_t)to;
            else
                critter_to_hand(g, critter_id(p, i), "overflow");
            moved++;
        }
    }
    return moved;
}
