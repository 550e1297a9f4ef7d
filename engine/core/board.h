/* The board: an unbounded-in-spirit hex plane stored as a BOARD_SIZE square of
 * axial cells around the origin. Each cell is ocean or a stack of tiles; the
 * stacks live in a tile pool inside the board so a board is one flat value.
 *
 * Height = number of tiles in the stack (a Volcano tile counts as one);
 * ocean is height 0; lava adds no height. */
#ifndef VQ_BOARD_H
#define VQ_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hex.h"
#include "rules.h"

#define BOARD_SIZE 40
#define BOARD_OFFSET 20
#define BOARD_CELLS (BOARD_SIZE * BOARD_SIZE)
#define NO_CELL 0xFFFF
#define MAX_BOARD_TILES 400
#define NO_TILE 0

typedef struct PlacedTile {
    uint8_t type;        /* index into Rules.tile_types */
    uint8_t rotation;    /* 0..5 clockwise sixths */
    uint16_t below;      /* pool index of the tile beneath, NO_TILE at the bottom */
} PlacedTile;

enum { CELL_LAVA = 1 };

typedef struct Cell {
    uint16_t top;        /* pool index of the top tile, NO_TILE for ocean */
    uint8_t height;
    uint8_t flags;       /* CELL_LAVA */
} Cell;

#define MAX_LAND 256

/* A land cell's top tile, packed for the inner loops (regions, placements):
 *   bits 4e..4e+3  edge e (0..5): biome in the low two bits (3: none), area above;
 *   bits 24..25    number of biome areas (0 for volcano and soil);
 *   bits 26..31    biome of areas 0, 1, 2, two bits each. */
typedef uint32_t TopCode;
#define TOP_NO_BIOME 3u
static inline unsigned top_edge_biome(TopCode t, int e) { return (t >> (4 * e)) & 3u; }
static inline unsigned top_edge_area(TopCode t, int e) { return (t >> (4 * e + 2)) & 3u; }
static inline unsigned top_areas(TopCode t) { return (t >> 24) & 3u; }
static inline unsigned top_area_biome(TopCode t, int a) { return (t >> (26 + 2 * a)) & 3u; }

/* The biomes facing a cell's edges, one bit per (edge, biome): bit 3e + biome is
 * set when the neighbour across edge e shows that biome on its facing edge. */
typedef uint32_t FacingMask;
static inline FacingMask facing_bit(int edge, unsigned biome) { return (FacingMask)1 << (3 * edge + (int)biome); }

typedef struct Board {
    Cell cells[BOARD_CELLS];
    uint16_t land_count;                  /* cells holding land, in order of arrival */
    uint16_t land[MAX_LAND];
    uint8_t land_index[BOARD_CELLS];      /* position of a land cell in `land` */
    uint16_t tile_count;                  /* pool entries used, entry 0 reserved */
    PlacedTile tiles[MAX_BOARD_TILES];
    /* Derived from the stacks and kept up to date by board_push, board_pop and
     * board_refresh, by land index (entries past land_count are stale). Lava is
     * not in them: CELL_LAVA is set outside the board functions, so readers
     * apply it (a lava cell has no areas and shows no biome to its neighbours).
     * Not state: game_hash skips them; board_derived_ok checks them. */
    uint8_t land_class[MAX_LAND];         /* TileClass of the top tile */
    TopCode land_top[MAX_LAND];
    FacingMask land_facing[MAX_LAND];
    uint8_t has_types;                    /* type_* filled by board_set_rules since board_clear */
    uint8_t type_class[MAX_TILE_TYPES];
    TopCode type_top[MAX_TILE_TYPES][HEX_DIRS];   /* each tile type's TopCode in each rotation */
    FacingMask type_edges[MAX_TILE_TYPES][HEX_DIRS];  /* the same tile's own edges: bit 3e + biome */
} Board;

static inline bool board_in_bounds(Hex h)
{
    return h.q >= -BOARD_OFFSET && h.q < BOARD_SIZE - BOARD_OFFSET &&
           h.r >= -BOARD_OFFSET && h.r < BOARD_SIZE - BOARD_OFFSET;
}
static inline int board_cell(Hex h) { return (h.r + BOARD_OFFSET) * BOARD_SIZE + (h.q + BOARD_OFFSET); }
static inline Hex board_hex(int cell)
{
    return hex_make(cell % BOARD_SIZE - BOARD_OFFSET, cell / BOARD_SIZE - BOARD_OFFSET);
}
/* Neighbour cell in direction dir (0..5), or NO_CELL past the edge of the stored
 * plane. The table is filled by board_tables_init, which board_clear calls. */
