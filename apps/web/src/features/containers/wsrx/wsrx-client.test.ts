import { describe, expect, it } from 'vitest';
import { fakeDaemon } from './fake-daemon.test-helper';
import { WsrxClient } from './wsrx-client';
import { WSRX_MESSAGES, WsrxError, WsrxState } from './wsrx-types';

const connection = { api: 'http://127.0.0.1:3307/', name: 'Flagpole::CTF', host: 'ctf.example:8080' };

function usableDaemon() {
  const daemon = fakeDaemon();
  daemon.json('GET /version', 200, { version: '0.5.5' });
  daemon.status('GET /connect', 202);
  daemon.json('GET /pool', 200, []);
  return daemon;
}

async function rejection(promise: Promise<unknown>): Promise<WsrxError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof WsrxError)) throw new Error(`expected a WsrxError, got ${String(error)}`);
  return error;
}

describe('connecting', () => {
  it('checks the version, then the state, and skips the connect request when already usable', async () => {
    const daemon = usableDaemon();
    const client = new WsrxClient(connection, daemon.deps);
    await client.connect();
    expect(daemon.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /version',
      'GET /connect',
      'GET /pool',
    ]);
    expect(client.getSnapshot().state).toBe(WsrxState.Usable);
    expect(daemon.polling).toBe(true);
  });

  it('sends name, features, host and state when the daemon does not know the site, then waits in Pending', async () => {
    const daemon = fakeDaemon();
    daemon.json('GET /version', 200, { version: 'v0.4.0' });
    let registered = false;
    daemon.on('GET /connect', () => new Response(null, { status: registered ? 201 : 404 }));
    daemon.on('POST /connect', () => {
      registered = true;
      return new Response(null, { status: 201 });
    });
    const client = new WsrxClient(connection, daemon.deps);
    await client.connect();
    const post = daemon.calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      name: 'Flagpole::CTF',
      features: ['basic', 'pingfall'],
      host: 'ctf.example:8080',
      state: 'pending',
    });
    expect(client.getSnapshot().state).toBe(WsrxState.Pending);
    expect(daemon.polling).toBe(true);
  });

  it('becomes usable when the daemon user approves while polling', async () => {
    const daemon = usableDaemon();
    daemon.status('GET /connect', 201);
    const client = new WsrxClient(connection, daemon.deps);
    await client.connect();
    expect(client.getSnapshot().state).toBe(WsrxState.Pending);
    daemon.status('GET /connect', 202);
    await daemon.tick();
    expect(client.getSnapshot().state).toBe(WsrxState.Usable);
  });

  it('rejects a daemon older than 0.4 and one without a version endpoint', async () => {
    const old = fakeDaemon();
    old.json('GET /version', 200, { version: '0.3.9' });
    const error = await rejection(new WsrxClient(connection, old.deps).connect());
    expect(error.kind).toBe('version_mismatch');
    expect(error.message).toBe('wsrx version is lower than required 0.4');
    expect(old.calls).toHaveLength(1);

    const ancient = fakeDaemon();
    const missing = await rejection(new WsrxClient(connection, ancient.deps).connect());
    expect(missing.kind).toBe('version_mismatch');
    expect(missing.message).toBe(WSRX_MESSAGES.versionTooLow);
  });

  it('compares versions numerically, so 0.10 is newer than 0.4', async () => {
    const daemon = usableDaemon();
    daemon.json('GET /version', 200, { version: '0.10.0' });
    await new WsrxClient(connection, daemon.deps).connect();
  });

  it('reports a daemon that answers the version check with garbage as a daemon error', async () => {
    const daemon = fakeDaemon();
    daemon.status('GET /version', 500);
    const error = await rejection(new WsrxClient(connection, daemon.deps).connect());
    expect(error.kind).toBe('daemon_error');
    expect(error.message).toBe('Failed to check wsrx version, is wsrx daemon running?');
  });

  it('reports an unreachable daemon as unavailable and does not poll', async () => {
    const daemon = fakeDaemon();
    daemon.setDown(true);
    const client = new WsrxClient(connection, daemon.deps);
    const error = await rejection(client.connect());
    expect(error.kind).toBe('daemon_unavailable');
    expect(error.message).toBe('Failed to check wsrx version, is wsrx daemon running?');
    expect(client.getSnapshot().state).toBe(WsrxState.Invalid);
    expect(daemon.polling).toBe(false);
  });

  it('reports a refused connect request as unavailable', async () => {
    const daemon = fakeDaemon();
    daemon.json('GET /version', 200, { version: '0.5.0' });
    daemon.status('GET /connect', 404);
    daemon.status('POST /connect', 500);
    const error = await rejection(new WsrxClient(connection, daemon.deps).connect());
    expect(error.kind).toBe('daemon_unavailable');
    expect(error.message).toBe('Failed to connect to wsrx daemon');
  });
});

