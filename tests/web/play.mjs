// The web client in a real browser (Debian's Chromium, headless): a lobby
// page creates a 3-player table (two people, the greedy bot), two pages play
// the people's seats with the mouse alone (one of them phone-sized), a third
// page watches, to the end screen. On the way: one page is reloaded and must
// be back in its seat, the spectator must never receive a hand, and
// screenshots of the lobby, a power question and the end screen are written
// to build/web/. Every wait is bounded and waits for what the page or the
// server announces. Prints one line per test, then "N passed, N failed".
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, startServer, stopServer, launch, tempDir } from './browser.mjs';

const SHOTS = path.join(ROOT, 'build/web');
const WAIT = 60000;           // the longest any one step may take
const MAX_MOVES = 3000;       // a game is about 300 decisions; this bounds the loop
const V = { PASS: 0, TILE: 1, CRITTER: 2, MOVE: 3, MIGRATE: 5, RETURN: 6, KEEP: 7, TARGET: 8, UNLOCK: 9, EVACUATE: 10,
    SACRIFICE: 11, SACRIFICE_HAND: 12, CHOOSE: 14, ACTION: 16 };

const results = [];
const shots = { tile: false };
function check(name, ok, why) {
    results.push({ name, ok: !!ok });
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${ok || !why ? '' : ': ' + why}`);
}

// A small seeded generator, so a run's choices can be told again.
function random(seed) {
    let s = seed >>> 0;
    return n => {
        s = (s + 0x6D2B79F5) >>> 0;
        let t = Math.imul(s ^ (s >>> 15), 1 | s);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
    };
}

const body = (page, name) => page.evaluate(n => document.body.dataset[n], name);

// What each page announces on its body's data attributes (status, decision,
// yours, sent, rot...), pushed to the test on every change.
class Announced {
    constructor(page) {
        this.page = page;
        this.data = {};
        this.waiters = new Set();
    }

    async start() {
        await this.page.exposeFunction('vqAnnounce', json => {
            this.data = JSON.parse(json);
            for (const w of [...this.waiters]) w();
        });
        await this.page.addInitScript(() => {
            const send = () => document.body && window.vqAnnounce(JSON.stringify(document.body.dataset));
            new MutationObserver(list => { if (list.some(m => m.target === document.body)) send(); })
                .observe(document, { attributes: true, subtree: true });
            addEventListener('DOMContentLoaded', send);
        });
    }

    // Resolves with the announced data once pred(data) holds; rejects after ms.
    until(pred, what, ms = WAIT) {
        if (pred(this.data)) return Promise.resolve(this.data);
        return new Promise((resolve, reject) => {
            const done = () => { if (pred(this.data)) { clearTimeout(t); this.waiters.delete(done); resolve(this.data); } };
            const t = setTimeout(() => { this.waiters.delete(done); reject(new Error(`waited ${ms} ms for ${what}; the page shows ${JSON.stringify(this.data)}`)); }, ms);
            this.waiters.add(done);
        });
    }
}

// The page's turn: its decision, not yet answered, or the game over.
const myTurn = d => d.status === 'over' || (d.yours === 'true' && !(d.sent || '').startsWith(d.decision + ':'));

// The page's pending decision, as the page holds it.
function decision(page) {
    return page.evaluate(() => {
        const v = window.vq, s = v && v.ctx.state;
        if (!s) return null;
        const d = v.decider;
        return { id: s.decision.id, kind: s.decision.kind, yours: s.decision.yours, status: s.status,
            opts: d.opts.map(o => ({ i: o.i, verb: o.verb, sub: o.sub, subject: o.subject, cell: o.cell, at: o.at, text: o.text,
                group: d.group[o.i], critter: d.choiceCritter(o) })),
            heldType: d.heldType, picked: d.picked, autoPicked: d.autoPicked, sending: v.sending };
    });
}

// Where critter `id` stands: {q, r, area, onLand}.
function critterSpot(page, id) {
    return page.evaluate(id => {
        const c = window.vq.decider.critter(id);
        return c && c.at ? { q: c.at[0], r: c.at[1], area: c.area, onLand: c.place === 'board' } : null;
    }, id);
}

// A point of (q, r) to click, the board scrolled into view first (on a phone
// the panel's buttons may have taken the page down).
function boardPoint(page, q, r, area) {
    return page.evaluate(([q, r, a]) => {
        window.vq.els.canvas.scrollIntoView({ block: 'nearest' });
        return window.vq.pointFor(q, r, a === null ? undefined : a);
    }, [q, r, area === undefined ? null : area]);
}

const clicks = new WeakMap();   // page -> the last points clicked on its board, for reports

// What a failed move report adds: the critter held before, the points
// clicked and the presses the page saw.
async function clickReport(page, d) {
    return `picked before: ${d.picked}; clicked: ${JSON.stringify(clicks.get(page) || [])}; the page's presses: ` +
        JSON.stringify(await page.evaluate(() => window.vq.presses || []));
}

