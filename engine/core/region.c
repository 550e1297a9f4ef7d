#include "region.h"

#include <string.h>

static int find(uint16_t *parent, int x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

static void unite(uint16_t *parent, int a, int b)
{
    a = find(parent, a);
    b = find(parent, b);
    if (a != b) {
        if (a < b)
            parent[b] = (uint16_t)a;
        else
            parent[a] = (uint16_t)b;
    }
}

/* The top of land index k as regions see it: no areas under lava. */
static TopCode live_top(const Board *b, int k)
{
    return (b->cells[b->land[k]].flags & CELL_LAVA) ? 0 : b->land_top[k];
}

/* Calls join(k, area, k2, area2) for every matching edge between two land
 * cells with areas, each shared edge once (from directions E, SE, SW); with
 * `cliffs` (Rules.cliffs_block_biomes), only between tops of equal height. */
#define FOR_EACH_JOIN(b, cliffs, BODY)                                                \
    for (int k = 0; k < (b)->land_count; k++) {                                       \
        TopCode mine = live_top(b, k);                                                \
        if (top_areas(mine) == 0)                                                     \
            continue;                                                                 \
        int cell = (b)->land[k];                                                      \
        for (int d = 0; d < 3; d++) {                                                 \
            int n = board_neighbour(cell, d);                                         \
            if (n == NO_CELL || (b)->cells[n].top == NO_TILE)                         \
                continue;                                                             \
            int k2 = (b)->land_index[n];                                              \
            TopCode theirs = live_top(b, k2);                                         \
            unsigned biome = top_edge_biome(mine, d);                                 \
            if (top_areas(theirs) == 0 || biome == TOP_NO_BIOME ||                    \
                biome != top_edge_biome(theirs, d + 3) ||                             \
                ((cliffs) && (b)->cells[cell].height != (b)->cells[n].height))        \
                continue;                                                             \
            int node = k * MAX_AREAS + (int)top_edge_area(mine, d);                   \
            int node2 = k2 * MAX_AREAS + (int)top_edge_area(theirs, d + 3);           \
            BODY                                                                      \
        }                                                                             \
    }

/* Regions from the board's derived per-land codes (board_set_rules). */
static void compute_from_codes(const Board *b, bool cliffs, Regions *out)
{
    uint16_t parent[MAX_NODES];
    int nodes = b->land_count * MAX_AREAS;
    for (int i = 0; i < nodes; i++)
        parent[i] = (uint16_t)i;
    FOR_EACH_JOIN(b, cliffs, unite(parent, node, node2);)

    /* Number regions by first node, so ids follow the land order. */
    uint16_t id_of_root[MAX_NODES];
    memset(id_of_root, 0xFF, sizeof(uint16_t) * (size_t)(nodes ? nodes : 1));
    out->count = 0;
    for (int k = 0; k < b->land_count; k++) {
        TopCode top = live_top(b, k);
        int areas = (int)top_areas(top);
        uint8_t height = b->cells[b->land[k]].height;
        for (int a = 0; a < MAX_AREAS; a++) {
            int node = k * MAX_AREAS + a;
            if (a >= areas) {
                out->of_node[node] = NO_REGION;
                continue;
            }
            int root = find(parent, node);
            if (id_of_root[root] == NO_REGION) {
                int r = out->count++;
                id_of_root[root] = (uint16_t)r;
                out->biome[r] = (uint8_t)top_area_biome(top, a);
                out->tiles[r] = 0;
                out->edges[r] = 0;
                out->max_height[r] = 0;
            }
            int r = id_of_root[root];
            out->of_node[node] = (uint16_t)r;
            out->tiles[r]++;   /* areas of one region on one tile: a region touches a tile once */
            if (height > out->max_height[r])
                out->max_height[r] = height;
        }
    }
    FOR_EACH_JOIN(b, cliffs, (void)node2; out->edges[out->of_node[node]]++;)
}

void regions_compute(const Board *b, const Rules *rules, Regions *out)
{
    if (b->has_types) {
        compute_from_codes(b, rules->cliffs_block_biomes, out);
        return;
    }
    Board typed = *b;   /* a board that was never given its tile types: give a copy */
    board_set_rules(&typed, rules);
    compute_from_codes(&typed, rules->cliffs_block_biomes, out);
}
