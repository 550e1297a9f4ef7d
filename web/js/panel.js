// The panel beside the board: each seat (who, kind, live score with its
// breakdown, resources, critters in hand, crater, Caldera cards, volcanoes,
// powers), the supply, and the decision (whose, its question in words, what
// the pointer does, and a labelled button for every choice off the board).

import { h, seatLetter, seatName, sentence, withTip } from './ui.js';
import { seatColour, SEAT_INK } from './board.js';
import { CATEGORIES, PHASES, endReason } from './words.js';
import { BIOMES, CLASS_NAMES, UNO, TRIO } from './geom.js';

export const token = p => h('span.dot', { style: { background: seatColour(p), color: SEAT_INK[p % 5] }, 'aria-hidden': 'true' }, seatLetter(p));

const count = (pl, place) => pl.critters.filter(c => c.place === place).length;

// A seat's score: "23" or, with Caldera cards it may not see, "23+?".
export function scoreText(line) {
    return line.caldera === null ? `${line.total}+?` : String(line.total);
}

function scoreTip(state, p) {
    const l = state.scores.players[p], final = state.scores.final;
    return `${seatLetter(p)}'s score ${final ? 'at the end' : 'if the game ended now'}: ${scoreText(l)}.\n` +
        CATEGORIES.map(([k, name]) => `${name}: ${l[k] === null ? 'hidden' : l[k]}`).join('\n');
}

function cardName(ctx, c) { return ctx.cards[c] ? ctx.cards[c].name : ctx.rules.power_cards[c].name; }

function holdingsTip(ctx, p) {
    const g = ctx.state.game, pl = g.player[p];
    const held = (g.options.hold && g.options.hold[p]) || [];
    const powers = [...new Set([...held, ...(pl.unlocked || []).map(slot => g.supply.grid[slot])])]
        .filter(c => c !== null && c !== undefined);
    let t = 'Powers: ' + (powers.length ? powers.map(c => cardName(ctx, c)).join(', ') : 'none') + '.';
    t += `\nCaldera cards: ${pl.caldera.length}`;
    if (pl.caldera.some(c => c === null)) t += ' (hidden).';
    else t += pl.caldera.length ? ': ' + pl.caldera.map(c => `${cardName(ctx, c)} (${ctx.rules.power_cards[c].stars} stars)`).join(', ') + '.' : '.';
    t += `\nCrater: ${count(pl, 'crater')} of ${ctx.rules.crater_capacity}; critters in hand ${count(pl, 'hand')}, on land ${count(pl, 'board')}.`;
    return t;
}

function resources(values, label) {
    return h('span.res', { 'aria-label': label + ': ' + values.map((n, b) => `${n} ${BIOMES[b]}`).join(', ') },
        values.map((n, b) => h('span.sw.' + BIOMES[b], { title: BIOMES[b] }, String(n))));
}

export function renderSeats(el, ctx) {
    const { state } = ctx, g = state.game, over = state.status === 'over';
    el.replaceChildren(...g.player.map((pl, p) => {
        const info = state.seats[p] || {}, deciding = !over && state.decision.player === p;
        const kind = info.kind === 'bot' ? (info.bot || 'bot') + ' bot' : 'person' + (info.connected ? '' : info.taken ? ', away' : ', seat free');
        const who = [info.name && info.kind !== 'bot' ? info.name : null, kind, p === ctx.seat ? 'you' : null,
            deciding ? 'deciding' : null].filter(Boolean).join(' · ');
        const score = withTip(h('span.score', { tabindex: 0, 'aria-label': `score ${scoreText(state.scores.players[p])}` },
            '★ ' + scoreText(state.scores.players[p])), () => scoreTip(state, p));
        const more = withTip(h('span.more', { tabindex: 0 },
            `hand ${count(pl, 'hand')} · crater ${count(pl, 'crater')} · Caldera ${pl.caldera.length} · volcanoes ${pl.volcanoes}`),
        () => holdingsTip(ctx, p));
        const own = p === ctx.seat && pl.caldera.length && !pl.caldera.includes(null)
            ? h('div.own', {}, 'Your Caldera cards: ' + pl.caldera.map(c => cardName(ctx, c)).join(', ') + '.') : null;
        return h('div.seat' + (deciding ? '.deciding' : '') + (p === g.active && !over ? '.active' : ''),
            { style: { '--seat': seatColour(p) }, dataset: { seat: p } },
            h('div.row', {}, token(p), h('b.letter', {}, seatLetter(p)), h('span.who', {}, who), score),
            h('div.row', {}, resources(pl.resources, 'resources'), more), own);
    }));
}

