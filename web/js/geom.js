// Hex maths and the facts of tiles and options the page draws and plays from.
// Axial coordinates (q, r), pointy-topped hexes, screen y down; edges and
// directions share one numbering, clockwise from east (engine/core/hex.h):
//   0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE.

export const SQRT3 = Math.sqrt(3);

// Outward unit normal of each edge, and the corners of a unit hex: CORNER[k]
// is at (k * 60 - 30) degrees from east, so edge e runs from CORNER[e] to
// CORNER[(e + 1) % 6]. Tables, so no trigonometry runs in a frame.
export const NX = [1, 0.5, -0.5, -1, -0.5, 0.5];
export const NY = [0, SQRT3 / 2, SQRT3 / 2, 0, -SQRT3 / 2, -SQRT3 / 2];
export const CORNER = [0, 1, 2, 3, 4, 5].map(k => {
    const a = (k * 60 - 30) * Math.PI / 180;
    return [Math.cos(a), Math.sin(a)];
});

// Ground centre of (q, r) for hexes of corner radius 1.
export function unitXY(q, r) { return [SQRT3 * (q + r / 2), 1.5 * r]; }

// The hex whose ground centre is nearest unit point (x, y).
export function hexAt(x, y) {
    const fq = SQRT3 / 3 * x - y / 3, fr = 2 / 3 * y, fs = -fq - fr;
    let q = Math.round(fq), r = Math.round(fr);
    const s = Math.round(fs);
    const dq = Math.abs(q - fq), dr = Math.abs(r - fr), ds = Math.abs(s - fs);
    if (dq > dr && dq > ds) q = -r - s;
    else if (dr > ds) r = -q - s;
    return [q, r];
}

// Whether (x, y) lies inside a hex of corner radius `size` centred on (cx, cy).
export function inHex(x, y, cx, cy, size) {
    const dx = Math.abs(x - cx), dy = Math.abs(y - cy);
    return dx <= size * 0.8660254 && dy <= size - dx * 0.5773503;
}

// The edge whose outward normal (x, y) is most along: the sector it lies in.
export function sectorOf(x, y) {
    let best = 0, bestDot = x * NX[0] + y * NY[0];
    for (let e = 1; e < 6; e++) {
        const d = x * NX[e] + y * NY[e];
        if (d > bestDot) { best = e; bestDot = d; }
    }
    return best;
}

export const key = (q, r) => q + ',' + r;

// Tile classes and biomes, as engine/core/rules.h numbers them.
export const UNO = 0, DUO = 1, TRIO = 2, VOLCANO = 3, SOIL = 4;
export const BIOMES = ['dark', 'medium', 'light'];
export const CLASS_NAMES = ['Uno', 'Duo', 'Trio', 'Volcano', 'volcanic soil'];

// Biome and area of edge `e` of tile type `t` turned `rot` sixths clockwise.
export function edgeBiome(t, rot, e) { return t.edge_biome[(e - rot + 12) % 6]; }
export function edgeArea(t, rot, e) { return t.area_of_edge[(e - rot + 12) % 6]; }

// A tile type in words: "dark/medium Duo", "light Uno", "Volcano".
export function tileName(t) {
    if (t.tile_class >= VOLCANO) return CLASS_NAMES[t.tile_class] || t.name;
    const biomes = [];
    for (let a = 0; a < t.areas; a++) biomes.push(BIOMES[t.area_biome[a]] || '?');
    return biomes.join('/') + ' ' + CLASS_NAMES[t.tile_class];
}

// Option verbs (engine/core/game.h Verb); an option is [verb, sub, q, r, subject, pay].
export const V = {
    PASS: 0, TILE: 1, CRITTER: 2, MOVE: 3, BUY: 4, MIGRATE: 5, RETURN: 6, KEEP: 7, TARGET: 8,
    UNLOCK: 9, EVACUATE: 10, SACRIFICE: 11, SACRIFICE_HAND: 12, RESOURCE: 13, CHOOSE: 14,
    PLAY_CARD: 15, ACTION: 16,
};
export const MAX_CRITTERS = 24;   // a critter id is seat * MAX_CRITTERS + index

export const movesCritter = v => v === V.MOVE || v === V.MIGRATE || v === V.EVACUATE;
export const namesCritter = v => v === V.SACRIFICE || v === V.RETURN || v === V.KEEP;

// One decoded option of the pending decision.
export function decodeOption(o, i) {
    const [verb, sub, q, r, subject, pay] = o.option;
    return {
        i, text: o.text, verb, sub, subject, pay,
        cell: q === null || q === undefined ? null : [q, r],   // the cell the raw option names
        at: o.at,                                               // the place it is about, or null
    };
}

// A raw cell (the engine's index, (r + 20) * 40 + (q + 20); 65535 none) as a place.
export function place(cell) {
    return cell === 65535 || cell === null || cell === undefined ? null : [cell % 40 - 20, Math.floor(cell / 40) - 20];
}

export const CRITTER_PLACES = ['hand', 'board', 'crater', 'grid', 'aside', 'unused'];

// The state's game object (docs/protocol.md, "The game object") with its
// compact parts spelt out for the views: each critter as {place (its name),
// area, marks, at (a place on the board, or null)}, each land cell as
// {at, flags, stack: [[type, rotation], ...] bottom first}, each ocean cell
// as {at, flags}. Everything else is as the server sent it.
export function readGame(game) {
    const land = game.board.land.map(([q, r, flags, ...tiles]) => {
        const stack = [];
        for (let k = 0; k + 1 < tiles.length; k += 2) stack.push([tiles[k], tiles[k + 1]]);
        return { at: [q, r], flags, stack };
    });
    const ocean = game.board.ocean.map(([q, r, flags]) => ({ at: [q, r], flags }));
    const player = game.player.map(pl => ({
        ...pl,
        critters: pl.critters.map(([where, area, cell, marks]) => {
            const name = CRITTER_PLACES[where] || 'unused';
            return { place: name, area, marks, at: name === 'board' || name === 'aside' ? place(cell) : null };
        }),
    }));
    return { ...game, player, board: { land, ocean } };
}
