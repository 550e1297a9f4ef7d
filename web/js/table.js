// A table: one connection to /ws/TABLE that joins a seat (or watches), the
// last state the server sent, and the views drawn from it. The page keeps
// nothing else: a reload joins again with the link's token and gets
// everything back (docs/protocol.md, "A session, start to end").

import { Connection } from './net.js';
import { BoardView } from './board.js';
import { Decider } from './decide.js';
import { Story } from './story.js';
import { renderGrid } from './grid.js';
import { renderSeats, renderSupply, renderHeader, renderDecision } from './panel.js';
import { renderEnd } from './end.js';
import { h, hideTip, sentence } from './ui.js';
import { readGame } from './geom.js';

export class TableView {
    // link: {table, seat: number or null, token}
    constructor(root, link) {
        this.root = root;
        this.link = link;
        this.ctx = { seat: link.seat, rules: null, cards: [], state: null };
        this.connection = 'connecting';
        this.sending = false;
        this.endClosed = false;
        this.decider = new Decider(i => this.move(i));
        this.build();
        this.conn = new Connection('/ws/' + encodeURIComponent(link.table), {
            welcome: () => this.greet(),
            message: m => this.receive(m),
            status: s => { this.connection = s; document.body.dataset.connected = s; if (this.ctx.state) this.renderHeader(); },
        });
        this.conn.open();
        window.vq = this;   // for the browser tests and the bench: geometry and state
    }

    build() {
        const canvas = h('canvas', { role: 'img', 'aria-label': 'The island' });
        this.els = {
            canvas,
            boardwrap: h('section.boardwrap', { 'aria-label': 'The board' }, canvas),
            end: h('div.endscreen', { hidden: true }),
            grid: h('section.grid', { 'aria-label': 'Power Grid' }),
            header: h('header.head'),
            seats: h('section.seats', { 'aria-label': 'Seats' }),
            supply: h('section.supply'),
            decision: h('section.decision', { 'aria-live': 'polite', 'aria-label': 'Decision' }),
            story: h('ol.story', { 'aria-label': 'The story of the game' }),
            message: h('p.message', { role: 'alert', hidden: true }),
        };
        const e = this.els;
        e.boardwrap.append(e.end);
        this.root.replaceChildren(h('div.table', {}, e.boardwrap, e.grid,
            h('aside.panel', {}, e.header, e.message, e.decision, e.seats, e.supply, h('h2.storytitle', {}, 'Story'), e.story)));
        this.board = new BoardView(canvas);
        this.story = new Story(e.story);
        this.resizer = new ResizeObserver(() => this.resize());
        this.resizer.observe(e.boardwrap);
        this.pointerEvents(canvas);
        document.body.dataset.view = 'table';
        document.body.dataset.seat = this.link.seat === null ? 'spectator' : String(this.link.seat);
    }

    greet() {
        this.sending = false;
        if (this.link.seat === null) this.conn.send({ type: 'watch', table: this.link.table });
        else this.conn.send({ type: 'join', table: this.link.table, seat: this.link.seat, token: this.link.token });
    }

    receive(m) {
        switch (m.type) {
        case 'joined': case 'watching':
            document.body.dataset.joined = m.type;
            break;
        case 'rules':
            this.ctx.rules = m.rules;
            this.ctx.cards = m.cards || [];
            break;
        case 'state':
            this.applyState(m);
            break;
        case 'error':
            this.showError(m);
            break;
        default:
            break;
        }
    }

    showError(m) {
        if (m.code === 'stale_decision' || m.code === 'not_your_turn') return;   // the next state says what happened
        if (this.sending && this.ctx.state) this.decider.reset(this.ctx.state, this.ctx.rules);   // refused: choose again
        this.sending = false;
        const e = this.els.message;
        e.textContent = m.message ? sentence(m.message) : 'Error: ' + m.code + '.';
        if (m.code === 'bad_token' || m.code === 'no_such_table' || m.code === 'bad_seat')
            e.textContent += ' Check the link you were sent, or go back to the lobby.';
        e.hidden = false;
        document.body.dataset.error = m.code;
        if (this.ctx.state) this.renderDecision();
    }

