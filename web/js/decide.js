// The pending decision under the mouse (the window's engine/ui/app_board.c,
// for the browser): the tile in hand follows the pointer and turns with the
// wheel, critters are picked up and dropped, lit places are clicked, and the
// options without a place become buttons. It never sends anything itself: a
// choice ends in `choose(i)`, an index of the server's options.

import { V, decodeOption, movesCritter, namesCritter, key, MAX_CRITTERS, tileName } from './geom.js';
import { sentence } from './ui.js';

const same = (a, b) => !!a && !!b && a[0] === b[0] && a[1] === b[1];

export class Decider {
    constructor(choose) {
        this.choose = choose;
        this.clear();
    }

    clear() {
        this.opts = [];
        this.group = [];
        this.menu = null;        // {title, items: [option index], pay: bool}: the choice asked of the user
        this.status = '';
        this.heldType = -1;
        this.heldRot = 0;
        this.picked = -1;        // critter id in hand
        this.autoPicked = false;
        this.dragging = false;
        this.hover = null;
    }

    // A new state: its decision's options (only a seat's own decision has
    // them). A state that leaves the decision as it was (someone joined or
    // left) keeps what the user holds and the question asked.
    reset(state, rules) {
        const kept = this.heldType, keptRot = this.heldRot, id = state.decision.id;
        const same = id === this.decisionId && this.active() ? { picked: this.picked, menu: this.menu, hover: this.hover } : null;
        this.clear();
        this.decisionId = id;
        this.rules = rules;
        this.game = state.game;
        this.kind = state.decision.kind;
        if (!state.decision.yours || state.status !== 'playing') return;
        this.opts = state.decision.options.map(decodeOption);
        this.groupOptions();
        const types = this.tileTypes();
        if (types.length) {
            this.heldType = types.includes(kept) ? kept : types[0];
            this.heldRot = types.includes(kept) ? keptRot : 0;
        }
        const movers = new Set(this.opts.filter(o => movesCritter(o.verb)).map(o => o.subject));
        if (movers.size === 1 && (this.kind === 'migrate' || this.kind === 'evacuate')) {
            this.picked = [...movers][0];
            this.autoPicked = true;
        }
        if (same) Object.assign(this, same);
    }

    // Options that differ only by payment share a group: its first member.
    groupOptions() {
        const o = this.opts, g = [];
        for (let i = 0; i < o.length; i++) {
            g[i] = i;
            if (!o[i].pay) continue;
            for (let j = 0; j < i; j++)
                if (o[j].pay && o[j].verb === o[i].verb && o[j].sub === o[i].sub && o[j].subject === o[i].subject &&
                    String(o[j].cell) === String(o[i].cell)) { g[i] = g[j]; break; }
        }
        this.group = g;
    }
    members(i) { return this.opts.filter(o => this.group[o.i] === this.group[i]).map(o => o.i); }

    tileTypes() { return [...new Set(this.opts.filter(o => o.verb === V.TILE).map(o => o.subject))]; }
    active() { return this.opts.length > 0; }

    critter(id) {
        const pl = this.game.player[Math.floor(id / MAX_CRITTERS)];
        return pl && pl.critters[id % MAX_CRITTERS];
    }

    // The critter standing on area `area` of (q, r), or -1.
    critterAt(cell, area) {
        let found = -1;
        this.game.player.forEach((pl, p) => pl.critters.forEach((c, i) => {
            if (c.place === 'board' && same(c.at, cell) && c.area === area) found = p * MAX_CRITTERS + i;
        }));
        return found;
    }

    // The critter a question's choice names (CHOOSE option o), or -1.
    choiceCritter(o) {
        const ask = this.game.asks && this.game.asks[0], c = ask && ask.choices[o.subject];
        return o.verb === V.CHOOSE && c && c.critter > 0 ? c.critter - 1 : -1;
    }

    tileOption(cell, rot) {
        const o = this.opts.find(o => o.verb === V.TILE && o.subject === this.heldType && same(o.cell, cell) && o.sub === rot);
        return o ? o.i : -1;
    }

    // Turns the tile in hand one step (dir +1 clockwise, -1 back), only
    // through the turns that fit the hovered place when some do.
    turn(dir) {
        if (this.heldType < 0) return;
        const cell = this.hover;
        let any = false;
        for (let r = 0; r < 6 && cell; r++) any = any || this.tileOption(cell, r) >= 0;
        let turns = this.rules.tile_types[this.heldType].distinct_rotations;
        if (turns < 1 || turns > 6) turns = 6;
        for (let step = 1; step <= 6; step++) {
            const rot = (((this.heldRot + dir * step) % turns) + turns) % turns;
            if (!any || this.tileOption(cell, rot) >= 0) { this.heldRot = rot; return; }
        }
    }

    hold(type) { this.heldType = type; this.heldRot = 0; this.menu = null; this.status = ''; }

    pointerOver(cell) {
        if (same(cell, this.hover)) return;
        this.hover = cell;
        if (this.heldType >= 0 && cell && this.tileOption(cell, this.heldRot) < 0) this.turn(1);
    }

