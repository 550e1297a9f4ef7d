// The island on a canvas: ocean, stacks in relief (one band per tile, in the
// colour of that tile's side), top faces with each area's biome, volcanoes,
// volcanic soil, lava, critters as tokens in seat colours carrying the seat's
// letter; then what the decision lights up. The island is drawn once per
// state into a layer; pointer moves redraw only the marks over it.
//
// Geometry contract (the same as engine/ui/layout.c): a stack rises `lift`
// pixels per tile, seen from the south, so its top face sits above its ground
// hex; faces are drawn north to south, so the last face containing a point is
// the one on top. Coordinates are CSS pixels of the canvas.

import {
    CORNER, NX, NY, SQRT3, unitXY, hexAt, inHex, sectorOf, key, edgeBiome, edgeArea, VOLCANO, SOIL,
} from './geom.js';

const BIOME_RGB = [[38, 92, 44], [112, 170, 70], [222, 204, 132]];
const SOIL_RGB = [96, 80, 72], VOLCANO_RGB = [104, 86, 78];
const OCEAN = '#22508a', LAVA = 'rgba(236, 88, 28, 0.93)', LAVA_CORE = '#ffb640';
export const SEAT_RGB = [[220, 40, 40], [40, 110, 230], [245, 205, 30], [170, 60, 200], [245, 245, 245]];
export const SEAT_INK = ['#fff', '#fff', '#1d1d1d', '#fff', '#1d1d1d'];
export const seatColour = p => 'rgb(' + SEAT_RGB[p % 5].join(',') + ')';
const SHADE = [100, 88, 95, 102, 109, 116, 123, 130, 136];   // by drawn height, taller lighter
const CAP = 10;        // taller stacks are drawn this tall (the label tells the truth)
const LIFT = 0.14;     // rise per tile, in hex sizes
const LIT = '#ffdc00', TINT = 'rgba(255, 216, 0, 0.42)';

const rgb = (c, pct) => 'rgb(' + c.map(v => Math.min(255, Math.round(v * pct / 100))).join(',') + ')';
const FACE = [...BIOME_RGB, SOIL_RGB, VOLCANO_RGB].map(c => SHADE.map(s => rgb(c, s)));
const SIDE_R = [...BIOME_RGB, SOIL_RGB, VOLCANO_RGB].map(c => rgb(c, 64));
const SIDE_L = [...BIOME_RGB, SOIL_RGB, VOLCANO_RGB].map(c => rgb(c, 50));
const SOIL_I = 3, VOLCANO_I = 4;

// The colour index (biome, soil or volcano) of edge e of a placed tile.
function edgeColour(tt, rot, e) {
    if (tt.tile_class === VOLCANO) return VOLCANO_I;
    if (tt.tile_class === SOIL) return SOIL_I;
    const b = edgeBiome(tt, rot, e);
    return b < 3 ? b : SOIL_I;
}

function hexPath(ctx, x, y, s) {
    ctx.moveTo(x + CORNER[0][0] * s, y + CORNER[0][1] * s);
    for (let k = 1; k < 6; k++) ctx.lineTo(x + CORNER[k][0] * s, y + CORNER[k][1] * s);
    ctx.closePath();
}

export class BoardView {
    constructor(canvas) {
        this.canvas = canvas;
        this.ctx = canvas.getContext('2d', { alpha: false });
        this.layer = document.createElement('canvas');
        this.w = this.h = 0;
        this.dpr = 1;
        this.stacks = [];
        this.byKey = new Map();
        this.marks = null;       // what the decision lights up (decide.js Marks)
        this.hover = null;       // [q, r] under the pointer
        this.pointer = null;     // [x, y]
    }

