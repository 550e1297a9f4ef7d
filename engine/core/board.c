#include "board.h"

#include <pthread.h>
#include <string.h>

uint16_t board_neighbour_table[BOARD_CELLS][HEX_DIRS];

static void fill_tables(void)
{
    for (int cell = 0; cell < BOARD_CELLS; cell++)
        for (int d = 0; d < HEX_DIRS; d++) {
            Hex n = hex_neighbour(board_hex(cell), d);
            board_neighbour_table[cell][d] = board_in_bounds(n) ? (uint16_t)board_cell(n) : NO_CELL;
        }
}

/* Filled once per process, whichever thread asks first (the table is then read-only). */
void board_tables_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, fill_tables);
}

void board_clear(Board *b)
{
    board_tables_init();
    memset(b->cells, 0, sizeof b->cells);
    b->land_count = 0;
    b->tile_count = 1;
    b->has_types = 0;
    memset(&b->tiles[0], 0, sizeof b->tiles[0]);
}

static TopCode top_code(const TileType *t, int rotation)
{
    TopCode code = (TopCode)(t->areas & 3) << 24;
    for (int e = 0; e < HEX_DIRS; e++) {
        unsigned biome = tile_edge_biome(t, rotation, e);
        unsigned area = t->areas ? (unsigned)tile_edge_area(t, rotation, e) & 3u : 0;
        code |= (TopCode)((biome < BIOME_COUNT ? biome : TOP_NO_BIOME) | area << 2) << (4 * e);
    }
    for (int a = 0; a < t->areas && a < MAX_AREAS; a++)
        code |= (TopCode)(t->area_biome[a] & 3) << (26 + 2 * a);
    return code;
}

/* The mask bit the top of `cell` shows across its edge `edge`, or 0. */
static FacingMask shown(const Board *b, int cell, int edge)
{
    if (b->cells[cell].top == NO_TILE)
        return 0;
    unsigned biome = top_edge_biome(b->land_top[b->land_index[cell]], edge);
    return biome == TOP_NO_BIOME ? 0 : facing_bit(hex_opposite(edge), biome);
}

static FacingMask facing_of(const Board *b, int cell)
{
    FacingMask m = 0;
    for (int d = 0; d < HEX_DIRS; d++) {
        int n = board_neighbour(cell, d);
        if (n != NO_CELL)
            m |= shown(b, n, hex_opposite(d));
    }
    return m;
}

/* The top of `cell` changed (it may be ocean now): its code, and what its
 * land neighbours see across the shared edges. */
static void top_changed(Board *b, int cell)
{
    if (!b->has_types)
        return;
    bool land = b->cells[cell].top != NO_TILE;
    if (land) {
        const PlacedTile *t = &b->tiles[b->cells[cell].top];
        int k = b->land_index[cell];
        b->land_class[k] = b->type_class[t->type];
        b->land_top[k] = b->type_top[t->type][t->rotation];
    }
    for (int d = 0; d < HEX_DIRS; d++) {
        int n = board_neighbour(cell, d);
        if (n == NO_CELL || b->cells[n].top == NO_TILE)
            continue;
        int e = hex_opposite(d);   /* n's edge that faces cell */
        FacingMask *f = &b->land_facing[b->land_index[n]];
        *f = (*f & ~((FacingMask)7 << (3 * e))) | (land ? shown(b, cell, d) : 0);
    }
}

void board_refresh(Board *b, const Rules *rules)
{
    (void)rules;
    if (!b->has_types)
        return;
    for (int k = 0; k < b->land_count; k++) {
        const PlacedTile *t = &b->tiles[b->cells[b->land[k]].top];
        b->land_class[k] = b->type_class[t->type];
        b->land_top[k] = b->type_top[t->type][t->rotation];
    }
    for (int k = 0; k < b->land_count; k++)
        b->land_facing[k] = facing_of(b, b->land[k]);
}

void board_set_rules(Board *b, const Rules *rules)
{
    memset(b->type_class, 0, sizeof b->type_class);
    memset(b->type_top, 0, sizeof b->type_top);
    memset(b->type_edges, 0, sizeof b->type_edges);
    for (int t = 0; t < rules->tile_type_count && t < MAX_TILE_TYPES; t++) {
        b->type_class[t] = rules->tile_types[t].tile_class;
        for (int r = 0; r < HEX_DIRS; r++) {
            TopCode code = top_code(&rules->tile_types[t], r);
            b->type_top[t][r] = code;
            b->type_edges[t][r] = 0;
            for (int e = 0; e < HEX_DIRS; e++)
                if (top_edge_biome(code, e) != TOP_NO_BIOME)
                    b->type_edges[t][r] |= facing_bit(e, top_edge_biome(code, e));
        }
    }
    b->has_types = 1;
    board_refresh(b, rules);
}

bool board_derived_ok(const Board *b, const Rules *rules)
{
    if (!b->has_types)
        return true;
    for (int k = 0; k < b->land_count; k++) {
        const PlacedTile *t = &b->tiles[b->cells[b->land[k]].top];
        const TileType *tt = &rules->tile_types[t->type];
        if (b->land_class[k] != tt->tile_class || b->land_top[k] != top_code(tt, t->rotation) ||
            b->land_facing[k] != facing_of(b, b->land[k]))
            return false;
    }
    return true;
}