    // Offers several options as a menu, or takes the only one.
    offer(items, title) {
        if (items.length === 1) this.pick(items[0]);
        else if (items.length > 1) { this.menu = { title, items, pay: false }; this.status = ''; }
    }

    // The user chose option i: asks how to pay when it can be paid several ways.
    pick(i) {
        const m = this.members(i);
        if (m.length > 1) {
            this.menu = { title: sentence(unpaid(this.opts[i].text)) + ' Choose how to pay.', items: m, pay: true };
            return;
        }
        this.menu = null;
        this.choose(i);
    }

    pickExact(i) { this.menu = null; this.choose(i); }

    // A press on the board at pixel (px, py) over `cell`; board is the BoardView.
    press(board, px, py) {
        const cell = board.cellAt(px, py);
        this.menu = null;
        if (this.heldType >= 0) return this.placeTile(cell);
        const area = board.areaAt(cell[0], cell[1], px, py);
        const critter = area >= 0 ? this.critterAt(cell, area) : -1;
        if (this.picked >= 0 && this.drop(cell, area)) return;
        if (this.isSource(critter) && !this.autoPicked) {
            this.picked = critter;
            this.dragging = true;
            this.status = '';
            return;
        }
        if (this.picked >= 0 && !this.autoPicked) { this.picked = -1; return; }
        this.clickPlace(cell, area, critter);
    }

    // The button let go: a critter dragged onto another place is dropped there.
    release(board, px, py) {
        if (!this.dragging || this.picked < 0) { this.dragging = false; return; }
        this.dragging = false;
        const cell = board.cellAt(px, py), c = this.critter(this.picked);
        if (c && !same(cell, c.at)) this.drop(cell, board.areaAt(cell[0], cell[1], px, py));
    }

    placeTile(cell) {
        const i = this.tileOption(cell, this.heldRot);
        if (i >= 0) return this.pick(i);
        let there = false;
        for (let r = 0; r < 6; r++) there = there || this.tileOption(cell, r) >= 0;
        this.status = there ? 'Not that way round: turn the tile with the wheel or the Turn buttons.'
            : 'The tile cannot go there: put it on a lit hex.';
    }

    // Drops the picked critter on (cell, area) if that is one of its moves.
    drop(cell, area) {
        const here = this.opts.filter(o => movesCritter(o.verb) && o.subject === this.picked && same(o.cell, cell));
        if (!here.length) return false;
        const exact = here.find(o => o.sub === area);
        const areas = new Set(here.map(o => o.sub));
        if (!exact && areas.size !== 1) return false;
        this.pick((exact || here[0]).i);
        return true;
    }

    isSource(critter) {
        return critter >= 0 && this.opts.some(o => movesCritter(o.verb) && o.subject === critter);
    }

    // Options at a place other than critter moves: a claim on the area, the
    // critter standing there, a target, a question's place.
    clickPlace(cell, area, critter) {
        const atArea = [], atCell = [];
        for (const o of this.opts) {
            if (movesCritter(o.verb) || !same(o.at, cell)) continue;
            if ((o.verb === V.CRITTER && o.sub === area) || (namesCritter(o.verb) && o.subject === critter) ||
                (critter >= 0 && this.choiceCritter(o) === critter)) atArea.push(o.i);
            if (this.group[o.i] === o.i) atCell.push(o.i);
        }
        const oneGroup = atArea.length > 1 && this.group[atArea[0]] === this.group[atArea[atArea.length - 1]];
        if (atArea.length === 1 || oneGroup) this.pick(atArea[0]);
        else if (atArea.length > 1) this.offer(atArea, 'Several choices here: pick one.');
        else if (atCell.length) this.offer(atCell, 'Several choices here: pick one.');
        else this.status = 'Nothing to do there: the lit hexes are where you may play.';
    }

    // The grid slot clicked at an unlock.
    unlock(slot) {
        const o = this.opts.find(o => o.verb === V.UNLOCK && o.subject === slot);
        if (o) this.pick(o.i);
    }
    unlockable() { return new Set(this.opts.filter(o => o.verb === V.UNLOCK).map(o => o.subject)); }

    // What the board lights up: lit hexes, tinted areas, the tile in hand.
    marks() {
        const lit = new Set(), tint = new Map();
        const addTint = (cell, area) => { const k = key(cell[0], cell[1]); tint.set(k, (tint.get(k) || 0) | (1 << area)); };
        for (const o of this.opts) {
            if (this.picked >= 0) {   // only where the held critter may go
                if (movesCritter(o.verb) && o.subject === this.picked && o.cell) {
                    lit.add(key(o.cell[0], o.cell[1]));
                    addTint(o.cell, o.sub);
                }
                continue;
            }
            if (movesCritter(o.verb)) {   // the critters that may be picked up
                const c = this.critter(o.subject);
                if (c && c.at) { lit.add(key(c.at[0], c.at[1])); if (c.place === 'board') addTint(c.at, c.area); }
                continue;
            }
            if (!o.at || (o.verb === V.TILE && o.subject !== this.heldType)) continue;
            lit.add(key(o.at[0], o.at[1]));
            if (o.verb === V.CRITTER) addTint(o.at, o.sub);
            else if (namesCritter(o.verb) || this.choiceCritter(o) >= 0) {
                const c = this.critter(namesCritter(o.verb) ? o.subject : this.choiceCritter(o));
                if (c && c.place === 'board' && same(c.at, o.at)) addTint(o.at, c.area);
            }
        }
        const m = { lit, tint, ghost: null, picked: null };
        if (this.heldType >= 0) {
            const on = this.hover && lit.has(key(this.hover[0], this.hover[1]));
            m.ghost = { type: this.heldType, rot: this.heldRot, at: on ? this.hover : null,
                ok: on && this.tileOption(this.hover, this.heldRot) >= 0 };
        }
        if (this.picked >= 0) {
            const c = this.critter(this.picked);
            if (c && c.at) m.picked = { seat: Math.floor(this.picked / MAX_CRITTERS), q: c.at[0], r: c.at[1], area: c.area };
        }
        return m;
    }