    // The game to draw; `places` are further cells to keep in view (the options').
    set(rules, game, places) {
        this.rules = rules;
        this.game = game;
        this.places = places || [];
        this.stacks = game.board.land.map(l => {
            const [x, y] = unitXY(l.at[0], l.at[1]);
            return { q: l.at[0], r: l.at[1], x, y, tiles: l.stack, h: l.stack.length, lava: (l.flags & 1) !== 0 };
        }).sort((a, b) => a.r - b.r || a.q - b.q);
        this.byKey = new Map(this.stacks.map(s => [key(s.q, s.r), s]));
        this.seaLava = game.board.ocean.filter(c => c.flags & 1).map(c => c.at);
        this.critters = new Map();   // cell key -> [{seat, index, area, marks}]
        this.atSea = [];
        const stays = rules.critter_marks_with ? rules.critter_marks_with[0] : 0;
        game.player.forEach((pl, seat) => pl.critters.forEach((c, index) => {
            if (!c.at) return;
            const t = { seat, index, area: c.area, marks: c.marks, dormant: (c.marks & stays) !== 0, q: c.at[0], r: c.at[1] };
            if (c.place === 'aside') this.atSea.push(t);
            else if (c.place === 'board') {
                const k = key(c.at[0], c.at[1]);
                if (!this.critters.has(k)) this.critters.set(k, []);
                this.critters.get(k).push(t);
            }
        }));
        this.fit();
    }

    resize(w, h, dpr) {
        if (w === this.w && h === this.h && dpr === this.dpr) return;
        this.w = w; this.h = h; this.dpr = dpr;
        for (const c of [this.canvas, this.layer]) {
            c.width = Math.max(1, Math.round(w * dpr));
            c.height = Math.max(1, Math.round(h * dpr));
        }
        this.canvas.style.width = w + 'px';
        this.canvas.style.height = h + 'px';
        if (this.game) this.fit();
    }

    // Hex size and origin so the stacks, lava and option places fit.
    fit() {
        let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity, tallest = 1;
        const take = (q, r) => {
            const [x, y] = unitXY(q, r);
            x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
        };
        for (const s of this.stacks) { take(s.q, s.r); tallest = Math.max(tallest, s.h); }
        for (const c of this.seaLava) take(c[0], c[1]);
        for (const c of this.places) take(c[0], c[1]);
        if (x0 > x1) x0 = x1 = y0 = y1 = 0;
        const ring = this.w < 600 ? 1 : 1.5;   // the ocean kept around, in hexes (less on a phone)
        x0 -= SQRT3 * ring; x1 += SQRT3 * ring;
        y0 -= 1 + ring + LIFT * Math.min(tallest, CAP); y1 += 1 + ring;
        const pad = 8;
        let size = Math.min((this.w - 2 * pad) / (x1 - x0), (this.h - 2 * pad) / (y1 - y0));
        size = Math.max(6, Math.min(64, size));
        this.size = size;
        this.lift = Math.max(1, size * LIFT);
        this.ox = this.w / 2 - size * (x0 + x1) / 2;
        this.oy = this.h / 2 - size * (y0 + y1) / 2;
        this.dirty = true;
    }

    ground(q, r) {
        const [x, y] = unitXY(q, r);
        return [this.ox + x * this.size, this.oy + y * this.size];
    }

    height(q, r) { const s = this.byKey.get(key(q, r)); return s ? s.h : 0; }

    // Centre of the top face of (q, r) (the ground hex for the ocean).
    face(q, r) {
        const [x, y] = this.ground(q, r);
        return [x, y - this.lift * Math.min(this.height(q, r), CAP)];
    }

    // The cell under (px, py): the nearest raised face, else the ground hex.
    cellAt(px, py) {
        for (let k = this.stacks.length - 1; k >= 0; k--) {
            const s = this.stacks[k], [fx, fy] = this.face(s.q, s.r);
            if (inHex(px, py, fx, fy, this.size)) return [s.q, s.r];
        }
        return hexAt((px - this.ox) / this.size, (py - this.oy) / this.size);
    }

    topType(q, r) {
        const s = this.byKey.get(key(q, r));
        if (!s) return null;
        const [type, rot] = s.tiles[s.h - 1];
        return { tt: this.rules.tile_types[type], rot };
    }

    // The area of the top tile of (q, r) under (px, py): -1 none, 0 for one area.
    areaAt(q, r, px, py) {
        const top = this.topType(q, r);
        if (!top || top.tt.areas === 0) return -1;
        if (top.tt.areas === 1) return 0;
        const [fx, fy] = this.face(q, r);
        return edgeArea(top.tt, top.rot, sectorOf(px - fx, py - fy));
    }

