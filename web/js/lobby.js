// The lobby: the open tables (take a free seat, or watch), and a new table
// with its seats (a person or a bot each), variant, set-up and the mods the
// host offers. A created table's links are shown to be opened here or sent
// to friends; the page keeps the links of the tables it created.

import { Connection } from './net.js';
import { h, seatLetter } from './ui.js';
import { token } from './panel.js';
import { variantName } from './words.js';

const KEPT = 'volcanique.tables';

// Opens a link the server wrote: in this page when it is this server's.
export function openLink(link) {
    const u = new URL(link, location.href);
    if (u.origin === location.origin) location.hash = u.hash;
    else location.href = u.href;
}

function kept() {
    try { return JSON.parse(localStorage.getItem(KEPT) || '[]'); } catch (e) { return []; }
}

export class Lobby {
    constructor(root) {
        this.root = root;
        this.offer = null;
        this.pending = new Map();   // request id -> what it was for
        this.els = {
            tables: h('div.tables', {}, h('p', {}, 'Connecting to the server…')),
            form: h('form.create', { onsubmit: e => { e.preventDefault(); this.create(); } }),
            created: h('section.created', { hidden: true, 'aria-live': 'polite' }),
            message: h('p.message', { role: 'alert', hidden: true }),
            mine: h('section.mine'),
        };
        const e = this.els;
        root.replaceChildren(h('main.lobby', {},
            h('h1', {}, 'Volcanique'),
            h('p.lead', {}, 'Stack tiles, claim biomes with your critters, set off volcanoes. Start a table and send your friends their seat\'s link, or take a free seat below.'),
            e.message, e.created,
            h('section', { 'aria-label': 'New table' }, h('h2', {}, 'A new table'), e.form),
            h('section', { 'aria-label': 'Open tables' }, h('h2', {}, 'Open tables'),
                h('button', { type: 'button', onclick: () => this.list() }, 'Look again.'), e.tables),
            e.mine));
        document.body.dataset.view = 'lobby';
        this.renderMine();
        this.conn = new Connection('/ws', {
            welcome: w => { this.offer = w.offer; this.renderForm(); this.list(); document.body.dataset.lobby = 'ready'; },
            message: m => this.receive(m),
        });
        this.conn.open();
        this.timer = setInterval(() => this.list(), 15000);
    }

    list() { this.request({ type: 'list' }, 'list'); }

    request(msg, what) {
        const id = this.conn.send(msg);
        if (id !== null) this.pending.set(id, what);
    }

    receive(m) {
        const what = this.pending.get(m.re);
        this.pending.delete(m.re);
        if (m.type === 'tables') this.renderTables(m.tables);
        else if (m.type === 'created') this.created(m);
        else if (m.type === 'claimed') openLink(m.link);
        else if (m.type === 'error') this.say(`${what === 'create' ? 'The table was not created: ' : ''}${m.message || m.code}.`);
    }

    say(text) {
        this.els.message.textContent = text;
        this.els.message.hidden = !text;
    }

    renderForm() {
        const o = this.offer, f = this.els.form;
        const players = h('select', { name: 'players', id: 'players', onchange: () => this.renderSeats() });
        for (let n = o.players[0]; n <= o.players[1]; n++) players.append(h('option', { value: n, selected: n === 3 }, `${n} players`));
        this.seatsEl = h('fieldset.seats', {}, h('legend', {}, 'Who sits where'));
        const variant = h('select', { name: 'variant', id: 'variant' }, h('option', { value: '' }, "The rules' default"),
            o.variants.map(v => h('option', { value: v }, variantName(v))));
        const mods = o.mods.length ? h('fieldset.mods', {}, h('legend', {}, 'Mods this server offers'),
            o.mods.map(m => h('label', {}, h('input', { type: 'checkbox', name: 'mod', value: m.name }),
                ` ${m.name} ${m.version}: ${m.description}`)))
            : h('p.note', {}, 'This server offers no mods.');
        f.replaceChildren(
            h('label', { for: 'players' }, 'Players: '), players,
            this.seatsEl,
            h('p', {}, h('label', { for: 'variant' }, 'Variant (3 to 5 players): '), variant),
            h('fieldset.setup', {}, h('legend', {}, 'Set-up'),
                h('label', {}, h('input', { type: 'radio', name: 'setup', value: '1', checked: true }), ' Set-up variation 1.'),
                h('label', {}, h('input', { type: 'radio', name: 'setup', value: '2' }), ' Set-up variation 2.')),
            mods,
            h('p', {}, h('label', {}, h('input', { type: 'checkbox', name: 'public', id: 'public' }),
                ' List the table among the open tables, so anyone who opens this server may take a free seat (leave it off to play only with those you send links to).')),
            h('details.advanced', {}, h('summary', {}, 'Rule prototyping: powers dealt and held'),
                h('p', {}, h('label', { for: 'deal' }, 'Deal these powers to the Power Grid first (names, comma separated): '),
                    h('input', { id: 'deal', name: 'deal', type: 'text', size: 40 })),
                this.holdsEl = h('div.holds')),
            h('p', {}, h('button.primary', { type: 'submit', id: 'create' }, 'Create the table.')));
        this.renderSeats();
    }

