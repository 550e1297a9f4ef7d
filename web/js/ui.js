// Small DOM helpers and the words every view shares.

// h('div.seat', {onclick}, child, ...): an element; strings become text.
export function h(spec, attrs, ...children) {
    const [tag, ...classes] = spec.split('.');
    const el = document.createElement(tag || 'div');
    if (classes.length) el.className = classes.join(' ');
    for (const [k, v] of Object.entries(attrs || {})) {
        if (v === undefined || v === null || v === false) continue;
        if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
        else if (k === 'style' && typeof v === 'object') Object.assign(el.style, v);
        else if (k === 'dataset') Object.assign(el.dataset, v);
        else if (k in el && typeof v !== 'string') el[k] = v;
        else el.setAttribute(k, v === true ? '' : v);
    }
    for (const c of children.flat(Infinity))
        if (c !== null && c !== undefined && c !== false) el.append(c instanceof Node ? c : String(c));
    return el;
}

export const seatLetter = p => String.fromCharCode(65 + p);

// Words from the engine as a sentence: a capital first letter and a full stop.
export function sentence(text) {
    const t = String(text || '').trim();
    if (!t) return t;
    const s = t[0].toUpperCase() + t.slice(1);
    return /[.?!:…]$/.test(s) ? s : s + '.';
}

// A seat's label for people: "A (Ann)", "B", "C (greedy bot)".
export function seatName(seat, info) {
    const letter = seatLetter(seat);
    if (!info) return letter;
    if (info.kind === 'bot') return `${letter} (${info.bot || info.name || 'bot'} bot)`;
    return info.name ? `${letter} (${info.name})` : letter;
}

// The tooltip that shows a card's text, a score's breakdown, a seat's holdings.
let tip = null;
export function showTip(target, text) {
    if (!tip) {
        tip = h('div.tip', { role: 'tooltip', id: 'tip' });
        document.body.append(tip);
    }
    tip.textContent = text;
    tip.hidden = false;
    const r = target.getBoundingClientRect(), w = Math.min(340, window.innerWidth - 16);
    tip.style.maxWidth = w + 'px';
    const th = tip.offsetHeight;
    let x = Math.min(Math.max(8, r.left), window.innerWidth - w - 8);
    let y = r.top - th - 6;
    if (y < 4) y = r.bottom + 6;
    tip.style.left = x + 'px';
    tip.style.top = y + 'px';
}
export function hideTip() { if (tip) tip.hidden = true; }

// Shows `text` when the pointer or the keyboard focus is on `el`.
export function withTip(el, text) {
    el.addEventListener('mouseenter', () => showTip(el, typeof text === 'function' ? text() : text));
    el.addEventListener('focus', () => showTip(el, typeof text === 'function' ? text() : text));
    el.addEventListener('mouseleave', hideTip);
    el.addEventListener('blur', hideTip);
    return el;
}