    // Where a critter on area `area` of (q, r) stands.
    areaPoint(q, r, area) {
        let [x, y] = this.face(q, r);
        const top = this.topType(q, r);
        let sx = 0, sy = 0;
        if (top && top.tt.areas > 1)
            for (let e = 0; e < 6; e++)
                if (edgeArea(top.tt, top.rot, e) === area) { sx += NX[e]; sy += NY[e]; }
        const len = Math.hypot(sx, sy);
        if (len > 1e-6) { x += sx / len * this.size * 0.5; y += sy / len * this.size * 0.5; }
        return [x, y];
    }

    // Draws the island into the layer (the whole of a state's picture).
    drawIsland() {
        const c = this.layer.getContext('2d', { alpha: false });
        c.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
        c.fillStyle = OCEAN;
        c.fillRect(0, 0, this.w, this.h);
        this.drawSeaGrid(c);
        for (const at of this.seaLava) {
            const [x, y] = this.ground(at[0], at[1]);
            c.beginPath(); hexPath(c, x, y, this.size - 0.5); c.fillStyle = LAVA; c.fill();
        }
        for (const s of this.stacks) this.drawStack(c, s);
        if (this.size >= 15) this.drawHeights(c);
        for (const t of this.atSea) {
            const [x, y] = this.ground(t.q, t.r);
            this.drawToken(c, t.seat, x, y, t);
        }
        this.dirty = false;
    }

    // Faint outlines of the sea hexes next to land: where tiles may go.
    drawSeaGrid(c) {
        const seen = new Set();
        c.beginPath();
        for (const s of this.stacks)
            for (let e = 0; e < 6; e++) {
                const q = s.q + [1, 0, -1, -1, 0, 1][e], r = s.r + [0, 1, 1, 0, -1, -1][e], k = key(q, r);
                if (this.byKey.has(k) || seen.has(k)) continue;
                seen.add(k);
                const [x, y] = this.ground(q, r);
                hexPath(c, x, y, this.size - 1);
            }
        c.strokeStyle = 'rgba(255,255,255,0.10)';
        c.lineWidth = 1;
        c.stroke();
    }

    // A stack: its sides (a dark silhouette, then one band per tile leaving a
    // line between tiles), its top face, lava, critters. Fills only: strokes
    // cost several times more to rasterise.
    drawStack(c, s) {
        const size = this.size, lift = this.lift, shown = Math.min(s.h, CAP);
        const [x, gy] = this.ground(s.q, s.r), y = gy - lift * shown;
        if (x + size < 0 || x - size > this.w || y - size > this.h || gy + size < 0) return;
        this.drawSides(c, x, y, s.tiles, shown);
        const [type, rot] = s.tiles[s.h - 1];
        this.drawFace(c, this.rules.tile_types[type], rot, x, y, Math.min(shown, SHADE.length - 1));
        if (s.lava) {
            c.beginPath(); hexPath(c, x, y, size * 0.72); c.fillStyle = LAVA; c.fill();
            c.beginPath(); c.arc(x, y, size * 0.22, 0, 2 * Math.PI); c.fillStyle = LAVA_CORE; c.fill();
        }
        const here = this.critters.get(key(s.q, s.r));
        if (here) for (const t of here) {
            const [tx, ty] = this.areaPoint(s.q, s.r, t.area);
            this.drawToken(c, t.seat, tx, ty, t);
        }
    }

