/* Hex maths in axial coordinates (q, r), pointy-topped hexes, screen y down.
 *
 * Directions and edges share one numbering, clockwise from east:
 *   0 E (+1, 0)   1 SE (0, +1)   2 SW (-1, +1)   3 W (-1, 0)   4 NW (0, -1)   5 NE (+1, -1)
 * Edge d of a hex faces edge (d + 3) % 6 of its neighbour in direction d. */
#ifndef VQ_HEX_H
#define VQ_HEX_H

#include <stdbool.h>

#define HEX_DIRS 6

typedef struct Hex {
    int q, r;
} Hex;

extern const Hex HEX_DIRECTION[HEX_DIRS];

static inline Hex hex_make(int q, int r) { return (Hex){ q, r }; }
static inline bool hex_eq(Hex a, Hex b) { return a.q == b.q && a.r == b.r; }
static inline Hex hex_add(Hex a, Hex b) { return (Hex){ a.q + b.q, a.r + b.r }; }
static inline Hex hex_sub(Hex a, Hex b) { return (Hex){ a.q - b.q, a.r - b.r }; }
static inline int hex_opposite(int dir) { return (dir + 3) % HEX_DIRS; }

Hex hex_neighbour(Hex h, int dir);
int hex_distance(Hex a, Hex b);
/* Hex reached by walking `steps` in direction `dir`. */
Hex hex_step(Hex h, int dir, int steps);
/* Rotates h about the origin by `turns` sixths of a turn clockwise (negative: anticlockwise). */
Hex hex_rotate(Hex h, int turns);
/* Writes the 6*radius hexes at exactly `radius` from centre, starting at
 * centre + radius*direction 4 (north-west) and walking clockwise; radius 0 writes
 * the centre. Returns the count. `out` must hold max(1, 6*radius) hexes. */
int hex_ring(Hex centre, int radius, Hex *out);
/* Direction from a to its neighbour b, or -1 if they are not neighbours. */
int hex_direction_to(Hex a, Hex b);

#endif
