/* Biome regions: maximal sets of same-biome areas joined across matching
 * edges of neighbouring top tiles (heights do not matter). A node is one area
 * of one land cell's top tile: node = land_index * MAX_AREAS + area. */
#ifndef VQ_REGION_H
#define VQ_REGION_H

#include <stdint.h>

#include "board.h"

#define MAX_NODES (MAX_LAND * MAX_AREAS)
#define MAX_REGIONS MAX_NODES
#define NO_REGION 0xFFFF

typedef struct Regions {
    int count;
    uint16_t of_node[MAX_NODES];       /* region of each node, NO_REGION if none */
    uint8_t biome[MAX_REGIONS];
    uint16_t tiles[MAX_REGIONS];       /* distinct tiles the region touches */
    uint16_t edges[MAX_REGIONS];       /* connecting edges inside the region */
    uint8_t max_height[MAX_REGIONS];   /* tallest stack the region touches */
} Regions;

/* Recomputes every region of the board. */
void regions_compute(const Board *b, const Rules *rules, Regions *out);

static inline int region_node(const Board *b, int cell, int area)
{
    return b->land_index[cell] * MAX_AREAS + area;
}
static inline int region_at(const Regions *rg, const Board *b, int cell, int area)
{
    return rg->of_node[region_node(b, cell, area)];
}

#endif