extern uint16_t board_neighbour_table[BOARD_CELLS][HEX_DIRS];
void board_tables_init(void);
static inline int board_neighbour(int cell, int dir) { return board_neighbour_table[cell][dir]; }

/* Empties the board; it forgets its tile types until board_set_rules. */
void board_clear(Board *b);
/* Gives the board its tile types (the rules' tile_types) and fills the derived
 * per-land data. Until then the derived data is not kept and readers that use
 * it (regions_compute) take the slower path through the rules. */
void board_set_rules(Board *b, const Rules *rules);
/* The land cells in board order (ascending cell: by row r, then by q), not
 * the land list's own order (arrival, holes filled from its end); returns
 * their count. What readers that promise board order walk. */
int board_land_in_order(const Board *b, int out[MAX_LAND]);
/* Sorts cells[0..n) into board order (insertion: the lists are short). */
void board_sort_cells(int *cells, int n);
/* Stacks a tile; returns 0, or -1 if the pool or the land list is full. */
int board_push(Board *b, int cell, int type, int rotation);
/* Removes the top tile (the cell may become ocean). */
void board_pop(Board *b, int cell);
/* Turns the top tile of a land cell to `rotation` (taken modulo 6). */
void board_turn_top(Board *b, int cell, int rotation);
/* Fills the derived per-land data from the stacks; for code that moves cells
 * wholesale (island moves) rather than through board_push/board_pop. */
void board_refresh(Board *b, const Rules *rules);
/* Whether the derived data matches the stacks (for invariant checks). */
bool board_derived_ok(const Board *b, const Rules *rules);

static inline bool board_is_land(const Board *b, int cell) { return b->cells[cell].top != NO_TILE; }
static inline const PlacedTile *board_top(const Board *b, int cell)
{
    return b->cells[cell].top == NO_TILE ? NULL : &b->tiles[b->cells[cell].top];
}
/* Class of the top tile, or -1 for ocean. */
int board_top_class(const Board *b, const Rules *rules, int cell);
/* Biome on edge `edge` of the top tile of `cell`, or BIOME_NONE. */
int board_edge_biome(const Board *b, const Rules *rules, int cell, int edge);
/* Area index of the top tile on edge `edge`; the top tile must have areas. */
int board_edge_area(const Board *b, const Rules *rules, int cell, int edge);
/* Number of biome areas on the top tile (0 for ocean, volcano, soil). */
int board_areas(const Board *b, const Rules *rules, int cell);
int board_area_biome(const Board *b, const Rules *rules, int cell, int area);

/* Edge biome of a tile type turned by `rotation`. */
static inline int tile_edge_biome(const TileType *t, int rotation, int edge)
{
    return t->edge_biome[(edge - rotation + 12) % 6];
}
static inline int tile_edge_area(const TileType *t, int rotation, int edge)
{
    return t->area_of_edge[(edge - rotation + 12) % 6];
}

/* Whether a top tile of this class can have a land tile stacked on it. */
static inline bool tile_class_takes_stacking(int tile_class)
{
    return tile_class == TILE_UNO || tile_class == TILE_DUO || tile_class == TILE_TRIO ||
           tile_class == TILE_SOIL;
}
/* The connecting-edge rule: a tile of `type` turned `rotation` placed on `cell`
 * has at least one edge matching the facing edge of a neighbouring top tile. */
bool board_edges_connect(const Board *b, const Rules *rules, int cell, int type, int rotation);
/* The biomes facing each edge of `cell` from its neighbours' top tiles
 * (BIOME_NONE where nothing faces), for testing many tiles and rotations. */
void board_facing(const Board *b, const Rules *rules, int cell, uint8_t facing[HEX_DIRS]);
bool tile_connects(const TileType *t, int rotation, const uint8_t facing[HEX_DIRS]);
/* board_facing as a FacingMask, for any cell (land or ocean), lava applied. */
FacingMask board_facing_mask(const Board *b, const Rules *rules, int cell);

/* Neighbour cells of `cell` whose height is lower than `height` (ocean counts),
 * in direction order. Returns the count. */
int board_lower_neighbours(const Board *b, int cell, int height, int out[6]);

#endif
