/* Moving land: island shifts and splits (see island_move.h for the contract). */
#include "island_move.h"

#include <stdio.h>
#include <string.h>

#include "core_internal.h"

#define FAIL(...) do { snprintf(err, (size_t)errlen, __VA_ARGS__); return -1; } while (0)

/* Marks the island holding `cell` in `mark` (1 per cell); returns its size. */
static int mark_island(const Board *b, int cell, uint8_t mark[BOARD_CELLS])
{
    memset(mark, 0, BOARD_CELLS);
    if (cell < 0 || cell >= BOARD_CELLS || !board_is_land(b, cell))
        return 0;
    int todo[MAX_LAND], n = 0, size = 0;
    todo[n++] = cell;
    mark[cell] = 1;
    while (n > 0) {
        int c = todo[--n];
        size++;
        for (int d = 0; d < HEX_DIRS; d++) {
            int nb = board_neighbour(c, d);
            if (nb != NO_CELL && !mark[nb] && board_is_land(b, nb)) {
                mark[nb] = 1;
                todo[n++] = nb;
            }
        }
    }
    return size;
}

int island_cells_of(const Board *b, int cell, int *out, int max)
{
    uint8_t mark[BOARD_CELLS];
    if (mark_island(b, cell, mark) == 0)
        return 0;
    int cells[MAX_LAND], n = 0;
    for (int k = 0; k < b->land_count; k++)
        if (mark[b->land[k]])
            cells[n++] = b->land[k];
    board_sort_cells(cells, n);   /* the island's own cells, not the whole land list */
    n = n < max ? n : max;
    memcpy(out, cells, sizeof cells[0] * (size_t)n);
    return n;
}

int island_anchors(const Board *b, int *out, int max)
{
    uint8_t seen[BOARD_CELLS], mark[BOARD_CELLS];
    memset(seen, 0, sizeof seen);
    int land[MAX_LAND], count = board_land_in_order(b, land), n = 0;
    for (int k = 0; k < count && n < max; k++) {
        int cell = land[k];
        if (seen[cell])
            continue;
        out[n++] = cell;
        mark_island(b, cell, mark);
        for (int c = 0; c < BOARD_CELLS; c++)
            seen[c] |= mark[c];
    }
    return n;
}

static bool ocean_lava_at(const Game *g, int cell)
{
    for (int i = 0; i < g->lava_count; i++)
        if (g->lava[i].in_ocean && g->lava[i].cell == cell)
            return true;
    return false;
}

static bool cell_marked_any(const Game *g, int cell)
{
    for (int m = 0; m < g->rules.cell_mark_count; m++)
        if (cell_marked(g, m, cell))
            return true;
    return false;
}

/* Nothing may be on its way while land moves (see the header): no critter
 * waiting to migrate or evacuate, no lava flow decided, no island half placed. */
static bool land_settled(const Game *g)
{
    return g->queue_len == 0 && g->flow_count == 0 && g->pending.kind != DK_ISLAND &&
           !(g->pending.kind == DK_SCRIPT && g->resume.kind == DK_ISLAND);
}

/* One step of the cells pos[0..n) (marked in `mine`, their original places) in
 * `dir`: 1 if allowed, with the new places in `next`; 0 if refused. */
static int step_ok(const Game *g, const uint8_t *mine, const int *pos, int n, int dir, int *next)
{
    const Board *b = &g->board;
    for (int i = 0; i < n; i++) {
        int dest = board_neighbour(pos[i], dir);
        if (dest == NO_CELL || cell_marked_any(g, pos[i]) || cell_marked_any(g, dest))
            return 0;
        if (!mine[dest] && (board_is_land(b, dest) || ocean_lava_at(g, dest) || game_aside_critter_on(g, dest)))
            return 0;
        next[i] = dest;
    }
    return 1;
}

/* Whether any of pos[0..n) neighbours land outside `mine`. */
static bool touches_other(const Board *b, const uint8_t *mine, const int *pos, int n)
{
    for (int i = 0; i < n; i++)
        for (int d = 0; d < HEX_DIRS; d++) {
            int nb = board_neighbour(pos[i], d);
            if (nb != NO_CELL && !mine[nb] && board_is_land(b, nb))
                return true;
        }
    return false;
}

