// One WebSocket to the server, speaking docs/protocol.md: says hello, hands
// every message to its owner, and comes back after a drop (with back-off)
// unless the server said something that makes coming back pointless.

export const PROTOCOL = 1;
const CLIENT = 'volcanique-web 1';
// Errors after which trying again cannot help (the user must act).
const FINAL = new Set(['protocol_version', 'replaced', 'bad_token', 'no_such_table', 'bad_seat', 'server_full']);

export function socketUrl(path) {
    const scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
    return scheme + location.host + path;
}

export class Connection {
    // path: "/ws" (the lobby) or "/ws/TABLE"; on: {welcome, message, status}.
    constructor(path, on) {
        this.path = path;
        this.on = on;
        this.nextId = 1;
        this.tries = 0;
        this.stopped = false;
        this.ws = null;
        this.finalError = null;
    }

    open() {
        if (this.stopped) return;
        this.on.status && this.on.status(this.tries ? 'reconnecting' : 'connecting');
        const ws = new WebSocket(socketUrl(this.path), 'volcanique');
        this.ws = ws;
        ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL, client: CLIENT }));
        ws.onmessage = e => {
            let msg;
            try { msg = JSON.parse(e.data); } catch (err) { console.error('bad message from the server', err); return; }
            if (msg.type === 'welcome') {
                this.tries = 0;
                this.on.status && this.on.status('connected');
                this.on.welcome && this.on.welcome(msg);
                return;
            }
            if (msg.type === 'error' && FINAL.has(msg.code)) this.finalError = msg;
            this.on.message(msg);
        };
        ws.onclose = () => {
            if (this.ws !== ws || this.stopped) return;
            if (this.finalError) { this.on.status && this.on.status('closed'); return; }
            this.tries++;
            const wait = Math.min(10000, 400 * 2 ** Math.min(this.tries, 5));
            this.on.status && this.on.status('reconnecting');
            this.timer = setTimeout(() => this.open(), wait);
        };
    }

    // Sends a request; returns its id (the answer carries it as `re`).
    send(obj) {
        const id = this.nextId++;
        if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return null;
        this.ws.send(JSON.stringify({ ...obj, id }));
        return id;
    }

    close() {
        this.stopped = true;
        clearTimeout(this.timer);
        if (this.ws) this.ws.close();
    }
}
