// What the browser tests and the bench share: a server process on
// 127.0.0.1 at a port the system gives it, and Debian's Chromium driven by
// playwright-core (no browser download), with a fresh profile.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

// Starts `volcanique serve` with `args`; resolves when it says where it
// listens (bounded by `ms`). Its output goes to DIR/serve.log.
export function startServer(dir, args, ms = 30000) {
    const log = fs.openSync(path.join(dir, 'serve.log'), 'w');
    const child = spawn(path.join(ROOT, 'bin/volcanique'),
        ['--root', ROOT, 'serve', '--host', '127.0.0.1', '--port', '0', '--db', path.join(dir, 'tables.db'), ...args],
        { stdio: ['ignore', 'pipe', log] });
    return new Promise((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => { child.kill(); reject(new Error(`the server did not say it listens within ${ms} ms`)); }, ms);
        child.on('exit', code => { clearTimeout(timer); reject(new Error(`the server exited (${code}) before listening; see ${dir}/serve.log`)); });
        child.on('error', e => { clearTimeout(timer); reject(new Error(`the server did not start: ${e.message}`)); });
        child.stdout.on('data', d => {
            out += d;
            fs.appendFileSync(path.join(dir, 'serve.log'), d);
            const m = /listening on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
            if (m) {
                clearTimeout(timer);
                child.removeAllListeners('exit');
                child.stdout.removeAllListeners('data');
                child.stdout.on('data', d2 => fs.appendFileSync(path.join(dir, 'serve.log'), d2));
                resolve({ url: m[1], child });
            }
        });
    });
}

// Stops the server (SIGTERM, then SIGKILL after `ms`); resolves with its exit code.
export function stopServer(child, ms = 10000) {
    if (child.exitCode !== null) return Promise.resolve(child.exitCode);
    return new Promise(resolve => {
        const timer = setTimeout(() => child.kill('SIGKILL'), ms);
        child.on('exit', code => { clearTimeout(timer); resolve(code); });
        child.kill('SIGTERM');
    });
}

// Chromium as this machine needs it: headless, no sandbox (root), no GPU,
// nothing fetched from outside, a profile of its own.
export async function launch(dir, viewport = { width: 1280, height: 800 }) {
    const profile = fs.mkdtempSync(path.join(dir, 'profile-'));
    return chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM, headless: true, viewport,
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
            '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
}

export function tempDir(name) {
    return fs.mkdtempSync(path.join(os.tmpdir(), name + '-'));
}
