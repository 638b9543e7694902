import type { WsrxDeps } from './wsrx-client';

export interface DaemonCall {
  method: string;
  path: string;
  body: unknown;
}

/** A scripted daemon for unit tests: answers by `METHOD /path`, records every call, runs timers by hand. */
export function fakeDaemon() {
  const calls: DaemonCall[] = [];
  const routes = new Map<string, () => Response>();
  let intervalCallback: (() => void) | null = null;
  let down = false;

  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (down) throw new TypeError('Failed to fetch');
    const route = routes.get(`${method} ${url.pathname}`);
    return route ? route() : new Response('not found', { status: 404 });
  }) as typeof globalThis.fetch;

  const deps: WsrxDeps = {
    fetch,
    setInterval: (callback) => {
      intervalCallback = callback;
      return 1;
    },
    clearInterval: () => {
      intervalCallback = null;
    },
  };

  return {
    deps,
    calls,
    on(route: string, answer: () => Response) {
      routes.set(route, answer);
    },
    json(route: string, status: number, body: unknown) {
      routes.set(route, () => Response.json(body, { status }));
    },
    status(route: string, status: number) {
      routes.set(route, () => new Response(null, { status }));
    },
    setDown(value: boolean) {
      down = value;
    },
    get polling() {
      return intervalCallback !== null;
    },
    /** Runs one poll tick and lets its awaits settle. */
    async tick() {
      intervalCallback?.();
      for (let i = 0; i < 20; i++) await Promise.resolve();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}
