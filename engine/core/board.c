#include "board.h"

#include <string.h>

uint16_t board_neighbour_table[BOARD_CELLS][HEX_DIRS];
static int table_ready;

void board_tables_init(void)
{
    if (table_ready)
        return;
    for (int cell = 0; cell < BOARD_CELLS; cell++)
        for (int d = 0; d < HEX_DIRS; d++) {
            Hex n = hex_neighbour(board_hex(cell), d);
            board_neighbour_table[cell][d] = board_in_bounds(n) ? (uint16_t)board_cell(n) : NO_CELL;
        }
    table_ready = 1;
}

void board_clear(Board *b)
{
    board_tables_init();
    memset(b->cells, 0, sizeof b->cells);
    b->land_count = 0;
    b->tile_count = 1;
    memset(&b->tiles[0], 0, sizeof b->tiles[0]);
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
    }
    uint16_t idx = b->tile_count++;
    b->tiles[idx] = (PlacedTile){ (uint8_t)type, (uint8_t)(rotation % 6), b->cells[cell].top };
    b->cells[cell].top = idx;
    b->cells[cell].height++;
    return 0;
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
    }
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

bool tile_class_takes_stacking(int tile_class)
{
    return tile_class == TILE_UNO || tile_class == TILE_DUO || tile_class == TILE_TRIO ||
           tile_class == TILE_SOIL;
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