    // What the pointer does now, in words.
    hint() {
        if (!this.active()) return '';
        if (this.heldType >= 0)
            return 'Move the tile over a lit hex (or tap one), turn it with the mouse wheel or the Turn buttons, and click it (or tap it again) to place it.';
        if (this.picked >= 0) return 'Drop the critter on a tinted area: click it.';
        for (const o of this.opts) {
            if (movesCritter(o.verb)) return 'Pick up one of your critters on a lit hex, then drop it on a tinted area.';
            if (o.verb === V.CRITTER) return 'Click a tinted area to put a critter there.';
            if (namesCritter(o.verb)) return 'Click the critter on a lit hex, or a button below.';
            if (o.verb === V.TARGET) return 'Click the lit stack to unleash the volcano on.';
            if (o.verb === V.UNLOCK) return 'Click a lit card of the Power Grid.';
            if (o.verb === V.CHOOSE && o.at) return 'Click a lit hex, or a button below.';
        }
        return 'Choose with a button below.';
    }

    // The buttons of the panel: [{label, act, value, primary, on}].
    buttons() {
        const b = [];
        if (this.menu) {
            for (const i of this.menu.items) {
                const t = this.opts[i].text, paid = this.menu.pay ? t.indexOf(' paying ') : -1;
                b.push({ label: paid >= 0 ? 'Pay ' + t.slice(paid + 8) + '.' : sentence(t), act: 'exact', value: i, primary: true });
            }
            b.push({ label: 'Cancel.', act: 'cancel' });
            return b;
        }
        const types = this.tileTypes();
        if (types.length > 1)
            for (const t of types)
                b.push({ label: `Take the ${tileName(this.rules.tile_types[t])} in hand.`, act: 'hold', value: t, on: t === this.heldType });
        if (this.heldType >= 0 && this.rules.tile_types[this.heldType].distinct_rotations > 1) {
            b.push({ label: 'Turn the tile back ↺.', act: 'turn', value: -1 });
            b.push({ label: 'Turn the tile on ↻.', act: 'turn', value: 1 });
        }
        if (this.picked >= 0 && !this.autoPicked) b.push({ label: 'Put the critter down again.', act: 'drop' });
        const named = this.opts.length <= 16;
        for (const o of this.opts) {
            if (this.group[o.i] !== o.i) continue;
            const byName = named && (namesCritter(o.verb) || o.verb === V.CHOOSE);
            if (o.at && !byName) continue;
            const label = this.members(o.i).length > 1 ? unpaid(o.text) : o.text;
            b.push({ label: sentence(label), act: 'option', value: o.i, primary: o.verb !== V.PASS });
        }
        return this.distinct(b);
    }

    // Buttons that would read the same say which critter, or which of them, they are.
    distinct(buttons) {
        const seen = new Map();
        for (const b of buttons) seen.set(b.label, (seen.get(b.label) || 0) + 1);
        const nth = new Map();
        return buttons.map(b => {
            if (seen.get(b.label) < 2 || b.act !== 'option') return b;
            const k = (nth.get(b.label) || 0) + 1, o = this.opts[b.value];
            nth.set(b.label, k);
            const id = namesCritter(o.verb) ? o.subject : this.choiceCritter(o), where = this.areaWords(id);
            const base = b.label.replace(/[.]$/, '');
            return { ...b, label: where ? `${base}, the one on the ${where}.` : `${base} (choice ${k} of ${seen.get(b.label)}).` };
        });
    }

    // "dark area" for a critter on the board, or ''.
    areaWords(id) {
        const c = id >= 0 && this.critter(id);
        if (!c || c.place !== 'board') return '';
        const land = this.game.board.land.find(l => same(l.at, c.at));
        if (!land) return '';
        const [type] = land.stack[land.stack.length - 1], tt = this.rules.tile_types[type];
        return tt.areas > c.area ? `${['dark', 'medium', 'light'][tt.area_biome[c.area]]} area` : '';
    }
}

// An option's words without its payment ("buy a Trio").
export function unpaid(text) {
    const cut = text.indexOf(' paying ');
    return cut >= 0 ? text.slice(0, cut) : text;
}