/* Moves the land on pos[0..n) one space in `dir` (already checked), with its
 * critters and lava; pos becomes the new places. */
static void move_step(Game *g, int *pos, int n, int dir)
{
    Board *b = &g->board;
    Cell saved[MAX_LAND];
    uint8_t index[MAX_LAND];
    int dest[MAX_LAND];
    for (int i = 0; i < n; i++) {
        saved[i] = b->cells[pos[i]];
        index[i] = b->land_index[pos[i]];
        dest[i] = board_neighbour(pos[i], dir);
    }
    for (int i = 0; i < n; i++)
        b->cells[pos[i]] = (Cell){ NO_TILE, 0, 0 };
    for (int i = 0; i < n; i++) {
        b->cells[dest[i]] = saved[i];
        b->land[index[i]] = (uint16_t)dest[i];
        b->land_index[dest[i]] = index[i];
    }
    for (int p = 0; p < g->players; p++)
        for (int k = 0; k < g->rules.critters_per_player; k++) {
            Critter *c = &g->player[p].critters[k];
            if (c->place != AT_BOARD)
                continue;
            for (int i = 0; i < n; i++)
                if (c->cell == pos[i]) {
                    c->cell = (uint16_t)dest[i];
                    break;
                }
        }
    for (int l = 0; l < g->lava_count; l++) {
        if (g->lava[l].in_ocean)
            continue;
        for (int i = 0; i < n; i++)
            if (g->lava[l].cell == pos[i]) {
                g->lava[l].cell = (uint16_t)dest[i];
                break;
            }
    }
    game_move_places(g, pos, dest, n);
    memcpy(pos, dest, sizeof dest[0] * (size_t)n);
    board_refresh(b, &g->rules);   /* the moved cells face new neighbours */
    g->contest_dirty = 1;
}

/* ---- whole islands ---- */

/* The island's cells and how far it goes (see island_shift_reach). */
static int shift_plan(const Game *g, int cell, int dir, int steps, uint8_t *mine, int *pos, int *n)
{
    *n = 0;
    if (dir < 0 || dir >= HEX_DIRS || steps < 1 || !land_settled(g))
        return 0;
    if (mark_island(&g->board, cell, mine) == 0)
        return 0;
    *n = island_cells_of(&g->board, cell, pos, MAX_LAND);
    int at[MAX_LAND], next[MAX_LAND];
    memcpy(at, pos, sizeof at[0] * (size_t)*n);
    int moved = 0;
    while (moved < steps && step_ok(g, mine, at, *n, dir, next)) {
        memcpy(at, next, sizeof at[0] * (size_t)*n);
        moved++;
        if (touches_other(&g->board, mine, at, *n))
            break;
    }
    return moved;
}

int island_shift_reach(const Game *g, int cell, int dir, int steps)
{
    uint8_t mine[BOARD_CELLS];
    int pos[MAX_LAND], n;
    return shift_plan(g, cell, dir, steps, mine, pos, &n);
}

int effect_shift_island(Game *g, int cell, int dir, int steps, char *err, int errlen)
{
    if (effect_land_window(g, err, errlen))
        return -1;
    if (cell < 0 || cell >= BOARD_CELLS || !board_is_land(&g->board, cell))
        FAIL("no island there");
    if (dir < 0 || dir >= HEX_DIRS || steps < 1 || steps > 2)
        FAIL("an island shifts 1 or 2 spaces in one of the six directions");
    if (!land_settled(g))
        FAIL("land cannot move while critters or lava are on their way");
    uint8_t mine[BOARD_CELLS];
    int pos[MAX_LAND], n;
    int moved = shift_plan(g, cell, dir, steps, mine, pos, &n);
    if (moved == 0)
        FAIL("the island cannot move that way (the board's edge, marked places, or lava or critters at sea)");
    for (int s = 0; s < moved; s++)
        move_step(g, pos, n, dir);
    game_land_changed(g, LAND_SHIFT, pos[0]);
    return moved;
}

/* ---- splits ---- */

/* The part of the island cells[0..n) (in board order) that a split moves,
 * marked in `part`, its cells in pos[] in board order; returns its size, 0 if
 * the split is refused (see the header). */
