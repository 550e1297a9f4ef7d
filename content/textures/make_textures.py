#!/usr/bin/env python3
"""Writes the GUI's textures as PNG files into this folder.

Run it from anywhere: python3 content/textures/make_textures.py
The output is deterministic (a fixed-seed generator, no clock), so running it
again gives byte-identical files. Only the standard library is used.

Files written (all RGBA, 8 bits per channel):
  dark.png medium.png light.png   64x64 biome ground, tiled across tile areas
  soil.png volcano.png lava.png    64x64 volcanic soil, volcano top, lava flow
  ocean.png                        64x64 sea behind the board
  critter0.png .. critter4.png     32x32 seat tokens (transparent outside the disc)
"""
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


class Lcg:
    """A small fixed linear congruential generator, for reproducible noise."""

    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFF

    def next(self):
        self.state = (self.state * 1664525 + 1013904223) & 0xFFFFFFFF
        return self.state >> 8

    def unit(self):
        return (self.next() & 0xFFFF) / 65535.0


def write_png(name, width, height, pixels):
    """pixels: list of rows, each a list of (r, g, b, a) tuples."""
    raw = bytearray()
    for row in pixels:
        raw.append(0)  # filter type: none
        for r, g, b, a in row:
            raw += bytes((r, g, b, a))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(bytes(raw), 9))
    png += chunk(b"IEND", b"")
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(png)


def clamp(v):
    return max(0, min(255, int(round(v))))


def value_noise(seed, size, cells):
    """Smooth tileable noise in [0, 1]: a cells x cells lattice, bilinear."""
    rng = Lcg(seed)
    lattice = [[rng.unit() for _ in range(cells)] for _ in range(cells)]
    out = []
    for y in range(size):
        row = []
        for x in range(size):
            fx, fy = x * cells / size, y * cells / size
            x0, y0 = int(fx), int(fy)
            tx, ty = fx - x0, fy - y0
            tx, ty = tx * tx * (3 - 2 * tx), ty * ty * (3 - 2 * ty)
            a = lattice[y0 % cells][x0 % cells]
            b = lattice[y0 % cells][(x0 + 1) % cells]
            c = lattice[(y0 + 1) % cells][x0 % cells]
            d = lattice[(y0 + 1) % cells][(x0 + 1) % cells]
            row.append((a * (1 - tx) + b * tx) * (1 - ty) + (c * (1 - tx) + d * tx) * ty)
        out.append(row)
    return out


def ground(name, seed, base, spread, speckle, speckle_colour):
    """A tileable ground texture: base colour varied by noise, with speckles."""
    size = 64
    n1 = value_noise(seed, size, 8)
    n2 = value_noise(seed + 1, size, 16)
    rng = Lcg(seed + 2)
    rows = []
    for y in range(size):
        row = []
        for x in range(size):
            v = (n1[y][x] * 0.7 + n2[y][x] * 0.3) - 0.5
            col = [clamp(base[i] + v * spread) for i in range(3)]
            if rng.unit() < speckle:
                col = list(speckle_colour)
            row.append((col[0], col[1], col[2], 255))
        rows.append(row)
    write_png(name, size, size, rows)


def volcano():
    """A dark cone seen from above with a glowing crater in the middle."""
    size = 64
    noise = value_noise(71, size, 8)
    rows = []
    for y in range(size):
        row = []
        for x in range(size):
            dx, dy = x - 31.5, y - 31.5
            d = (dx * dx + dy * dy) ** 0.5
            v = noise[y][x] - 0.5
            if d < 7:
                col = (clamp(250 + v * 20), clamp(120 + v * 60), 20)
            elif d < 10:
                col = (clamp(120 + v * 30), 30, 20)
            else:
                shade = max(0.0, 1.0 - d / 46.0)
                col = (clamp(60 + shade * 50 + v * 30), clamp(48 + shade * 30 + v * 25),
                       clamp(44 + shade * 20 + v * 20))
            row.append((col[0], col[1], col[2], 255))
        rows.append(row)
    write_png("volcano.png", size, size, rows)


def lava():
    """Bright molten rock with dark crusted veins."""
    size = 64
    n1 = value_noise(91, size, 8)
    n2 = value_noise(92, size, 4)
    rows = []
    for y in range(size):
        row = []
        for x in range(size):
            v = n1[y][x] * 0.6 + n2[y][x] * 0.4
            vein = abs(v - 0.5) < 0.05
            if vein:
                col = (90, 25, 10)
            else:
                col = (clamp(230 + (v - 0.5) * 40), clamp(90 + (v - 0.5) * 220), 15)
            row.append((col[0], col[1], col[2], 255))
        rows.append(row)
    write_png("lava.png", size, size, rows)


SEAT_COLOURS = [
    (220, 40, 40),    # A red
    (40, 110, 230),   # B blue
    (245, 205, 30),   # C yellow
    (170, 60, 200),   # D purple
    (245, 245, 245),  # E white
]


def critter(seat):
    """A disc in the seat's colour with a dark rim and a highlight."""
    size = 32
    base = SEAT_COLOURS[seat]
    rows = []
    for y in range(size):
        row = []
        for x in range(size):
            dx, dy = x - 15.5, y - 15.5
            d = (dx * dx + dy * dy) ** 0.5
            if d > 15.5:
                row.append((0, 0, 0, 0))
                continue
            alpha = 255 if d < 14.5 else clamp(255 * (15.5 - d))
            if d > 12.5:
                col = (20, 20, 20)
            else:
                hx, hy = x - 11.0, y - 11.0
                light = max(0.0, 1.0 - (hx * hx + hy * hy) ** 0.5 / 9.0)
                col = tuple(clamp(c * 0.85 + light * 90) for c in base)
            row.append((col[0], col[1], col[2], alpha))
        rows.append(row)
    write_png("critter%d.png" % seat, size, size, rows)


def main():
    ground("dark.png", 11, (38, 92, 44), 50, 0.04, (22, 60, 28))
    ground("medium.png", 21, (112, 170, 70), 50, 0.04, (150, 200, 90))
    ground("light.png", 31, (222, 204, 132), 40, 0.04, (196, 176, 104))
    ground("soil.png", 41, (84, 72, 66), 40, 0.10, (40, 34, 32))
    ground("ocean.png", 51, (34, 78, 132), 30, 0.0, (0, 0, 0))
    volcano()
    lava()
    for seat in range(len(SEAT_COLOURS)):
        critter(seat)


if __name__ == "__main__":
    main()
