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

void regions_compute(const Board *b, const Rules *rules, Regions *out)
{
    uint16_t parent[MAX_NODES];
    int nodes = b->land_count * MAX_AREAS;
    for (int i = 0; i < nodes; i++)
        parent[i] = (uint16_t)i;

    /* Join across matching edges; each shared edge is seen from its lower cell index. */
    for (int i = 0; i < b->land_count; i++) {
        int cell = b->land[i];
        if (board_areas(b, rules, cell) == 0)
            continue;
        for (int d = 0; d < 3; d++) {   /* directions E, SE, SW cover every pair once */
            int n = board_neighbour(cell, d);
            if (n == NO_CELL || board_areas(b, rules, n) == 0)
                continue;
            int mine = board_edge_biome(b, rules, cell, d);
            if (mine != board_edge_biome(b, rules, n, hex_opposite(d)))
                continue;
            unite(parent, region_node(b, cell, board_edge_area(b, rules, cell, d)),
                  region_node(b, n, board_edge_area(b, rules, n, hex_opposite(d))));
        }
    }

    /* Number regions by first node, so ids follow the land order. */
    uint16_t id_of_root[MAX_NODES];
    memset(id_of_root, 0xFF, sizeof(uint16_t) * (size_t)(nodes ? nodes : 1));
    out->count = 0;
    for (int i = 0; i < b->land_count; i++) {
        int cell = b->land[i];
        int areas = board_areas(b, rules, cell);
        for (int a = 0; a < MAX_AREAS; a++) {
            int node = i * MAX_AREAS + a;
            if (a >= areas) {
                out->of_node[node] = NO_REGION;
                continue;
            }
            int root = find(parent, node);
            if (id_of_root[root] == NO_REGION) {
                int r = out->count++;
                id_of_root[root] = (uint16_t)r;
                out->biome[r] = (uint8_t)board_area_biome(b, rules, cell, a);
                out->tiles[r] = 0;
                out->edges[r] = 0;
                out->max_height[r] = 0;
            }
            int r = id_of_root[root];
            out->of_node[node] = (uint16_t)r;
            out->tiles[r]++;   /* areas of one region on one tile: a region touches a tile once */
            if (b->cells[cell].height > out->max_height[r])
                out->max_height[r] = b->cells[cell].height;
        }
    }
    for (int i = 0; i < b->land_count; i++) {
        int cell = b->land[i];
        if (board_areas(b, rules, cell) == 0)
            continue;
        for (int d = 0; d < 3; d++) {
            int n = board_neighbour(cell, d);
            if (n == NO_CELL || board_areas(b, rules, n) == 0)
                continue;
            int mine = board_edge_biome(b, rules, cell, d);
            if (mine == board_edge_biome(b, rules, n, hex_opposite(d)))
                out->edges[region_at(out, b, cell, board_edge_area(b, rules, cell, d))]++;
        }
    }
}