static int split_part(const Game *g, const int *cells, int n, int axis, int line, int dir, uint8_t *part, int *pos)
{
    if (axis < 0 || axis > 2 || dir < 0 || dir >= HEX_DIRS || !land_settled(g))
        return 0;
    int away = hex_axis_coord(HEX_DIRECTION[dir], axis);
    if (away == 0)
        return 0;   /* that direction runs along the line */
    int moving = 0;
    memset(part, 0, BOARD_CELLS);
    for (int i = 0; i < n; i++) {
        int c = hex_axis_coord(board_hex(cells[i]), axis);
        if (away > 0 ? c > line : c <= line) {
            part[cells[i]] = 1;
            pos[moving++] = cells[i];
        }
    }
    if (moving == 0 || moving == n)
        return 0;   /* the line does not cross the island */
    int next[MAX_LAND];
    return step_ok(g, part, pos, moving, dir, next) ? moving : 0;
}

int island_split_size(const Game *g, int cell, int axis, int line, int dir)
{
    uint8_t part[BOARD_CELLS];
    int cells[MAX_LAND], pos[MAX_LAND];
    int n = island_cells_of(&g->board, cell, cells, MAX_LAND);
    return split_part(g, cells, n, axis, line, dir, part, pos);
}

int effect_split_island(Game *g, int cell, int axis, int line, int dir, char *err, int errlen)
{
    if (effect_land_window(g, err, errlen))
        return -1;
    if (cell < 0 || cell >= BOARD_CELLS || !board_is_land(&g->board, cell))
        FAIL("no island there");
    if (axis < 0 || axis > 2 || dir < 0 || dir >= HEX_DIRS)
        FAIL("a split line lies on axis q, r or s and its part moves in one of the six directions");
    if (!land_settled(g))
        FAIL("land cannot move while critters or lava are on their way");
    uint8_t part[BOARD_CELLS];
    int cells[MAX_LAND], pos[MAX_LAND];
    int size = island_cells_of(&g->board, cell, cells, MAX_LAND);
    int n = split_part(g, cells, size, axis, line, dir, part, pos);
    if (n == 0)
        FAIL("no such split: the line must cross the island and its part must move straight away into open ocean");
    move_step(g, pos, n, dir);
    game_land_changed(g, LAND_SPLIT, pos[0]);
    return n;
}

int island_splits(const Game *g, int cell, IslandSplit *out, int max)
{
    int cells[MAX_LAND];
    int n = island_cells_of(&g->board, cell, cells, MAX_LAND);
    if (n < 2 || !land_settled(g))
        return 0;
    if (max > ISLAND_SPLITS_MAX)
        max = ISLAND_SPLITS_MAX;
    uint8_t parts[ISLAND_SPLITS_MAX][MAX_LAND / 8];   /* island cells moved, by index */
    uint8_t part[BOARD_CELLS];
    int pos[MAX_LAND], count = 0;
    for (int axis = 0; axis < 3; axis++) {
        int lo = 1 << 20, hi = -(1 << 20);
        for (int i = 0; i < n; i++) {
            int c = hex_axis_coord(board_hex(cells[i]), axis);
            lo = c < lo ? c : lo;
            hi = c > hi ? c : hi;
        }
        for (int line = lo; line < hi; line++)
            for (int dir = 0; dir < HEX_DIRS && count < max; dir++) {
                int size = split_part(g, cells, n, axis, line, dir, part, pos);
                if (size == 0)
                    continue;
                uint8_t *set = parts[count];
                memset(set, 0, sizeof parts[0]);
                for (int i = 0; i < n; i++)
                    if (part[cells[i]])
                        set[i >> 3] |= (uint8_t)(1 << (i & 7));
                bool seen = false;
                for (int k = 0; k < count && !seen; k++)
                    seen = out[k].dir == dir && out[k].tiles == size && !memcmp(parts[k], set, sizeof parts[0]);
                if (!seen)
                    out[count++] = (IslandSplit){ (int8_t)axis, (int8_t)dir, (int16_t)line, (uint16_t)size,
                                           (uint16_t)board_neighbour(pos[0], dir) };
            }
    }
    return count;
}