async function clickAt(page, q, r, area) {
    const pt = await boardPoint(page, q, r, area);
    if (!pt) throw new Error(`no visible point of (${q},${r}) area ${area}`);
    clicks.set(page, [...(clicks.get(page) || []).slice(-5), { q, r, area, x: pt[0], y: pt[1] }]);
    await page.mouse.click(pt[0], pt[1]);
}

async function clickButton(page, selector) {
    await page.locator(selector).first().click({ timeout: WAIT });
}

// Turns the tile in hand with the wheel until it is turned `rot`, the pointer over (q, r).
async function turnTo(page, q, r, rot) {
    const pt = await boardPoint(page, q, r);
    if (!pt) throw new Error(`no visible point of (${q},${r})`);
    await page.mouse.move(pt[0], pt[1]);
    for (let k = 0; k < 7 && Number(await body(page, 'rot')) !== rot; k++) {
        const before = await body(page, 'rot');
        await page.mouse.wheel(0, 120);
        await page.waitForFunction(b => document.body.dataset.rot !== b, before, { timeout: 5000, polling: 'raf' })
            .catch(() => { throw new Error(`the wheel left the tile turned ${before}, wanted ${rot}`); });
    }
    if (Number(await body(page, 'rot')) !== rot) throw new Error(`the wheel never turned the tile to ${rot}`);
    if (!shots.tile && page.viewportSize().width > 800 && await body(page, 'kind') === 'place') {
        shots.tile = true;   // the bought tile over its place, before the click
        await page.evaluate(() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))));
        await page.screenshot({ path: path.join(SHOTS, 'tile.png') });
    }
    await page.mouse.click(pt[0], pt[1]);
}

// Does option o the way a person does it with the mouse.
async function perform(page, d, o) {
    const leader = `.decision .buttons button[data-act="option"][data-option="${o.group}"]`;
    if (o.verb === V.TILE) {
        if (d.heldType !== o.subject) await clickButton(page, `.decision .buttons button[data-act="hold"][data-value="${o.subject}"]`);
        await turnTo(page, o.cell[0], o.cell[1], o.sub);
    } else if (o.verb === V.CRITTER) {
        await clickAt(page, o.cell[0], o.cell[1], o.sub);
    } else if (o.verb === V.MOVE || o.verb === V.MIGRATE || o.verb === V.EVACUATE) {
        if (d.picked !== o.subject) {
            const c = await critterSpot(page, o.subject);
            await clickAt(page, c.q, c.r, c.onLand ? c.area : undefined);
        }
        await clickAt(page, o.cell[0], o.cell[1], o.sub);
    } else if ((o.verb === V.RETURN || o.verb === V.KEEP || o.verb === V.SACRIFICE || o.critter >= 0) && o.at) {
        // The critter named (by the option, or by a question's choice) is
        // clicked. One on a tile just covered stands on an area the new top
        // tile lacks: then any point of the hex will do (a menu may ask).
        const c = await critterSpot(page, o.critter >= 0 ? o.critter : o.subject);
        const exact = c.onLand && await boardPoint(page, c.q, c.r, c.area);
        await clickAt(page, c.q, c.r, exact ? c.area : undefined);
    } else if (o.verb === V.UNLOCK) {
        await clickButton(page, `.grid .card.lit[data-slot="${o.subject}"]`);
    } else if (o.at && (o.verb === V.TARGET || o.verb === V.CHOOSE)) {
        await clickAt(page, o.at[0], o.at[1]);
    } else {
        await clickButton(page, leader);
    }
    // Several choices at one place, or several ways to pay: the menu asks.
    if (await body(page, 'menu') === 'open')
        await clickButton(page, `.decision .buttons button[data-act="exact"][data-option="${o.i}"]`);
}

