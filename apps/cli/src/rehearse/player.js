// @ts-check
// One rehearsal player: a cookie session like the web application's (with the XSRF echo), every call timed and
// recorded under its route pattern.

export class Player {
  /**
   * @param {string} base @param {import('./stats.js').Recorder} recorder
   * @param {Record<string, string>} [headers] sent with every call (the run's rehearsal header)
   */
  constructor(base, recorder, headers = {}) {
    this.base = base;
    this.recorder = recorder;
    this.headers = headers;
    /** @type {Map<string, string>} */
    this.cookies = new Map();
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /**
   * @param {string} endpoint the route pattern it is counted under, e.g. "GET /api/game/:id/details"
   * @param {string} method @param {string} route @param {unknown} [body]
   * @param {number[]} [expectedStatuses] refusals that are not errors here
   * @returns {Promise<{ status: number, body: any }>} status 0 when no answer came
   */
  async call(endpoint, method, route, body, expectedStatuses = []) {
    /** @type {Record<string, string>} */
    const headers = { Accept: 'application/json', ...this.headers };
    if (this.cookies.size > 0) headers.Cookie = this.cookieHeader();
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf && method !== 'GET') headers['X-XSRF-TOKEN'] = decodeURIComponent(xsrf);
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const started = performance.now();
    const at = Date.now();
    try {
      const response = await fetch(`${this.base}${route}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const index = pair?.indexOf('=') ?? -1;
        if (pair && index > 0) this.cookies.set(pair.slice(0, index), pair.slice(index + 1));
      }
      const text = await response.text();
      const expected = expectedStatuses.includes(response.status);
      this.recorder.record(endpoint, at, performance.now() - started, response.status, expected);
      let parsed;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = text;
      }
      return { status: response.status, body: parsed };
    } catch {
      this.recorder.record(endpoint, at, performance.now() - started, 0);
      return { status: 0, body: undefined };
    }
  }

  /** Downloads a file (an attachment), counted under `endpoint`. @param {string} endpoint @param {string} url */
  async download(endpoint, url) {
    const started = performance.now();
    const at = Date.now();
    try {
      const response = await fetch(url.startsWith('/') ? `${this.base}${url}` : url, {
        headers: { Cookie: this.cookieHeader() },
      });
      await response.arrayBuffer();
      this.recorder.record(endpoint, at, performance.now() - started, response.status);
    } catch {
      this.recorder.record(endpoint, at, performance.now() - started, 0);
    }
  }

  /**
   * Follows the game's live channel (websocket) until `signal` aborts; the time to open counts as its latency.
   * @param {number} game @param {AbortSignal} signal @param {(count: number) => void} onMessage
   */
  watchLive(game, signal, onMessage) {
    const endpoint = 'WS /api/game/:id/live';
    const url = `${this.base.replace(/^http/, 'ws')}/api/game/${game}/live`;
    const started = performance.now();
    const at = Date.now();
    /** @type {WebSocket} */
    let socket;
    try {
      // Node's WebSocket (undici) takes headers as an extension; the session cookie signs the channel in.
      const Socket = /** @type {any} */ (WebSocket);
      socket = new Socket(url, { headers: { Cookie: this.cookieHeader() } });
    } catch {
      this.recorder.record(endpoint, at, performance.now() - started, 0);
      return;
    }
    let messages = 0;
    let opened = false;
    socket.addEventListener('open', () => {
      opened = true;
      this.recorder.record(endpoint, at, performance.now() - started, 101);
    });
    socket.addEventListener('message', () => onMessage(++messages));
    socket.addEventListener('error', () => {
      if (!opened) this.recorder.record(endpoint, at, performance.now() - started, 0);
    });
    signal.addEventListener('abort', () => socket.close(), { once: true });
  }
}