describe('polling', () => {
  it('syncs the pool on every fifth tick while usable', async () => {
    const daemon = usableDaemon();
    const client = new WsrxClient(connection, daemon.deps);
    await client.connect();
    const pools = () => daemon.calls.filter((call) => call.path === '/pool').length;
    expect(pools()).toBe(1);
    for (let i = 0; i < 4; i++) await daemon.tick();
    expect(pools()).toBe(1);
    daemon.json('GET /pool', 200, [{ local: '127.0.0.1:40001', remote: 'ws://x/api/proxy/a' }]);
    await daemon.tick();
    expect(pools()).toBe(2);
    expect(client.getSnapshot().instances).toEqual([{ local: '127.0.0.1:40001', remote: 'ws://x/api/proxy/a' }]);
    expect(daemon.calls.filter((call) => call.path === '/connect')).toHaveLength(6);
  });

  it('goes Invalid and stops polling when the daemon disappears, telling listeners the previous state', async () => {
    const daemon = usableDaemon();
    const client = new WsrxClient(connection, daemon.deps);
    await client.connect();
    const changes: [number, number][] = [];
    client.subscribe((next, previous) => changes.push([previous.state, next.state]));
    daemon.setDown(true);
    await daemon.tick();
    expect(client.getSnapshot().state).toBe(WsrxState.Invalid);
    expect(changes).toEqual([[WsrxState.Usable, WsrxState.Invalid]]);
    expect(daemon.polling).toBe(false);
  });

  it('treats a failing pool sync as the daemon going away', async () => {
    const daemon = usableDaemon();
    const client = new WsrxClient(connection, daemon.deps);
    await client.connect();
    daemon.status('GET /pool', 500);
    for (let i = 0; i < 5; i++) await daemon.tick();
    expect(client.getSnapshot().state).toBe(WsrxState.Invalid);
  });

  it('ignores answers meant for a daemon address that has since changed', async () => {
    const daemon = usableDaemon();
    const client = new WsrxClient(connection, daemon.deps);
    await client.connect();
    client.retarget({ ...connection, api: 'http://127.0.0.1:4000' });
    expect(client.getSnapshot().state).toBe(WsrxState.Invalid);
    expect(daemon.polling).toBe(false);
  });
});

describe('the pool', () => {
  it('adds a tunnel with remote, local and label and keeps the answer', async () => {
    const daemon = usableDaemon();
    daemon.on('POST /pool', () =>
      Response.json({ label: 'web @ CTF', remote: 'ws://h/api/proxy/g', local: '127.0.0.1:5555' }),
    );
    const client = new WsrxClient(connection, daemon.deps);
    await client.connect();
    const added = await client.add({ label: 'web @ CTF', remote: 'ws://h/api/proxy/g', local: '127.0.0.1:0' });
    expect(added.local).toBe('127.0.0.1:5555');
    expect(daemon.calls.at(-1)).toEqual({
      method: 'POST',
      path: '/pool',
      body: { label: 'web @ CTF', remote: 'ws://h/api/proxy/g', local: '127.0.0.1:0' },
    });
    // The same remote again is answered from what the client knows, without a second tunnel.
    await client.add({ remote: 'ws://h/api/proxy/g', local: '127.0.0.1:0' });
    expect(daemon.calls.filter((call) => call.method === 'POST' && call.path === '/pool')).toHaveLength(1);
  });

  it('deletes a tunnel by its local address', async () => {
    const daemon = usableDaemon();
    daemon.json('GET /pool', 200, [{ local: '127.0.0.1:5555', remote: 'ws://h/api/proxy/g' }]);
    daemon.status('DELETE /pool', 200);
    const client = new WsrxClient(connection, daemon.deps);
    await client.connect();
    await client.remove('127.0.0.1:5555');
    expect(daemon.calls.at(-1)).toEqual({ method: 'DELETE', path: '/pool', body: { local: '127.0.0.1:5555' } });
    expect(client.getSnapshot().instances).toEqual([]);
  });

  it('uses the spec messages when the daemon cannot be reached, and the daemon text when it explains', async () => {
    const daemon = usableDaemon();
    const client = new WsrxClient(connection, daemon.deps);
    await client.connect();
    daemon.on('POST /pool', () => new Response('port in use', { status: 409 }));
    expect((await rejection(client.add({ remote: 'ws://a', local: '127.0.0.1:0' }))).message).toBe('port in use');
    daemon.setDown(true);
    expect((await rejection(client.add({ remote: 'ws://b', local: '127.0.0.1:0' }))).message).toBe(
      'Failed to add instance, is wsrx daemon running?',
    );
    expect((await rejection(client.remove('127.0.0.1:1'))).message).toBe(
      'Failed to delete instance, is wsrx daemon running?',
    );
    expect((await rejection(client.sync())).message).toBe('Failed to sync instances, is wsrx daemon running?');
  });

  it('drops malformed pool entries', async () => {
    const daemon = usableDaemon();
    daemon.json('GET /pool', 200, [{ local: 1 }, null, { local: '127.0.0.1:1', remote: 'ws://a' }]);
    const client = new WsrxClient(connection, daemon.deps);
    await client.connect();
    expect(client.getSnapshot().instances).toEqual([{ local: '127.0.0.1:1', remote: 'ws://a' }]);
  });
});