    // The sides under a face at (x, y): a dark silhouette, then one band per
    // tile (the top one, tiles[last], first) leaving a line between tiles.
    drawSides(c, x, y, tiles, shown) {
        const size = this.size, lift = this.lift, depth = lift * shown, gap = lift > 2.5 ? 1 : 0;
        c.beginPath();
        c.moveTo(x + CORNER[1][0] * size, y + CORNER[1][1] * size);
        c.lineTo(x, y + size);
        c.lineTo(x + CORNER[3][0] * size, y + CORNER[3][1] * size);
        c.lineTo(x + CORNER[3][0] * size, y + CORNER[3][1] * size + depth);
        c.lineTo(x, y + size + depth);
        c.lineTo(x + CORNER[1][0] * size, y + CORNER[1][1] * size + depth);
        c.closePath();
        c.fillStyle = '#161310';
        c.fill();
        for (let k = 0; k < shown; k++) {
            const [type, rot] = tiles[tiles.length - 1 - k], tt = this.rules.tile_types[type];
            const d0 = k * lift, d1 = d0 + lift - gap;
            for (const e of [1, 2]) {
                const a = CORNER[e], b = CORNER[(e + 1) % 6];
                c.beginPath();
                c.moveTo(x + a[0] * size, y + a[1] * size + d0);
                c.lineTo(x + b[0] * size, y + b[1] * size + d0);
                c.lineTo(x + b[0] * size, y + b[1] * size + d1);
                c.lineTo(x + a[0] * size, y + a[1] * size + d1);
                c.closePath();
                c.fillStyle = (e === 1 ? SIDE_R : SIDE_L)[edgeColour(tt, rot, e)];
                c.fill();
            }
        }
    }

    // A top face: a dark rim, then each area in its biome (a Duo's halves, a
    // Trio's thirds; neighbouring areas always differ in biome).
    drawFace(c, tt, rot, x, y, shade, alpha) {
        const size = this.size - 0.5, inner = size - Math.max(1, size * 0.05);
        if (alpha !== undefined) c.globalAlpha = alpha;
        c.beginPath(); hexPath(c, x, y, size);
        c.fillStyle = 'rgba(0,0,0,0.55)';
        c.fill();
        if (tt.tile_class === VOLCANO || tt.tile_class === SOIL || tt.areas <= 1) {
            c.beginPath(); hexPath(c, x, y, inner);
            c.fillStyle = FACE[edgeColour(tt, rot, 0)][shade];
            c.fill();
        } else {
            for (let a = 0; a < tt.areas; a++) {
                c.beginPath();
                for (let e = 0; e < 6; e++) {
                    if (edgeArea(tt, rot, e) !== a) continue;
                    const p = CORNER[e], q = CORNER[(e + 1) % 6];
                    c.moveTo(x, y);
                    c.lineTo(x + p[0] * inner, y + p[1] * inner);
                    c.lineTo(x + q[0] * inner, y + q[1] * inner);
                    c.closePath();
                }
                c.fillStyle = FACE[tt.area_biome[a]][shade];
                c.fill();
            }
        }
        if (tt.tile_class === VOLCANO) {
            c.beginPath(); c.arc(x, y, size * 0.52, 0, 2 * Math.PI); c.fillStyle = '#3b302c'; c.fill();
            c.beginPath(); c.arc(x, y, size * 0.3, 0, 2 * Math.PI); c.fillStyle = '#c8401c'; c.fill();
            c.beginPath(); c.arc(x, y, size * 0.14, 0, 2 * Math.PI); c.fillStyle = LAVA_CORE; c.fill();
        } else if (tt.tile_class === SOIL) {
            c.fillStyle = 'rgba(20,16,14,0.55)';
            for (const [dx, dy] of [[-0.3, -0.2], [0.25, -0.35], [0.1, 0.3], [-0.2, 0.4], [0.45, 0.1]])
                c.fillRect(x + dx * size - 1, y + dy * size - 1, 2.5, 2.5);
        }
        c.globalAlpha = 1;
    }

    // Each stack's height on its face, over everything so no stack hides it.
    drawHeights(c) {
        for (const s of this.stacks) {
            const [x, y] = this.face(s.q, s.r), img = this.sprite('h' + s.h, () => this.heightSprite(s.h));
            c.drawImage(img, x - img.cssW / 2, y - this.size * 0.84 - img.cssH / 2, img.cssW, img.cssH);
        }
    }

