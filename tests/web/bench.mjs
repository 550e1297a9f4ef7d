// Speed and weight of the web client, in Debian's Chromium (headless, no GPU):
// what loading the page transfers, and how long the board takes to draw a
// 200-stack island (the whole picture, rasterised) and one pointer move over
// it. Prints the figures; asserts nothing (docs/web.md reads them).
//
//   node tests/web/bench.mjs [--stacks N] [--runs K] [--width W --height H]
import fs from 'node:fs';
import { ROOT, startServer, stopServer, launch, tempDir } from './browser.mjs';

const arg = (name, dflt) => {
    const i = process.argv.indexOf('--' + name);
    return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const STACKS = arg('stacks', 200), RUNS = arg('runs', 60), W = arg('width', 1280), H = arg('height', 800);

// In the page: the table's rules from the server (a table of two bots,
// watched), then a synthetic island of `stacks` stacks, drawn `runs` times.
async function measure({ stacks, runs, w, h }) {
    const send = (ws, m) => ws.send(JSON.stringify(m));
    const talk = (path, onWelcome, until) => new Promise((resolve, reject) => {
        const ws = new WebSocket(`ws://${location.host}${path}`, 'volcanique');
        ws.onopen = () => send(ws, { type: 'hello', protocol: 1, client: 'bench' });
        ws.onerror = () => reject(new Error('websocket error'));
        ws.onmessage = e => {
            const m = JSON.parse(e.data);
            if (m.type === 'welcome') onWelcome(ws);
            else if (m.type === 'error') reject(new Error(m.message));
            else if (until(m)) { ws.close(); resolve(m); }
        };
    });
    const created = await talk('/ws', ws => send(ws, { type: 'create', id: 1, players: 3,
        seats: [{ kind: 'person' }, { kind: 'person' }, { kind: 'person' }] }), m => m.type === 'created');
    const { rules } = await talk('/ws/' + created.table, ws => send(ws, { type: 'watch', id: 2, table: created.table }),
        m => m.type === 'rules');
    const { BoardView } = await import('/js/board.js');

    let seed = 12345;
    const rnd = n => { seed = (seed * 1103515245 + 12345) >>> 0; return (seed >>> 8) % n; };
    const land = rules.tile_types.map((t, i) => [t, i]).filter(([t]) => t.tile_class <= 2).map(([, i]) => i);
    const volcano = rules.tile_types.findIndex(t => t.tile_class === 3);
    const cells = [];   // a hexagonal island, ring by ring
    for (let ring = 0; cells.length < stacks; ring++)
        for (let q = -ring; q <= ring; q++)
            for (let r = Math.max(-ring, -q - ring); r <= Math.min(ring, -q + ring); r++)
                if (Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) === ring && cells.length < stacks) cells.push([q, r]);
    const board = { land: cells.map(at => {
        const height = 1 + rnd(6), stack = [];
        for (let k = 0; k < height; k++) stack.push([land[rnd(land.length)], rnd(6)]);
        if (rnd(12) === 0) stack[height - 1] = [volcano, 0];
        return { at, stack, flags: rnd(15) === 0 ? 1 : 0 };
    }), ocean: [] };
    const player = [0, 1, 2].map(() => ({ critters: Array.from({ length: 21 }, () => {
        const at = cells[rnd(cells.length)];
        return { place: 'board', area: rnd(2), cell: 0, marks: 0, at };
    }), caldera: [], unlocked: [] }));
    const game = { board, player };

    const canvas = document.createElement('canvas');
    document.body.replaceChildren(canvas);
    const view = new BoardView(canvas);
    view.resize(w, h, 1);
    const flush = () => canvas.getContext('2d').getImageData(0, 0, 1, 1);   // waits for the raster
    const whole = [], move = [];
    for (let k = 0; k < runs; k++) {
        const t0 = performance.now();
        view.set(rules, game, []);
        view.draw();
        flush();
        whole.push(performance.now() - t0);
    }
    const lit = new Set(cells.slice(0, 40).map(([q, r]) => q + ',' + r));
    view.marks = { lit, tint: new Map(), ghost: { type: land[0], rot: 1, at: cells[5], ok: true }, picked: null };
    for (let k = 0; k < runs; k++) {
        const t0 = performance.now();
        view.pointer = [w / 2 + k, h / 2];
        view.hover = view.cellAt(w / 2 + k, h / 2);
        view.draw();
        flush();
        move.push(performance.now() - t0);
    }
    return { whole, move, size: view.size };
}

const stats = a => {
    const s = [...a].sort((x, y) => x - y), at = p => s[Math.min(s.length - 1, Math.floor(p * s.length))];
    return `median ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms, min ${s[0].toFixed(2)} ms, max ${s[s.length - 1].toFixed(2)} ms`;
};

async function main() {
    const dir = tempDir('vq-web-bench');
    const { url, child } = await startServer(dir, []);
    const browser = await launch(dir, { width: W, height: H });
    try {
        const page = await browser.newPage();
        await page.goto(url);
        await page.waitForFunction(() => document.body.dataset.lobby === 'ready', null, { timeout: 30000 });
        const bytes = await page.evaluate(() => performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
            .reduce((n, e) => n + (e.transferSize || 0), 0));
        const files = await page.evaluate(() => performance.getEntriesByType('resource').length + 1);
        const tableFiles = fs.readdirSync(`${ROOT}/web/js`).reduce((n, f) => n + fs.statSync(`${ROOT}/web/js/${f}`).size, 0) +
            fs.statSync(`${ROOT}/web/index.html`).size + fs.statSync(`${ROOT}/web/style.css`).size;
        console.log(`page: the lobby transfers ${(bytes / 1024).toFixed(1)} KiB in ${files} requests; ` +
            `every file of the web client together is ${(tableFiles / 1024).toFixed(1)} KiB`);
        const r = await page.evaluate(measure, { stacks: STACKS, runs: RUNS, w: W, h: H });
        console.log(`board: ${STACKS} stacks (1-6 tiles, 63 critters) on ${W}x${H}, hex size ${r.size.toFixed(1)} px, ${RUNS} runs`);
        console.log(`  whole island drawn and rasterised: ${stats(r.whole)}`);
        console.log(`  a pointer move (layer copy, 40 lit hexes, the tile in hand): ${stats(r.move)}`);
    } finally {
        await browser.close();
        await stopServer(child);
        fs.rmSync(dir, { recursive: true, force: true });
    }
}

main().catch(e => { console.error(e); process.exitCode = 1; });
