/* Hex maths in axial coordinates (q, r), pointy-topped hexes, screen y down.
 *
 * Directions and edges share one numbering, clockwise from east:
 *   0 E (+1, 0)   1 SE (0, +1)   2 SW (-1, +1)   3 W (-1, 0)   4 NW (0, -1)   5 NE (+1, -1)
 * Edge d of a hex faces edge (d + 3) % 6 of its neighbour in direction d.
 *
 * Every function accepts any int: a direction is taken modulo 6 (negative
 * ones too), and coordinates that would pass INT_MIN..INT_MAX saturate there
 * instead of overflowing (no undefined behaviour, whatever a script passes). */
#ifndef VQ_HEX_H
#define VQ_HEX_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

#define HEX_DIRS 6

typedef struct Hex {
    int q, r;
} Hex;

extern const Hex HEX_DIRECTION[HEX_DIRS];

/* A 64-bit coordinate pulled into int's range. */
static inline int hex_saturate(int64_t v) { return v > INT_MAX ? INT_MAX : v < INT_MIN ? INT_MIN : (int)v; }
/* A direction in 0..5 for any int. */
static inline int hex_dir(int dir) { return ((dir % HEX_DIRS) + HEX_DIRS) % HEX_DIRS; }

static inline Hex hex_make(int q, int r) { return (Hex){ q, r }; }
static inline bool hex_eq(Hex a, Hex b) { return a.q == b.q && a.r == b.r; }
static inline Hex hex_add(Hex a, Hex b)
{
    return (Hex){ hex_saturate((int64_t)a.q + b.q), hex_saturate((int64_t)a.r + b.r) };
}
static inline Hex hex_sub(Hex a, Hex b)
{
    return (Hex){ hex_saturate((int64_t)a.q - b.q), hex_saturate((int64_t)a.r - b.r) };
}
static inline int hex_opposite(int dir) { return (hex_dir(dir) + 3) % HEX_DIRS; }

Hex hex_neighbour(Hex h, int dir);
/* Steps between a and b (INT_MAX when farther). */
int hex_distance(Hex a, Hex b);
/* Hex reached by walking `steps` in direction `dir`. */
Hex hex_step(Hex h, int dir, int steps);
/* Rotates h about the origin by `turns` sixths of a turn clockwise (negative: anticlockwise). */
Hex hex_rotate(Hex h, int turns);
/* Writes the 6*radius hexes at exactly `radius` from centre, starting at
 * centre + radius*direction 4 (north-west) and walking clockwise; radius 0 (or
 * less) writes the centre. Returns the count. `out` must hold max(1, 6*radius)
 * hexes. A radius above HEX_RING_MAX_RADIUS writes nothing and returns 0. */
#define HEX_RING_MAX_RADIUS 1000000
int hex_ring(Hex centre, int radius, Hex *out);
/* Direction from a to its neighbour b, or -1 if they are not neighbours. */
int hex_direction_to(Hex a, Hex b);

#endif