// Chooses an option by the seeded generator: a power's question or action
// whenever there is one (to meet the questions), else mostly one that keeps
// critters on the board (no pass, no sacrifice), sometimes any.
function choose(d, pick) {
    const asks = d.opts.filter(o => o.verb === V.CHOOSE || o.verb === V.ACTION);
    const busy = d.opts.filter(o => o.verb !== V.PASS && o.verb !== V.SACRIFICE && o.verb !== V.SACRIFICE_HAND);
    const from = asks.length ? asks : busy.length && pick(4) ? busy : d.opts;
    return from[pick(from.length)];
}

async function playTurn(p, log) {
    const { page, name, pick, seen } = p;
    await page.bringToFront();   // the window the person plays in
    const d = await decision(page);
    const o = choose(d, pick);
    const t0 = Date.now();
    try {
        await perform(page, d, o);
    } catch (e) {
        e.message = `${name}, decision ${d.id}, option ${o.i} (${o.text}): ${e.message}`;
        throw e;
    }
    const t1 = Date.now();
    const data = await seen.until(x => (x.sent || '').startsWith(d.id + ':'), `${name} to send a move`)
        .catch(async e => {
            await page.screenshot({ path: path.join(SHOTS, 'failure.png') });
            e.message += `; meant option ${o.i} (${JSON.stringify(o)}); ${await clickReport(page, d)}; ` +
                `the panel says: ${await page.$eval('.decision', x => x.innerText.slice(0, 600))}`;
            throw e;
        });
    if (data.sent !== `${d.id}:${o.i}`)
        throw new Error(`${name} meant option ${o.i} (${o.text}) of decision ${d.id}, the mouse sent ${data.sent}; ` +
            `the options: ${JSON.stringify(d.opts.slice(0, 12))}; ${await clickReport(page, d)}`);
    await seen.until(x => x.decision !== String(d.id) || x.status === 'over', `${name}'s move to be taken`);
    log.push(`${name} ${d.id}: ${o.text} (${t1 - t0} + ${Date.now() - t1} ms)`);
    return d;
}

// The first page whose turn it is, or null when every page shows the game over.
async function nextTurn(pages) {
    for (;;) {
        if (pages.every(p => p.seen.data.status === 'over')) return null;
        const p = pages.find(p => p.seen.data.status !== 'over' && myTurn(p.seen.data));
        if (p) return p;
        const playing = pages.filter(p => p.seen.data.status !== 'over');
        await Promise.race(playing.map(p => p.seen.until(d => myTurn(d), `${p.name}'s turn`)));
    }
}

function spectatorWatch(page, seen) {
    page.on('websocket', ws => ws.on('framereceived', f => {
        let m;
        try { m = JSON.parse(f.payload); } catch (e) { seen.bad.push('a frame that is not JSON'); return; }
        if (m.type !== 'state') return;
        seen.states++;
        if (m.seat !== null) seen.bad.push(`state with seat ${m.seat}`);
        if (m.decision.yours || m.decision.options.length) seen.bad.push(`decision ${m.decision.id} with options`);
        m.game.player.forEach((pl, p) => pl.caldera.forEach(c => {
            if (c !== null) seen.bad.push(`seat ${p}'s Caldera card ${c} at decision ${m.decision.id}`);
        }));
        if (m.status === 'over') seen.over = true;
    }));
}