    // A small picture drawn once per hex size and kept: a height label, a
    // critter token (text and arcs cost more than copying pixels).
    sprite(name, make) {
        if (this.spriteSize !== this.size || this.spriteDpr !== this.dpr) {
            this.sprites = new Map();
            this.spriteSize = this.size;
            this.spriteDpr = this.dpr;
        }
        let img = this.sprites.get(name);
        if (!img) { img = make(); this.sprites.set(name, img); }
        return img;
    }

    spriteCanvas(w, h) {
        const img = document.createElement('canvas');
        img.width = Math.ceil(w * this.dpr);
        img.height = Math.ceil(h * this.dpr);
        img.cssW = img.width / this.dpr;
        img.cssH = img.height / this.dpr;
        const c = img.getContext('2d');
        c.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
        return [img, c];
    }

    heightSprite(h) {
        const fs = Math.max(9, Math.round(this.size * 0.26)), text = String(h);
        const [img, c] = this.spriteCanvas(fs * (0.7 * text.length + 0.6), fs + 4);
        c.font = `bold ${fs}px sans-serif`;
        c.textAlign = 'center';
        c.textBaseline = 'middle';
        c.lineWidth = 3;
        c.strokeStyle = 'rgba(0,0,0,0.7)';
        c.fillStyle = '#fff';
        c.strokeText(text, img.cssW / 2, img.cssH / 2);
        c.fillText(text, img.cssW / 2, img.cssH / 2);
        return img;
    }

    // A critter: a disc in the seat's colour with the seat's letter; one
    // bearing a script's mark stands on a second disc, a dormant one is dimmed.
    drawToken(c, seat, x, y, t) {
        const key = 't' + seat + (t && t.marks ? 'm' : '') + (t && t.dormant ? 'd' : '');
        const img = this.sprite(key, () => this.tokenSprite(seat, t && t.marks, t && t.dormant));
        c.drawImage(img, x - img.cssW / 2 + img.shift, y - img.cssH / 2 + img.shift, img.cssW, img.cssH);
    }

    tokenRadius() { return Math.max(6.5, this.size * 0.27); }

    tokenSprite(seat, marked, dormant) {
        const r = this.tokenRadius(), pad = marked ? 5 : 2, half = r + pad;
        const [img, c] = this.spriteCanvas(2 * half, 2 * half);
        img.shift = marked ? 1.5 : 0;   // the picture is centred between the two discs
        const x = half - img.shift, y = half - img.shift;
        const disc = (dx, dy) => {
            c.beginPath(); c.arc(x + dx, y + dy, r, 0, 2 * Math.PI);
            c.fillStyle = seatColour(seat); c.fill();
            c.lineWidth = 1.5; c.strokeStyle = 'rgba(0,0,0,0.75)'; c.stroke();
        };
        if (marked) disc(2, 3);
        disc(0, 0);
        {   // the seat's letter, whatever the size: colour is not the only sign of a seat
            c.font = `bold ${Math.max(8, Math.round(r * 1.25))}px sans-serif`;
            c.textAlign = 'center';
            c.textBaseline = 'middle';
            c.fillStyle = SEAT_INK[seat % 5];
            c.fillText(String.fromCharCode(65 + seat), x, y + r * 0.08);
        }
        if (dormant) {
            c.beginPath(); c.arc(x, y, r, 0, 2 * Math.PI); c.fillStyle = 'rgba(16,16,16,0.55)'; c.fill();
        }
        return img;
    }

    // The picture: the island's layer, then the marks of the decision.
    draw() {
        if (!this.game) return;
        if (this.dirty) this.drawIsland();
        const c = this.ctx;
        c.setTransform(1, 0, 0, 1, 0, 0);
        c.drawImage(this.layer, 0, 0);
        c.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
        const m = this.marks;
        if (m) this.drawMarks(c, m);
        if (m && m.ghost) this.drawGhost(c, m.ghost);
        if (this.hover) this.drawHover(c, this.hover, m && m.ghost && m.ghost.at ? 1 : 0);
        if (m && m.picked && this.pointer) {
            const [x, y] = this.pointer;
            this.drawToken(c, m.picked.seat, x, y, null);
        }
    }

