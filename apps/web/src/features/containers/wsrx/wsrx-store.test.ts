import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WsrxNotice } from './wsrx-notices';
import { WSRX_OPTIONS_KEY } from './wsrx-options';
import { WsrxStore } from './wsrx-store';
import { WsrxState } from './wsrx-types';

const stored = new Map<string, string>();
let requests: string[] = [];
let daemonUp = true;

beforeEach(() => {
  vi.useFakeTimers();
  stored.clear();
  requests = [];
  daemonUp = true;
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
  });
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input);
    requests.push(`${init?.method ?? 'GET'} ${url.origin}${url.pathname}`);
    if (!daemonUp) throw new TypeError('Failed to fetch');
    if (url.pathname === '/version') return Response.json({ version: '0.5.0' });
    if (url.pathname === '/connect') return new Response(null, { status: 202 });
    return Response.json([]);
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function settle(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
}

describe('the page connection to the daemon', () => {
  it('connects 100 ms after starting, and once for a burst of option changes', async () => {
    const store = new WsrxStore(() => undefined);
    store.start('Autumn::CTF');
    store.setOptions({ api: 'http://127.0.0.1:4000' });
    store.setOptions({ allowLan: true });
    await settle(99);
    expect(requests).toEqual([]);
    await settle(1);
    expect(requests.filter((request) => request.endsWith('/version'))).toEqual(['GET http://127.0.0.1:4000/version']);
    expect(store.getView().state).toBe(WsrxState.Usable);
    expect(JSON.parse(stored.get(WSRX_OPTIONS_KEY) ?? '{}')).toEqual({
      api: 'http://127.0.0.1:4000',
      name: 'Autumn::CTF',
      allowLan: true,
      enabled: true,
    });
  });

  it('does not talk to the daemon at all when switched off', async () => {
    stored.set(WSRX_OPTIONS_KEY, JSON.stringify({ enabled: false }));
    const store = new WsrxStore(() => undefined);
    store.start('Autumn::CTF');
    await settle(5000);
    expect(requests).toEqual([]);
  });

  it('says the daemon went offline, but not when the player changed the address', async () => {
    const notices: WsrxNotice[] = [];
    const store = new WsrxStore((notice) => notices.push(notice));
    store.start('Autumn::CTF');
    await settle(100);
    store.setOptions({ api: 'http://127.0.0.1:4001' });
    await settle(100);
    expect(notices).toEqual([]);
    daemonUp = false;
    await settle(3000);
    expect(store.getView().state).toBe(WsrxState.Invalid);
    expect(notices.map((notice) => notice.title)).toEqual(['offline']);
  });

  it('stays quiet when no daemon is running at start', async () => {
    daemonUp = false;
    const notices: WsrxNotice[] = [];
    const store = new WsrxStore((notice) => notices.push(notice));
    store.start('Autumn::CTF');
    await settle(5000);
    expect(notices).toEqual([]);
    expect(requests).toEqual(['GET http://127.0.0.1:3307/version']);
  });
});
