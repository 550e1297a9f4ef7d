// The page's one job at a time, chosen by the link's fragment:
//   #table=T&seat=A&token=K   play seat A of table T
//   #table=T                  watch table T
//   anything else             the lobby

import { Lobby } from './lobby.js';
import { TableView } from './table.js';

// The link's fragment, read: {table, seat (0-based) or null, token} or null.
export function parseLink(hash) {
    const p = new URLSearchParams(hash.replace(/^#/, ''));
    const table = p.get('table');
    if (!table) return null;
    const letter = (p.get('seat') || '').toUpperCase();
    const seat = /^[A-E]$/.test(letter) && p.get('token') ? letter.charCodeAt(0) - 65 : null;
    return { table, seat, token: seat === null ? null : p.get('token') };
}

let view = null;

function route() {
    if (view) view.destroy();
    const root = document.getElementById('app');
    for (const k of Object.keys(document.body.dataset)) delete document.body.dataset[k];
    const link = parseLink(location.hash);
    view = link ? new TableView(root, link) : new Lobby(root);
}

window.addEventListener('hashchange', route);
route();