export function renderSupply(el, ctx) {
    const g = ctx.state.game, s = g.supply, per = [0, 0, 0, 0, 0];
    s.tiles.forEach((n, t) => { per[ctx.rules.tile_types[t].tile_class] += n; });
    const land = per[UNO] + per[1] + per[TRIO];
    el.replaceChildren(
        h('div', {}, `Supply: ${land} land tiles (${per[UNO]} ${CLASS_NAMES[UNO]}, ${per[1]} ${CLASS_NAMES[1]}, ` +
            `${per[TRIO]} ${CLASS_NAMES[TRIO]}) · ${s.volcanoes} volcanoes · Caldera deck ${s.caldera_deck}.`),
        h('div', {}, 'Resources left: ', resources(s.resources, 'resources left')));
}

export function renderHeader(el, ctx, connection) {
    const g = ctx.state.game;
    const you = ctx.seat === null ? 'You are watching.' : `You play seat ${seatLetter(ctx.seat)}.`;
    el.replaceChildren(h('h1', {}, 'Volcanique'),
        h('span.turn', {}, ctx.state.status === 'over' ? 'The game is over' : `Turn ${g.turn} · ${PHASES[g.phase] || g.phase}`),
        h('span.you', {}, you), h('span.conn.' + connection, { role: 'status' }, connection === 'connected' ? '' : connection + '…'));
}

// The decision: `act(kind, value)` runs a button.
export function renderDecision(el, ctx, decider, act, sending) {
    const { state } = ctx, d = state.decision;
    const parts = [];
    if (state.status === 'over') {
        parts.push(h('p.head', {}, `Game over: ${endReason(ctx.rules, state.game.end_reason)}.`));
    } else {
        const whose = d.yours ? `${seatLetter(d.player)}, your decision` :
            `Waiting for ${seatName(d.player, state.seats[d.player])}`;
        parts.push(h('p.head', { style: { color: seatColour(d.player) } }, token(d.player), ' ', whose));
        parts.push(h('p.prompt', {}, sentence(d.prompt)));
        if (d.yours && sending) parts.push(h('p.hint', {}, 'Sent; waiting for the table…'));
        else if (d.yours) {
            if (decider.menu) parts.push(h('p.hint', {}, decider.menu.title));
            else parts.push(h('p.hint', {}, decider.hint()));
            if (decider.status) parts.push(h('p.status', { role: 'alert' }, decider.status));
            parts.push(h('div.buttons', {}, decider.buttons().map(b => h('button' + (b.primary ? '.primary' : '') + (b.on ? '.on' : ''), {
                type: 'button', dataset: b.act === 'option' || b.act === 'exact' ? { option: b.value, act: b.act } : { act: b.act, value: b.value },
                onclick: () => act(b.act, b.value),
            }, b.label))));
            parts.push(h('details.all', {}, h('summary', {}, `All ${decider.opts.length} options, as words`),
                h('ol', { start: 0 }, decider.opts.map(o => h('li', {}, h('button', {
                    type: 'button', dataset: { option: o.i, act: 'exact' }, onclick: () => act('exact', o.i),
                }, sentence(o.text)))))));
        }
    }
    el.replaceChildren(...parts);
}