// A screenshot of the page in front, the pointer off the board and panel
// so no tooltip or hover mark is in it.
async function shot(page, name) {
    await page.bringToFront();
    const spot = await page.$eval('.head h1', e => { const r = e.getBoundingClientRect(); return [r.left + 2, r.top + 2]; });
    await page.mouse.move(spot[0], spot[1]);
    await page.evaluate(() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: path.join(SHOTS, name) });
}

async function lobby(page, url) {
    await page.goto(url);
    await page.waitForFunction(() => document.body.dataset.lobby === 'ready', null, { timeout: WAIT });
    await page.fill('#name0', 'Ann');
    await page.fill('#name1', 'Bo');
    await page.selectOption('#kind2', 'greedy');
    await page.check('input[name=mod][value=scouting_critters]');
    await page.click('details.advanced summary');
    await page.fill('#hold0', 'Scouting critters');
    await page.fill('#hold1', 'Scouting critters');
    await page.check('#public');
    await page.screenshot({ path: path.join(SHOTS, 'lobby.png') });
    await page.click('#create');
    await page.waitForFunction(() => document.body.dataset.created, null, { timeout: WAIT });
    await page.screenshot({ path: path.join(SHOTS, 'lobby-created.png'), fullPage: true });
    const links = await page.$$eval('.created .links li input.link', l => l.map(i => i.value));
    const watch = await page.$eval('.created a.watch', a => a.href);
    const table = await body(page, 'created');
    await page.waitForSelector(`.tables .tablerow[data-table="${table}"]`, { timeout: WAIT });   // listed: it is public
    return { links, watch };
}