    applyState(raw) {
        if (!this.ctx.rules) return;
        const s = { ...raw, game: readGame(raw.game) }, first = !this.ctx.state;
        this.ctx.state = s;
        this.sending = false;
        this.els.message.hidden = true;
        this.story.apply(s.story);
        this.decider.reset(s, this.ctx.rules);
        const places = s.decision.yours ? s.decision.options.filter(o => o.at).map(o => o.at) : [];
        this.board.set(this.ctx.rules, s.game, places);
        if (first) this.resize();
        this.renderAll();
        const b = document.body.dataset;
        b.status = s.status;
        b.decision = String(s.decision.id);
        b.yours = String(!!s.decision.yours);
        b.kind = s.decision.kind;
    }

    renderHeader() { renderHeader(this.els.header, this.ctx, this.connection); }

    renderDecision() {
        renderDecision(this.els.decision, this.ctx, this.decider, (a, v) => this.act(a, v), this.sending);
        document.body.dataset.held = String(this.decider.heldType);
        document.body.dataset.rot = String(this.decider.heldRot);
        document.body.dataset.picked = String(this.decider.picked);
        document.body.dataset.menu = this.decider.menu ? 'open' : '';
    }

    renderAll() {
        const c = this.ctx;
        hideTip();   // its element is about to be replaced
        this.renderHeader();
        renderSeats(this.els.seats, c);
        renderSupply(this.els.supply, c);
        renderGrid(this.els.grid, c.rules, c.cards, c.state.game, this.decider.unlockable(), slot => this.act('unlock', slot));
        this.renderDecision();
        this.story.scroll();
        if (c.state.status === 'over' && !this.endClosed) renderEnd(this.els.end, c, () => { this.endClosed = true; this.els.end.hidden = true; });
        this.redraw();
    }

    // Sends option i of the pending decision; the next state shows its effect.
    move(i) {
        const s = this.ctx.state;
        if (this.sending || !s || !s.decision.yours) return;
        if (this.conn.send({ type: 'move', decision: s.decision.id, option: i }) === null) return;
        this.sending = true;
        document.body.dataset.sent = `${s.decision.id}:${i}`;
        this.decider.clear();
        this.renderDecision();
        this.redraw();
    }

    act(kind, value) {
        const d = this.decider;
        if (this.sending) return;
        if (kind === 'option') d.pick(value);
        else if (kind === 'exact') d.pickExact(value);
        else if (kind === 'hold') d.hold(value);
        else if (kind === 'turn') d.turn(value);
        else if (kind === 'unlock') d.unlock(value);
        else if (kind === 'drop') d.picked = -1;
        else if (kind === 'cancel') { d.menu = null; d.status = ''; }
        if (!this.sending) { this.renderDecision(); this.redraw(); }
    }

    resize() {
        const r = this.els.boardwrap.getBoundingClientRect();
        this.board.resize(Math.floor(r.width), Math.floor(r.height), window.devicePixelRatio || 1);
        this.redraw();
    }

    redraw() {
        if (this.frame) return;
        this.frame = requestAnimationFrame(() => {
            this.frame = 0;
            this.board.marks = this.sending ? null : this.decider.marks();
            this.board.draw();
        });
    }

    local(ev) {
        const r = this.els.canvas.getBoundingClientRect();
        return [ev.clientX - r.left, ev.clientY - r.top];
    }

