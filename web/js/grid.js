// The Power Grid: its cards laid out in the grid's own shape (level 1 at the
// bottom), each with its power's name, level and the letters of the seats
// holding it; hover or focus shows the card's text. At an unlock the cards
// that may be unlocked are lit and clicked.

import { h, seatLetter, withTip } from './ui.js';
import { seatColour, SEAT_INK } from './board.js';

// Which seats hold the card of each grid slot: unlocked there, or held from the start.
function holders(game) {
    const by = new Map(), add = (slot, p) => {
        if (!by.has(slot)) by.set(slot, []);
        if (!by.get(slot).includes(p)) by.get(slot).push(p);
    };
    game.player.forEach((pl, p) => {
        (pl.unlocked || []).forEach(slot => add(slot, p));
        const held = (game.options.hold && game.options.hold[p]) || [];
        game.supply.grid.forEach((card, slot) => { if (held.includes(card)) add(slot, p); });
    });
    return by;
}

export function cardWords(cards, rules, card, level) {
    const c = cards[card], name = c ? c.name : rules.power_cards[card].name;
    let t = level ? `${name}, level ${level}.` : `${name}.`;
    if (c && c.text) t += ' ' + c.text;
    if (c && c.ruling) t += '\nRuling: ' + c.ruling;
    return t;
}

// Fills `el` with the grid; `unlockable` is a set of slots, `onUnlock(slot)` their click.
export function renderGrid(el, rules, cards, game, unlockable, onUnlock) {
    const slots = rules.grid;
    let top = 4, cmin = -2, cmax = 2;
    for (const s of slots) { top = Math.max(top, s.row2); cmin = Math.min(cmin, s.column); cmax = Math.max(cmax, s.column); }
    el.style.gridTemplateColumns = `repeat(${cmax - cmin + 1}, minmax(0, 1fr))`;
    el.style.gridTemplateRows = `repeat(${top + 2}, minmax(0, 1fr))`;
    const by = holders(game);
    const items = slots.map((s, slot) => {
        const card = game.supply.grid[slot];
        const style = { gridColumn: `${s.column - cmin + 1}`, gridRow: `${top - s.row2 + 1} / span 2` };
        if (card === null || card === undefined)
            return h('div.card.empty', { style }, h('span.cname', {}, 'empty'), h('span.level', {}, 'L' + s.level));
        const name = cards[card] ? cards[card].name : rules.power_cards[card].name;
        const seats = by.get(slot) || [];
        const lit = unlockable.has(slot);
        const held = seats.length ? ' Held by ' + seats.map(seatLetter).join(', ') + '.' : '';
        const b = h('button.card' + (lit ? '.lit' : ''), {
            style, type: 'button', dataset: { slot },
            'aria-label': cardWords(cards, rules, card, s.level) + held + (lit ? ' You may unlock it.' : ''),
            onclick: lit ? () => onUnlock(slot) : null, 'aria-disabled': lit ? null : 'true',
        },
        h('span.cname', {}, name), h('span.level', {}, 'L' + s.level),
        h('span.holders', {}, seats.map(p => h('span.dot', { style: { background: seatColour(p), color: SEAT_INK[p % 5] } }, seatLetter(p)))));
        return withTip(b, () => cardWords(cards, rules, card, s.level) + held);
    });
    el.replaceChildren(h('h2.gridtitle', {}, 'Power Grid'), ...items);
}