async function main() {
    fs.mkdirSync(SHOTS, { recursive: true });
    const dir = tempDir('vq-web');
    const { url, child } = await startServer(dir, ['--mods', 'scouting_critters']);
    const browser = await launch(dir);
    const log = [];
    try {
        const a = await browser.newPage(), b = await browser.newPage();
        const seenA = new Announced(a), seenB = new Announced(b);
        await seenA.start();
        await seenB.start();
        const errors = [];
        const { links, watch } = await lobby(a, url);
        check('the lobby creates a public 3-player table, lists it and shows a link per person seat', links.length === 2 && watch.includes('#table='),
            JSON.stringify(links));
        await a.click('.created button[data-play="0"]');
        await b.setViewportSize({ width: 390, height: 844 });   // a phone
        await b.goto(links[1]);
        const w = await browser.newPage();
        const seen = { states: 0, bad: [], over: false };
        spectatorWatch(w, seen);
        await w.goto(watch);
        for (const p of [a, b, w]) p.on('pageerror', e => errors.push(e.message));
        for (const s of [seenA, seenB]) await s.until(d => d.status, 'the first state');

        const pages = [{ page: a, name: 'A', pick: random(1), seen: seenA }, { page: b, name: 'B', pick: random(2), seen: seenB }];
        let moves = 0, reloaded = null, question = false;
        for (let p = await nextTurn(pages); p && moves < MAX_MOVES; p = await nextTurn(pages)) {
            const d = await decision(p.page);
            if ((!question || question.length < 3) && d.kind === 'script' && d.opts.some(o => o.verb === V.CHOOSE)) {
                question = await p.page.evaluate(() => [...document.querySelectorAll('.decision .buttons button')].map(x => x.textContent));
                await shot(p.page, 'question.png');
                question.prompt = await p.page.$eval('.decision .prompt', e => e.textContent);
            }
            await playTurn(p, log);
            moves++;
            if (moves === 60 && !reloaded) {   // the phone's page goes away and comes back mid-game
                const before = Number(await body(b, 'decision'));
                await b.reload();
                await seenB.until(d => d.joined === 'joined' && d.status, 'the reloaded page to join');
                reloaded = { seat: await body(b, 'seat'), before, after: Number(await body(b, 'decision')),
                    story: await b.$$eval('.story li', l => l.length) };
                await shot(b, 'phone.png');
            }
        }
        for (const p of [a, b, w])
            await p.waitForFunction(() => document.body.dataset.status === 'over' && !document.querySelector('.endscreen').hidden,
                null, { timeout: WAIT });
        await shot(a, 'end.png');
        const totals = await Promise.all([a, b, w].map(p => p.$$eval('.endscreen .total td', t => t.map(x => x.textContent))));
        check('two pages and a bot play a whole game to the end screen with the mouse',
            moves > 20 && errors.length === 0 && totals[0].length === 3 && totals.every(t => t.join() === totals[0].join()),
            `moves ${moves}, page errors ${JSON.stringify(errors)}, totals ${JSON.stringify(totals)}`);
        check('a page reloaded mid-game is back in its seat, story and all',
            reloaded && reloaded.seat === '1' && reloaded.after >= reloaded.before && reloaded.story > 10, JSON.stringify(reloaded));
        check('the spectator receives the public view only (no hand, no options)',
            seen.states > 20 && seen.over && seen.bad.length === 0, `${seen.states} states; ${seen.bad.slice(0, 5).join('; ')}`);
        // A stranger in the lobby takes the free seat of another public table.
        await w.goto(url);
        await w.waitForFunction(() => document.body.dataset.lobby === 'ready', null, { timeout: WAIT });
        await w.selectOption('#players', '2');
        await w.selectOption('#kind1', 'random');
        await w.check('#public');
        await w.click('#create');
        await w.waitForFunction(() => document.body.dataset.created, null, { timeout: WAIT });
        const other = await body(w, 'created');
        const s = await browser.newPage();
        await s.goto(url);
        await s.click(`.tables .tablerow[data-table="${other}"] button:has-text("Take seat A")`, { timeout: WAIT });
        await s.waitForFunction(() => document.body.dataset.joined === 'joined' && document.body.dataset.status, null, { timeout: WAIT });
        check('a free seat of an open table is taken from the lobby', await body(s, 'seat') === '0' &&
            (await s.evaluate(() => location.hash)).includes(`table=${other}&seat=A&token=`), await s.evaluate(() => location.hash));
        const wrong = links[1].replace(/token=[0-9a-f]+/, 'token=' + '0'.repeat(32));
        await w.goto(wrong);
        await w.waitForFunction(() => document.body.dataset.error, null, { timeout: WAIT });
        const said = await w.$eval('.message', e => e.hidden ? '' : e.textContent);
        check('a seat link with a wrong token says so, in words', await body(w, 'error') === 'bad_token' && /link/.test(said), said);
        check('a power question shows its words and labelled answers',
            question && question.prompt.length > 10 && question.length >= 1 && question.every(t => /[.?!]$/.test(t)),
            JSON.stringify(question));
    } catch (e) {
        check('the browser test ran to its end', false, e.message + '\n' + e.stack.split('\n').slice(1, 4).join('\n'));
    } finally {
        fs.writeFileSync(path.join(SHOTS, 'moves.log'), log.join('\n') + '\n');
        await browser.close();
        const code = await stopServer(child);
        check('the server stops cleanly', code === 0, `exit ${code}; see ${dir}/serve.log`);
    }
    const bytes = pageBytes(path.join(ROOT, 'web'));
    check(`the page weighs under 200 KiB (${(bytes / 1024).toFixed(1)} KiB)`, bytes < 200 * 1024);
    const passed = results.filter(r => r.ok).length, failed = results.length - passed;
    if (!failed) fs.rmSync(dir, { recursive: true, force: true });
    console.log(`${passed} passed, ${failed} failed`);
    process.exitCode = failed ? 1 : 0;
}

// Every file the page may load: everything under web/.
export function pageBytes(dir) {
    let n = 0;
    for (const e of fs.readdirSync(dir, { withFileTypes: true }))
        n += e.isDirectory() ? pageBytes(path.join(dir, e.name)) : fs.statSync(path.join(dir, e.name)).size;
    return n;
}

main();