    pointerEvents(canvas) {
        const d = this.decider;
        canvas.addEventListener('pointermove', ev => {
            const [x, y] = this.local(ev);
            this.board.pointer = [x, y];
            const cell = this.board.cellAt(x, y);
            this.board.hover = cell;
            if (d.active()) {
                const rot = d.heldRot;
                d.pointerOver(cell);
                if (rot !== d.heldRot) document.body.dataset.rot = String(d.heldRot);
            }
            this.redraw();
        });
        canvas.addEventListener('pointerleave', () => { this.board.pointer = this.board.hover = null; d.pointerOver(null); this.redraw(); });
        canvas.addEventListener('pointerdown', ev => {
            if (ev.button !== 0 || !d.active() || this.sending) return;
            const [x, y] = this.local(ev), cell = this.board.cellAt(x, y);
            // The last presses, what they hit and what was held: for the browser tests' reports.
            this.presses = [...(this.presses || []).slice(-5), { x: ev.clientX, y: ev.clientY, cell,
                area: this.board.areaAt(cell[0], cell[1], x, y), picked: d.picked, decision: d.decisionId }];
            this.board.pointer = [x, y];
            if (ev.pointerType !== 'mouse' && d.heldType >= 0 && !(d.hover && d.hover[0] === cell[0] && d.hover[1] === cell[1])) {
                d.pointerOver(cell);   // a finger has no hover: the first tap shows the tile there, the next places it
                this.board.hover = cell;
                this.renderDecision();
                this.redraw();
                return;
            }
            d.pointerOver(cell);
            d.press(this.board, x, y);
            if (!this.sending) this.renderDecision();
            this.redraw();
        });
        canvas.addEventListener('pointerup', ev => {
            if (ev.button !== 0 || !d.active() || this.sending) return;
            const [x, y] = this.local(ev);
            d.release(this.board, x, y);
            if (!this.sending) this.renderDecision();
            this.redraw();
        });
        canvas.addEventListener('wheel', ev => {
            if (d.heldType < 0 || this.sending) return;
            ev.preventDefault();
            d.turn(ev.deltaY > 0 ? 1 : -1);
            this.renderDecision();
            this.redraw();
        }, { passive: false });
        canvas.addEventListener('contextmenu', ev => {
            ev.preventDefault();
            this.act(d.menu ? 'cancel' : 'drop');
        });
        this.keys = ev => {
            if (ev.target.closest && ev.target.closest('input, select, textarea')) return;
            if (ev.key === 'r' || ev.key === 'R') this.act('turn', ev.shiftKey ? -1 : 1);
            else if (ev.key === 'Escape') this.act(d.menu ? 'cancel' : 'drop');
        };
        window.addEventListener('keydown', this.keys);
    }

    // Where to click, in whole page pixels, to hit area `area` (or any part
    // when area is undefined or -1) of the face of (q, r): the critter's spot
    // or the centre if the hit test gives it back, else the first point of a
    // sweep over the face that does, preferring one at least two pixels inside
    // the place; null when the face is hidden. For the browser tests.
    pointFor(q, r, area) {
        const b = this.board, [fx, fy] = b.face(q, r), s = b.size;
        const wanted = area !== undefined && area >= 0;
        const tries = [wanted ? b.areaPoint(q, r, area) : [fx, fy]];
        for (let j = -3; j <= 3; j++)
            for (let i = -3; i <= 3; i++) tries.push([fx + i * s * 0.25, fy + j * s * 0.27]);
        const rect = this.els.canvas.getBoundingClientRect();
        const hits = (x, y) => {
            if (x < 1 || y < 1 || x > b.w - 1 || y > b.h - 1) return false;
            const c = b.cellAt(x, y);
            return c[0] === q && c[1] === r && (!wanted || b.areaAt(q, r, x, y) === area);
        };
        // A whole page pixel whose neighbours two pixels away hit the same
        // place too: a mouse event's coordinates may be rounded, and a point
        // on the edge of a face or an area could then land on its neighbour.
        const page = ([x, y]) => [Math.round(rect.left + x), Math.round(rect.top + y)];
        const firm = ([px, py]) => {
            const x = px - rect.left, y = py - rect.top;
            return [[0, 0], [2, 0], [-2, 0], [0, 2], [0, -2]].every(([dx, dy]) => hits(x + dx, y + dy));
        };
        let loose = null;
        for (const t of tries) {
            const pt = page(t);
            if (firm(pt)) return pt;
            if (!loose && hits(pt[0] - rect.left, pt[1] - rect.top)) loose = pt;
        }
        return loose;
    }

    destroy() {
        this.conn.close();
        this.resizer.disconnect();
        window.removeEventListener('keydown', this.keys);
        hideTip();
        if (window.vq === this) window.vq = null;
    }
}
