#include "hex.h"

#include <stdlib.h>

const Hex HEX_DIRECTION[HEX_DIRS] = {
    { +1, 0 }, { 0, +1 }, { -1, +1 }, { -1, 0 }, { 0, -1 }, { +1, -1 },
};

Hex hex_neighbour(Hex h, int dir)
{
    return hex_add(h, HEX_DIRECTION[((dir % HEX_DIRS) + HEX_DIRS) % HEX_DIRS]);
}

int hex_distance(Hex a, Hex b)
{
    int dq = a.q - b.q, dr = a.r - b.r;
    return (abs(dq) + abs(dr) + abs(dq + dr)) / 2;
}

Hex hex_step(Hex h, int dir, int steps)
{
    Hex d = HEX_DIRECTION[((dir % HEX_DIRS) + HEX_DIRS) % HEX_DIRS];
    return hex_make(h.q + d.q * steps, h.r + d.r * steps);
}

Hex hex_rotate(Hex h, int turns)
{
    /* Cube coordinates (x, y, z) = (q, -q-r, r); a clockwise sixth maps (x, y, z) -> (-z, -x, -y). */
    int t = ((turns % 6) + 6) % 6;
    int x = h.q, z = h.r, y = -x - z;
    for (int i = 0; i < t; i++) {
        int nx = -z, ny = -x, nz = -y;
        x = nx; y = ny; z = nz;
    }
    return hex_make(x, z);
}

int hex_ring(Hex centre, int radius, Hex *out)
{
    if (radius <= 0) {
        out[0] = centre;
        return 1;
    }
    int n = 0;
    Hex h = hex_step(centre, 4, radius);
    for (int side = 0; side < HEX_DIRS; side++)
        for (int i = 0; i < radius; i++) {
            out[n++] = h;
            h = hex_neighbour(h, side);
        }
    return n;
}

int hex_direction_to(Hex a, Hex b)
{
    Hex d = hex_sub(b, a);
    for (int i = 0; i < HEX_DIRS; i++)
        if (hex_eq(d, HEX_DIRECTION[i]))
            return i;
    return -1;
}
