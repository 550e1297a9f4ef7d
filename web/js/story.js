// The story of the game in words (the server's chronicle): kept across
// states, since each state carries only the lines after `from`.

import { h, seatLetter, sentence } from './ui.js';
import { seatColour, SEAT_INK } from './board.js';

export class Story {
    constructor(el) {
        this.el = el;
        this.lines = [];
    }

    apply(story) {
        if (!story) return;
        if (story.from === 0 || story.from < this.lines.length) {
            this.lines.length = Math.min(this.lines.length, story.from);
            this.el.replaceChildren(...this.lines.map(line));
        }
        this.stick = this.stick || story.from === 0 || this.el.scrollHeight - this.el.scrollTop - this.el.clientHeight < 40;
        for (const l of story.lines) {
            this.lines.push(l);
            this.el.append(line(l));
        }
    }

    // Scrolls to the newest line if the reader was there (call after the
    // panel is laid out again).
    scroll() {
        if (this.stick) this.el.scrollTop = this.el.scrollHeight;
        this.stick = false;
    }
}

function line(l) {
    const badge = l.seat === null || l.seat === undefined ? null
        : h('span.dot', { style: { background: seatColour(l.seat), color: SEAT_INK[l.seat % 5] }, 'aria-hidden': 'true' },
            seatLetter(l.seat));
    return h('li.k-' + (l.kind || 'action'), {}, badge, ' ', sentence(l.text));
}
