#include "hex.h"

const Hex HEX_DIRECTION[HEX_DIRS] = {
    { +1, 0 }, { 0, +1 }, { -1, +1 }, { -1, 0 }, { 0, -1 }, { +1, -1 },
};

Hex hex_neighbour(Hex h, int dir)
{
    return hex_add(h, HEX_DIRECTION[hex_dir(dir)]);
}

static int64_t abs64(int64_t v) { return v < 0 ? -v : v; }

int hex_distance(Hex a, Hex b)
{
    /* Differences of ints fit in 33 bits, so nothing below can overflow. */
    int64_t dq = (int64_t)a.q - b.q, dr = (int64_t)a.r - b.r;
    return hex_saturate((abs64(dq) + abs64(dr) + abs64(dq + dr)) / 2);
}

Hex hex_step(Hex h, int dir, int steps)
{
    Hex d = HEX_DIRECTION[hex_dir(dir)];
    return hex_make(hex_saturate(h.q + (int64_t)d.q * steps), hex_saturate(h.r + (int64_t)d.r * steps));
}

Hex hex_rotate(Hex h, int turns)
{
    /* Cube coordinates (x, y, z) = (q, -q-r, r); a clockwise sixth maps (x, y, z) -> (-z, -x, -y). */
    int t = hex_dir(turns);
    int64_t x = h.q, z = h.r, y = -x - z;
    for (int i = 0; i < t; i++) {
        int64_t nx = -z, ny = -x, nz = -y;
        x = nx; y = ny; z = nz;
    }
    return hex_make(hex_saturate(x), hex_saturate(z));
}

int hex_ring(Hex centre, int radius, Hex *out)
{
    if (radius > HEX_RING_MAX_RADIUS)
        return 0;
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
