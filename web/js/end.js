// The end screen: the final scores category by category, the winners (ties
// share the win), over the board; "Show the board" hides it.

import { h, seatLetter, seatName } from './ui.js';
import { CATEGORIES, endReason } from './words.js';
import { token } from './panel.js';

export function renderEnd(el, ctx, onClose) {
    const s = ctx.state, sc = s.scores, n = s.game.player.length;
    const winners = sc.winners.map(p => seatName(p, s.seats[p]));
    const seats = [...Array(n).keys()];
    const headline = winners.length === 1 ? `${winners[0]} wins.` : `${winners.join(' and ')} share the win.`;
    el.replaceChildren(h('div.endbox', { role: 'dialog', 'aria-label': 'The end of the game' },
        h('h2', {}, 'The game is over'),
        h('p', {}, `It ended because ${endReason(ctx.rules, s.game.end_reason)}. ${headline}`),
        h('table.scores', {},
            h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Category'),
                seats.map(p => h('th', { scope: 'col' }, token(p), ' ', seatLetter(p))))),
            h('tbody', {},
                CATEGORIES.map(([k, name]) => h('tr', {}, h('th', { scope: 'row' }, name),
                    seats.map(p => h('td', {}, String(sc.players[p][k] ?? '?'))))),
                h('tr.total', {}, h('th', { scope: 'row' }, 'Total'),
                    seats.map(p => h('td' + (sc.winners.includes(p) ? '.win' : ''), {},
                        String(sc.players[p].total), sc.winners.includes(p) ? ' ★ wins' : ''))))),
        h('div.buttons', {},
            h('button', { type: 'button', onclick: onClose }, 'Show the board.'),
            h('a.button', { href: '#' }, 'Back to the lobby.'))));
    el.hidden = false;
}