void board_sort_cells(int *cells, int n)
{
    for (int i = 1; i < n; i++) {
        int c = cells[i], j = i;
        for (; j > 0 && cells[j - 1] > c; j--)
            cells[j] = cells[j - 1];
        cells[j] = c;
    }
}

int board_land_in_order(const Board *b, int out[MAX_LAND])
{
    for (int k = 0; k < b->land_count; k++)
        out[k] = b->land[k];
    board_sort_cells(out, b->land_count);
    return b->land_count;
}

int board_push(Board *b, int cell, int type, int rotation)
{
    if (b->tile_count >= MAX_BOARD_TILES)
        return -1;
    if (b->cells[cell].top == NO_TILE) {
        if (b->land_count >= MAX_LAND)
            return -1;
        b->land_index[cell] = (uint8_t)b->land_count;
        b->land[b->land_count++] = (uint16_t)cell;
        if (b->has_types)
            b->land_facing[b->land_index[cell]] = facing_of(b, cell);
    }
    uint16_t idx = b->tile_count++;
    b->tiles[idx] = (PlacedTile){ (uint8_t)type, (uint8_t)(rotation % 6), b->cells[cell].top };
    b->cells[cell].top = idx;
    b->cells[cell].height++;
    top_changed(b, cell);
    return 0;
}

void board_turn_top(Board *b, int cell, int rotation)
{
    if (b->cells[cell].top == NO_TILE)
        return;
    b->tiles[b->cells[cell].top].rotation = (uint8_t)(((rotation % 6) + 6) % 6);
    top_changed(b, cell);
}

void board_pop(Board *b, int cell)
{
    Cell *c = &b->cells[cell];
    if (c->top == NO_TILE)
        return;
    c->top = b->tiles[c->top].below;
    c->height--;
    if (c->top == NO_TILE) {
        int i = b->land_index[cell];
        int last = b->land[--b->land_count];
        b->land[i] = (uint16_t)last;
        b->land_index[last] = (uint8_t)i;
        b->land_class[i] = b->land_class[b->land_count];
        b->land_top[i] = b->land_top[b->land_count];
        b->land_facing[i] = b->land_facing[b->land_count];
    }
    top_changed(b, cell);
}

int board_top_class(const Board *b, const Rules *rules, int cell)
{
    const PlacedTile *t = board_top(b, cell);
    return t ? rules->tile_types[t->type].tile_class : -1;
}

int board_edge_biome(const Board *b, const Rules *rules, int cell, int edge)
{
    const PlacedTile *t = board_top(b, cell);
    if (!t || (b->cells[cell].flags & CELL_LAVA))
        return BIOME_NONE;
    return tile_edge_biome(&rules->tile_types[t->type], t->rotation, edge);
}

int board_edge_area(const Board *b, const Rules *rules, int cell, int edge)
{
    const PlacedTile *t = board_top(b, cell);
    return tile_edge_area(&rules->tile_types[t->type], t->rotation, edge);
}

int board_areas(const Board *b, const Rules *rules, int cell)
{
    const PlacedTile *t = board_top(b, cell);
    if (!t || (b->cells[cell].flags & CELL_LAVA))
        return 0;
    return rules->tile_types[t->type].areas;
}

int board_area_biome(const Board *b, const Rules *rules, int cell, int area)
{
    const PlacedTile *t = board_top(b, cell);
    return rules->tile_types[t->type].area_biome[area];
}

void board_facing(const Board *b, const Rules *rules, int cell, uint8_t facing[HEX_DIRS])
{
    for (int d = 0; d < HEX_DIRS; d++) {
        int n = board_neighbour(cell, d);
        facing[d] = n == NO_CELL ? BIOME_NONE : (uint8_t)board_edge_biome(b, rules, n, hex_opposite(d));
    }
}

bool tile_connects(const TileType *t, int rotation, const uint8_t facing[HEX_DIRS])
{
    for (int d = 0; d < HEX_DIRS; d++)
        if (facing[d] != BIOME_NONE && facing[d] == t->edge_biome[(d - rotation + 6) % 6])
            return true;
    return false;
}

FacingMask board_facing_mask(const Board *b, const Rules *rules, int cell)
{
    if (b->has_types) {   /* the neighbours' codes, lava applied */
        FacingMask m = 0;
        for (int d = 0; d < HEX_DIRS; d++) {
            int n = board_neighbour(cell, d);
            if (n != NO_CELL && b->cells[n].top != NO_TILE && !(b->cells[n].flags & CELL_LAVA))
                m |= shown(b, n, hex_opposite(d));
        }
        return m;
    }
    uint8_t facing[HEX_DIRS];
    board_facing(b, rules, cell, facing);
    FacingMask m = 0;
    for (int d = 0; d < HEX_DIRS; d++)
        if (facing[d] < BIOME_COUNT)
            m |= facing_bit(d, facing[d]);
    return m;
}

bool board_edges_connect(const Board *b, const Rules *rules, int cell, int type, int rotation)
{
    uint8_t facing[HEX_DIRS];
    board_facing(b, rules, cell, facing);
    return tile_connects(&rules->tile_types[type], rotation, facing);
}

int board_lower_neighbours(const Board *b, int cell, int height, int out[6])
{
    int n = 0;
    for (int d = 0; d < HEX_DIRS; d++) {
        int nb = board_neighbour(cell, d);
        if (nb != NO_CELL && b->cells[nb].height < height)
            out[n++] = nb;
    }
    return n;
}