    renderSeats() {
        const n = Number(this.els.form.elements.players.value);
        const old = [...this.seatsEl.querySelectorAll('.seatrow')].map(r => [r.querySelector('select').value, r.querySelector('input').value]);
        const bots = this.offer.bots;
        const rows = [];
        for (let p = 0; p < n; p++) {
            const [kind, name] = old[p] || [p === n - 1 && n > 2 ? 'greedy' : 'person', ''];
            rows.push(h('div.seatrow', {}, token(p), h('label', { for: 'kind' + p }, ` Seat ${seatLetter(p)}: `),
                h('select', { id: 'kind' + p, name: 'kind' + p },
                    h('option', { value: 'person', selected: kind === 'person' }, 'a person'),
                    bots.map(b => h('option', { value: b, selected: kind === b }, `the ${b} bot`))),
                h('input', { type: 'text', id: 'name' + p, name: 'name' + p, maxlength: 32, placeholder: 'name (optional)', value: name,
                    'aria-label': `Seat ${seatLetter(p)}'s name` })));
        }
        this.seatsEl.replaceChildren(h('legend', {}, 'Who sits where'), ...rows);
        this.holdsEl.replaceChildren(...[...Array(n).keys()].map(p => h('p', {},
            h('label', { for: 'hold' + p }, `Seat ${seatLetter(p)} holds these powers from the start: `),
            h('input', { id: 'hold' + p, name: 'hold' + p, type: 'text', size: 40 }))));
    }

    create() {
        const f = this.els.form.elements, n = Number(f.players.value);
        const names = s => s.split(',').map(x => x.trim()).filter(Boolean);
        const msg = { type: 'create', players: n, seats: [], setup: Number(f.setup.value), public: f.public.checked };
        const hold = {};
        for (let p = 0; p < n; p++) {
            const kind = f['kind' + p].value, name = f['name' + p].value.trim();
            msg.seats.push(kind === 'person' ? { kind: 'person', ...(name && { name }) } : { kind: 'bot', bot: kind, ...(name && { name }) });
            const held = names(f['hold' + p].value);
            if (held.length) hold[String(p)] = held;
        }
        if (f.variant.value && n >= 3) msg.variant = f.variant.value;
        const mods = [...this.els.form.querySelectorAll('input[name=mod]:checked')].map(i => i.value);
        if (mods.length) msg.mods = mods;
        if (names(f.deal.value).length) msg.deal = names(f.deal.value);
        if (Object.keys(hold).length) msg.hold = hold;
        this.say('');
        this.request(msg, 'create');
    }

    created(m) {
        const list = kept().filter(t => t.table !== m.table);
        list.unshift({ table: m.table, watch: m.watch, seats: m.seats, when: Date.now() });
        try { localStorage.setItem(KEPT, JSON.stringify(list.slice(0, 8))); } catch (e) { /* private mode: nothing kept */ }
        const e = this.els.created;
        e.replaceChildren(h('h2', {}, `Your table ${m.table} is ready`),
            h('p', {}, 'Open your seat here, and send each friend their own seat\'s link: whoever holds a link plays that seat.'),
            links(m), h('p', {}, 'Anyone may watch with this link: ', h('a', { href: m.watch, class: 'watch' }, m.watch)));
        e.hidden = false;
        document.body.dataset.created = m.table;
        this.renderMine();
        this.list();
        e.scrollIntoView({ block: 'start' });
    }

    renderTables(tables) {
        const e = this.els.tables;
        if (!tables.length) { e.replaceChildren(h('p', {}, 'No open table just now. Start one above.')); return; }
        e.replaceChildren(h('ul', {}, tables.map(t => h('li.tablerow', { dataset: { table: t.table } },
            h('b', {}, `Table ${t.table}`), `: ${t.players} players`, t.variant ? `, ${variantName(t.variant)}` : '',
            `, set-up ${t.setup}`, t.mods.length ? `, mods ${t.mods.join(', ')}` : '', `, ${t.status} (turn ${t.turn}). `,
            h('span.seatlist', {}, t.seats.map(s => h('span.seatcell', {}, token(s.seat), ` ${seatLetter(s.seat)}: `,
                s.kind === 'bot' ? `${s.bot || s.name} bot`
                    : s.taken ? `${s.name || 'a person'}${s.connected ? '' : ' (away)'}`
                        : h('button', { type: 'button', onclick: () => this.request({ type: 'claim', table: t.table, seat: s.seat }, 'claim') },
                            `Take seat ${seatLetter(s.seat)}.`), ' '))),
            h('a.button', { href: `#table=${t.table}` }, 'Watch.')))));
    }

    renderMine() {
        const list = kept();
        this.els.mine.replaceChildren(...(list.length ? [h('h2', {}, 'Tables you created here'),
            h('ul', {}, list.map(t => h('li', {}, h('b', {}, `Table ${t.table}`), links(t))))] : []));
    }

    destroy() {
        clearInterval(this.timer);
        this.conn.close();
    }
}

// A created table's seats: play here, or copy the link to send.
function links(m) {
    return h('ul.links', {}, m.seats.map(s => h('li', { dataset: { seat: s.seat } }, token(s.seat), ` Seat ${seatLetter(s.seat)}: `,
        s.kind === 'bot' ? `the ${s.bot} bot.` : [
            h('button.primary', { type: 'button', dataset: { play: s.seat }, onclick: () => openLink(s.link) }, `Play seat ${seatLetter(s.seat)} here.`), ' ',
            h('button', { type: 'button', onclick: ev => copy(s.link, ev.target) }, 'Copy the link.'), ' ',
            h('input.link', { type: 'text', readonly: true, value: s.link, size: 50, 'aria-label': `Seat ${seatLetter(s.seat)}'s link` })])));
}

function copy(text, button) {
    const done = () => { button.textContent = 'Copied.'; };
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).then(done, () => {});
    else {
        const i = button.parentElement.querySelector('input');
        i.select();
        try { document.execCommand('copy'); done(); } catch (e) { /* the link stays selected to copy by hand */ }
    }
}
