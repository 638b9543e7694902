import type { AddressInfo } from 'node:net';
import type { LiveMessage } from '@flagpole/contract';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app';
import { randomHex } from '../src/lib/crypto';
import { RedisEventBus } from '../src/lib/event-bus';
import { createTestContext, type TestContext } from './harness';
import { addFlag, createChallenge, createGame, createPlayer, type Player } from './play-fixtures';

const HOUR = 3_600_000;

/** A websocket client that records every message it receives. */
async function connect(url: string, cookie?: string): Promise<{ ws: WebSocket; messages: LiveMessage[] }> {
  const ws = new WebSocket(url, cookie ? { headers: { cookie } } : {});
  const messages: LiveMessage[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data)) as LiveMessage));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, messages };
}

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

function wsUrl(app: FastifyInstance, path: string): string {
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}${path}`;
}

const cookieOf = (player: Player) => [...player.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

describe('live websocket', () => {
  let ctx: TestContext;
  let gameId: number;
  let challengeId: number;
  let player: Player;
  let monitorCookie: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const now = ctx.clock.now().getTime();
    gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
    challengeId = await createChallenge(ctx.db, gameId, { title: 'Live' });
    await addFlag(ctx.db, challengeId, 'flag{live}');
    player = await createPlayer(ctx.app, ctx.db, gameId, 'liveplayer');
    const monitor = await createPlayer(ctx.app, ctx.db, gameId, 'livemonitor');
    await ctx.db.updateTable('users').set({ role: 'Monitor' }).where('id', '=', monitor.userId).execute();
    monitorCookie = cookieOf(monitor);
  });
  afterAll(() => ctx.close());

  it('refuses games that have not started or do not exist before upgrading', async () => {
    const now = ctx.clock.now().getTime();
    const future = await createGame(ctx.db, { start: new Date(now + HOUR), end: new Date(now + 2 * HOUR) });
    for (const path of [`/api/game/${future}/live`, '/api/game/987654/live']) {
      const ws = new WebSocket(wsUrl(ctx.app, path));
      const status = await new Promise<number>((resolve) => {
        ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.once('open', () => resolve(101));
        ws.once('error', () => resolve(-1));
      });
      ws.terminate();
      expect([400, 404]).toContain(status);
    }
  });

  it('sends players notices and scoreboard changes, and monitors also events and submissions', async () => {
    const anonymous = await connect(wsUrl(ctx.app, `/api/game/${gameId}/live`));
    const monitor = await connect(wsUrl(ctx.app, `/api/game/${gameId}/live`), monitorCookie);
    await ctx.app.inject({ url: `/api/game/${gameId}/scoreboard` });
    const response = await player.client.post(`/api/game/${gameId}/challenges/${challengeId}`, { flag: 'flag{live}' });
    expect(response.statusCode).toBe(200);
    await ctx.app.services.play.flagChecker.drain();
    await until(() => anonymous.messages.some((m) => m.type === 'scoreboard'));
    await until(() => monitor.messages.some((m) => m.type === 'submission'));
    const types = (list: LiveMessage[]) => [...new Set(list.map((m) => m.type))].sort();
    expect(types(anonymous.messages)).toEqual(['notice', 'scoreboard']);
    expect(types(monitor.messages)).toEqual(['event', 'notice', 'scoreboard', 'submission']);
    const notice = anonymous.messages.find((m) => m.type === 'notice');
    expect(notice?.data).toMatchObject({ type: 'FirstBlood', values: ['T-liveplayer', 'Live'] });
    const submission = monitor.messages.find((m) => m.type === 'submission');
    expect(submission?.data).toMatchObject({ answer: 'flag{live}', status: 'Accepted', user: 'liveplayer' });
    anonymous.ws.close();
    monitor.ws.close();
  });
});

describe('live fan-out across processes (Redis)', () => {
  it('delivers a notice published by one app to a socket on another', async () => {
    const ctx = await createTestContext();
    const prefix = `flagpole-test-${randomHex(6)}:`;
    const buses = [0, 1].map(
      () => new RedisEventBus(new Redis('redis://127.0.0.1:6379'), new Redis('redis://127.0.0.1:6379'), prefix),
    );
    const [busA, busB] = buses;
    if (!busA || !busB) throw new Error('buses');
    const appA = await buildApp({ config: ctx.config, db: ctx.db, clock: ctx.clock, store: ctx.store, events: busA });
    const appB = await buildApp({ config: ctx.config, db: ctx.db, clock: ctx.clock, store: ctx.store, events: busB });
    try {
      await appA.listen({ port: 0, host: '127.0.0.1' });
      await appB.listen({ port: 0, host: '127.0.0.1' });
      const now = ctx.clock.now().getTime();
      const gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
      const challengeId = await createChallenge(ctx.db, gameId, { title: 'Fan' });
      await addFlag(ctx.db, challengeId, 'flag{fan}');
      const player = await createPlayer(appA, ctx.db, gameId, 'fanplayer');
      const listener = await connect(wsUrl(appB, `/api/game/${gameId}/live`));
      // Warm B's scoreboard so that the invalidation from A makes B rebuild and tell its sockets.
      const before = await appB.inject({ url: `/api/game/${gameId}/scoreboard` });
      await new Promise((r) => setTimeout(r, 100));
      const response = await player.client.post(`/api/game/${gameId}/challenges/${challengeId}`, { flag: 'flag{fan}' });
      expect(response.statusCode).toBe(200);
      await appA.services.play.flagChecker.drain();
      await until(() => listener.messages.some((m) => m.type === 'notice'));
      await until(() => listener.messages.some((m) => m.type === 'scoreboard'));
      expect(listener.messages.find((m) => m.type === 'notice')?.data).toMatchObject({ type: 'FirstBlood' });
      // B's board was rebuilt from A's solve.
      const after = await appB.inject({
        url: `/api/game/${gameId}/scoreboard`,
        headers: { 'if-none-match': String(before.headers.etag) },
      });
      expect(after.statusCode).toBe(200);
      listener.ws.close();
    } finally {
      await appA.close();
      await appB.close();
      for (const bus of buses) await bus.close();
      await ctx.close();
    }
  });
});
