import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { INSTANCE_CLOSED_CHANNEL } from '../src/proxy.module';
import { createTestContext } from './harness';
import {
  closed,
  closedPort,
  createProxyContext,
  openProxy,
  openProxyOrFail,
  type ProxyContext,
  roundTrip,
  startEchoServer,
} from './proxy-fixtures';

let ctx: ProxyContext | undefined;
let echo: Awaited<ReturnType<typeof startEchoServer>> | undefined;
const sockets: { close: () => void }[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await ctx?.close();
  await echo?.close();
  ctx = undefined;
  echo = undefined;
});

async function setUp(env: Record<string, string> = {}) {
  ctx = await createProxyContext(env);
  echo = await startEchoServer();
  return { ctx, echo };
}

async function open(url: string) {
  const ws = await openProxyOrFail(url);
  sockets.push(ws);
  return ws;
}

describe('platform proxy: probes and refusals', () => {
  it('answers a plain request with 204 for a live instance and 404 for anything else', async () => {
    const { ctx, echo } = await setUp();
    const instance = ctx.directory.add({ port: echo.port });
    const test = ctx.directory.add({ port: echo.port, teamId: null });
    const probe = (url: string) => fetch(`${ctx.httpBase}${url}`);

    expect((await probe(`/api/proxy/${instance}`)).status).toBe(204);
    expect((await probe(`/api/proxy/${instance.toUpperCase()}`)).status).toBe(204);
    expect((await probe(`/api/proxy/noinst/${test}`)).status).toBe(204);
    // Each route reaches only its own kind of container.
    expect((await probe(`/api/proxy/${test}`)).status).toBe(404);
    expect((await probe(`/api/proxy/noinst/${instance}`)).status).toBe(404);
    const unknown = await probe(`/api/proxy/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ status: 404, title: expect.stringMatching(/instance/i) });
    for (const bad of ['not-a-guid', '1', "'%20or%201=1", 'x'.repeat(64)]) {
      expect((await probe(`/api/proxy/${bad}`)).status).toBe(404);
    }
    expect((await probe(`/api/proxy/${'x'.repeat(300)}`)).status).toBeGreaterThanOrEqual(400);
    expect((await probe(`/api/proxy/${'x'.repeat(300)}`)).status).toBeLessThan(500);
  });

  it('refuses with 400 when the platform is not in PlatformProxy mode', async () => {
    const { ctx, echo } = await setUp();
    const instance = ctx.directory.add({ port: echo.port });
    await ctx.app.services.settings.update('containerPolicy', { portMapping: 'Default' });
    const probe = await fetch(`${ctx.httpBase}/api/proxy/${instance}`);
    expect(probe.status).toBe(400);
    const upgrade = await openProxy(`${ctx.wsBase}/api/proxy/${instance}`);
    expect(upgrade.status).toBe(400);
  });

  it('refuses an unknown id before the upgrade with 404', async () => {
    const { ctx } = await setUp();
    const result = await openProxy(`${ctx.wsBase}/api/proxy/${randomUUID()}`);
    expect(result.status).toBe(404);
  });

  it('answers 418 when the instance cannot be reached, and frees the slot', async () => {
    const { ctx } = await setUp({ PROXY_MAX_PER_INSTANCE: '1' });
    const instance = ctx.directory.add({ port: await closedPort() });
    for (let i = 0; i < 3; i++) {
      const result = await openProxy(`${ctx.wsBase}/api/proxy/${instance}`);
      expect(result.status).toBe(418);
      if ('body' in result) expect(result.body.status).toBe(418);
    }
  });

  it('answers every method without an upgrade sensibly and never with a 500', async () => {
    const { ctx, echo } = await setUp();
    const instance = ctx.directory.add({ port: echo.port });
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const response = await fetch(`${ctx.httpBase}/api/proxy/${instance}`, { method });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    const head = await fetch(`${ctx.httpBase}/api/proxy/${instance}`, { method: 'HEAD' });
    expect(head.status).toBeLessThan(500);
  });

  it('is refused when no container engine provides instances', async () => {
    const plain = await createTestContext();
    try {
      await plain.app.services.settings.update('containerPolicy', { portMapping: 'PlatformProxy' });
      const response = await plain.app.inject({ method: 'GET', url: `/api/proxy/${randomUUID()}` });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('platform proxy: carrying bytes', () => {
  it('carries bytes both ways, in order, through backpressure', async () => {
    const { ctx, echo } = await setUp();
    const instance = ctx.directory.add({ port: echo.port });
    const ws = await open(`${ctx.wsBase}/api/proxy/${instance}`);
    expect((await roundTrip(ws, Buffer.from('hello\n'))).toString()).toBe('hello\n');
    const big = randomBytes(8 * 1024 * 1024);
    expect((await roundTrip(ws, big, 256 * 1024)).equals(big)).toBe(true);
  });

  it('reaches an admin test container through /noinst', async () => {
    const { ctx, echo } = await setUp();
    const test = ctx.directory.add({ port: echo.port, teamId: null });
    const ws = await open(`${ctx.wsBase}/api/proxy/noinst/${test}`);
    expect((await roundTrip(ws, Buffer.from('test'))).toString()).toBe('test');
  });

  it('closes the websocket when the instance closes the connection, and the other way round', async () => {
    const { ctx, echo } = await setUp();
    const instance = ctx.directory.add({ port: echo.port });
    const first = await open(`${ctx.wsBase}/api/proxy/${instance}`);
    await roundTrip(first, Buffer.from('x'));
    for (const socket of echo.sockets) socket.destroy();
    expect((await closed(first)).code).toBeGreaterThanOrEqual(1000);

    const second = await open(`${ctx.wsBase}/api/proxy/${instance}`);
    await roundTrip(second, Buffer.from('y'));
    expect(echo.sockets.size).toBe(1);
    second.close();
    await expect.poll(() => echo?.sockets.size, { timeout: 5_000 }).toBe(0);
  });

  it('stops reading the instance while the client does not read (bounded buffering)', async () => {
    const { ctx, echo } = await setUp();
    const instance = ctx.directory.add({ port: echo.port });
    const ws = await open(`${ctx.wsBase}/api/proxy/${instance}`);
    await roundTrip(ws, Buffer.from('x'));
    const [serverSide] = [...echo.sockets];
    if (!serverSide) throw new Error('no instance connection');
    // The client stops reading; the instance keeps writing until its own socket buffer fills.
    const underlying = (ws as unknown as { _socket: import('node:net').Socket })._socket;
    underlying.pause();
    let written = 0;
    const chunk = Buffer.alloc(64 * 1024, 1);
    const limit = 128 * 1024 * 1024;
    // Write whenever the instance's socket drains; a second without a drain means the proxy stopped reading.
    const stalled = await new Promise<boolean>((resolve) => {
      const pump = () => {
        while (written < limit) {
          written += chunk.length;
          if (!serverSide.write(chunk)) {
            const timer = setTimeout(() => resolve(true), 1_000);
            serverSide.once('drain', () => {
              clearTimeout(timer);
              pump();
            });
            return;
          }
        }
        resolve(false);
      };
      pump();
    });
    expect(stalled).toBe(true);
    // Kernel socket buffers on loopback hold a few MiB; the proxy adds at most its high-water mark.
    expect(written).toBeLessThan(48 * 1024 * 1024);
    underlying.resume();
  });
});

describe('platform proxy: limits', () => {
  it('caps open connections per instance (400) and frees a slot when one closes', async () => {
    const { ctx, echo } = await setUp({ PROXY_MAX_PER_INSTANCE: '2' });
    const instance = ctx.directory.add({ port: echo.port });
    const url = `${ctx.wsBase}/api/proxy/${instance}`;
    const first = await open(url);
    await open(url);
    const refused = await openProxy(url);
    expect(refused.status).toBe(400);
    if ('body' in refused) expect(refused.body.title).toMatch(/2/);
    // Another instance is not affected.
    const other = ctx.directory.add({ port: echo.port });
    await open(`${ctx.wsBase}/api/proxy/${other}`);

    first.close();
    await closed(first);
    await expect.poll(async () => (await openProxy(url)).status, { timeout: 5_000 }).toBe(101);
  });

  it('caps open connections per client address (429)', async () => {
    const { ctx, echo } = await setUp({ PROXY_MAX_PER_ADDRESS: '2' });
    const a = ctx.directory.add({ port: echo.port });
    const b = ctx.directory.add({ port: echo.port });
    await open(`${ctx.wsBase}/api/proxy/${a}`);
    await open(`${ctx.wsBase}/api/proxy/${b}`);
    const refused = await openProxy(`${ctx.wsBase}/api/proxy/${a}`);
    expect(refused.status).toBe(429);
  });

  it('holds concurrent upgrades to the cap exactly', async () => {
    const { ctx, echo } = await setUp({ PROXY_MAX_PER_INSTANCE: '5' });
    const instance = ctx.directory.add({ port: echo.port });
    const results = await Promise.all(
      Array.from({ length: 12 }, () => openProxy(`${ctx.wsBase}/api/proxy/${instance}`)),
    );
    for (const result of results) if ('ws' in result) sockets.push(result.ws);
    expect(results.filter((r) => r.status === 101)).toHaveLength(5);
    expect(results.filter((r) => r.status === 400)).toHaveLength(7);
  });

  it('closes idle sessions', async () => {
    const { ctx, echo } = await setUp({ PROXY_IDLE_SECONDS: '1' });
    const instance = ctx.directory.add({ port: echo.port });
    const ws = await open(`${ctx.wsBase}/api/proxy/${instance}`);
    const started = Date.now();
    const { code } = await closed(ws);
    expect(code).toBe(1001);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    await expect.poll(() => echo?.sockets.size, { timeout: 5_000 }).toBe(0);
  });

  it('cuts a session at the session limit even while it is busy', async () => {
    const { ctx, echo } = await setUp({ PROXY_MAX_SESSION_SECONDS: '1' });
    const instance = ctx.directory.add({ port: echo.port });
    const ws = await open(`${ctx.wsBase}/api/proxy/${instance}`);
    const ticker = setInterval(() => ws.readyState === ws.OPEN && ws.send('tick'), 100);
    try {
      expect((await closed(ws)).code).toBe(1001);
    } finally {
      clearInterval(ticker);
    }
  });

  it('closes every session of an instance when it is destroyed', async () => {
    const { ctx, echo } = await setUp();
    const doomed = ctx.directory.add({ port: echo.port });
    const kept = ctx.directory.add({ port: echo.port });
    const a = await open(`${ctx.wsBase}/api/proxy/${doomed}`);
    const b = await open(`${ctx.wsBase}/api/proxy/${doomed}`);
    const c = await open(`${ctx.wsBase}/api/proxy/${kept}`);
    const closes = Promise.all([closed(a), closed(b)]);
    ctx.directory.targets.delete(doomed);
    await ctx.events.publish(INSTANCE_CLOSED_CHANNEL, { instanceId: doomed });
    expect((await closes).map((close) => close.code)).toEqual([1001, 1001]);
    expect((await roundTrip(c, Buffer.from('still here'))).toString()).toBe('still here');
    expect((await fetch(`${ctx.httpBase}/api/proxy/${doomed}`)).status).toBe(404);
  });
});