    drawMarks(c, m) {
        for (const [k, areas] of m.tint) {
            const [q, r] = k.split(',').map(Number), top = this.topType(q, r);
            if (!top) continue;
            const [x, y] = this.face(q, r), size = this.size - 0.5;
            c.beginPath();
            for (let e = 0; e < 6; e++) {
                if (!(areas >> (top.tt.areas > 1 ? edgeArea(top.tt, top.rot, e) : 0) & 1)) continue;
                const p = CORNER[e], o = CORNER[(e + 1) % 6];
                c.moveTo(x, y); c.lineTo(x + p[0] * size, y + p[1] * size); c.lineTo(x + o[0] * size, y + o[1] * size);
                c.closePath();
            }
            c.fillStyle = TINT; c.fill();
        }
        c.beginPath();
        for (const k of m.lit) {
            const [q, r] = k.split(',').map(Number), [x, y] = this.face(q, r);
            hexPath(c, x, y, this.size - 2.5);
        }
        c.strokeStyle = LIT; c.lineWidth = 3; c.stroke();
        if (m.picked) {   // where the held critter stood
            const [x, y] = this.areaPoint(m.picked.q, m.picked.r, m.picked.area);
            c.beginPath(); c.arc(x, y, this.tokenRadius() + 3, 0, 2 * Math.PI);
            c.strokeStyle = '#fff'; c.lineWidth = 2; c.setLineDash([4, 3]); c.stroke(); c.setLineDash([]);
        }
    }

    // The hex under the pointer, outlined and labelled; `raise` tiles higher
    // when the tile in hand sits on it.
    drawHover(c, [q, r], raise) {
        const [x, y0] = this.face(q, r), y = y0 - raise * this.lift;
        c.beginPath(); hexPath(c, x, y, this.size - 1.5);
        c.strokeStyle = 'rgba(255,255,255,0.9)'; c.lineWidth = 2; c.stroke();
        if (this.size < 14) return;
        const h = this.height(q, r), label = `${q},${r}` + (h ? `  height ${h}` : '') + this.marksAt(q, r);
        c.font = `${Math.max(10, Math.round(this.size * 0.24))}px sans-serif`;
        const w = c.measureText(label).width + 8, ly = y0 + this.size + this.lift * (this.height(q, r) ? Math.min(this.height(q, r), CAP) : 0) + 10;
        c.fillStyle = 'rgba(0,0,0,0.7)';
        c.fillRect(x - w / 2, ly - 8, w, 16);
        c.fillStyle = '#fff'; c.textAlign = 'center'; c.textBaseline = 'middle';
        c.fillText(label, x, ly);
    }

    // The scripts' marks at a place, in words: "  frozen  A:burrowed".
    marksAt(q, r) {
        let t = '';
        (this.game.cell_marks || []).forEach((cells, m) => {
            if (cells.some(c => c && c[0] === q && c[1] === r)) t += '  ' + this.rules.cell_marks[m].name;
        });
        for (const c of this.critters.get(key(q, r)) || [])
            (this.rules.critter_marks || []).forEach((def, m) => {
                if (c.marks >> m & 1) t += `  ${String.fromCharCode(65 + c.seat)}:${def.name}`;
            });
        return t;
    }

    // The tile in hand: over a lit hex it sits on that stack, elsewhere it
    // floats under the pointer.
    drawGhost(c, g) {
        const tt = this.rules.tile_types[g.type];
        if (!tt) return;
        let x, y, h;
        if (g.at) {
            h = this.height(g.at[0], g.at[1]) + 1;
            [x, y] = this.ground(g.at[0], g.at[1]);
            y -= this.lift * Math.min(h, CAP);
        } else if (this.pointer) {
            [x, y] = this.pointer;
            h = 1;
        } else return;
        if (g.at) this.drawSides(c, x, y, [[g.type, g.rot]], 1);
        this.drawFace(c, tt, g.rot, x, y, Math.min(h, SHADE.length - 1), g.at ? 1 : 0.72);
        c.beginPath(); hexPath(c, x, y, this.size - 2);
        c.strokeStyle = !g.at ? 'rgba(255,255,255,0.6)' : g.ok ? '#fff' : '#ff4040';
        c.lineWidth = 3; c.stroke();
    }
}
