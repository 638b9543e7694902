import type { AddressInfo } from 'node:net';
import type { LiveMessage } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { del, ok, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { addFlag, createChallenge, createGame, createPlayer, type Player } from './play-fixtures';

/** The reference accepted API tokens on its monitor channel only; ours works there too. */

const HOUR = 3_600_000;
let ctx: TestContext;
let gameId: number;
let challengeId: number;
let player: Player;
let token: string;
let tokenId: string;

const liveUrl = () => `ws://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/api/game/${gameId}/live`;

/** Opens the live channel with the token; resolves with the socket or the HTTP status of the refusal. */
function open(bearer: string): Promise<{ ws: WebSocket; messages: LiveMessage[] } | number> {
  const ws = new WebSocket(liveUrl(), { headers: { authorization: `Bearer ${bearer}` } });
  const messages: LiveMessage[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data)) as LiveMessage));
  return new Promise((resolve) => {
    ws.once('open', () => resolve({ ws, messages }));
    ws.once('unexpected-response', (_request, response) => {
      ws.terminate();
      resolve(response.statusCode ?? 0);
    });
    ws.once('error', () => resolve(-1));
  });
}

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const now = ctx.clock.now().getTime();
  gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
  challengeId = await createChallenge(ctx.db, gameId, { title: 'Watched' });
  await addFlag(ctx.db, challengeId, 'flag{watched}');
  player = await createPlayer(ctx.app, ctx.db, gameId, 'watchedplayer');
  const admin = await signUpAdmin(ctx, 'watcher');
  const issued = ok<{ token: string; info: { id: string } }>(await admin.post('/api/tokens', { name: 'monitor bot' }));
  token = issued.token;
  tokenId = issued.info.id;
});
afterAll(() => ctx.close());

describe('the live channel with an API token', () => {
  it('carries events and submissions to a monitoring script', async () => {
    const opened = await open(token);
    if (typeof opened === 'number') throw new Error(`refused with ${opened}`);
    const response = await player.client.post(`/api/game/${gameId}/challenges/${challengeId}`, {
      flag: 'flag{watched}',
    });
    expect(response.statusCode).toBe(200);
    await ctx.app.services.play.flagChecker.drain();
    await until(() => opened.messages.some((m) => m.type === 'submission'));
    expect(opened.messages.find((m) => m.type === 'submission')?.data).toMatchObject({
      answer: 'flag{watched}',
      status: 'Accepted',
    });
    expect(opened.messages.some((m) => m.type === 'event')).toBe(true);
    opened.ws.close();
  });

  it('refuses forged and revoked tokens before upgrading', async () => {
    expect(await open(`${token.slice(0, -4)}AAAA`)).toBe(401);
    const admin = await signUpAdmin(ctx, 'revoker');
    ok(await del(admin, `/api/tokens/${tokenId}`));
    expect(await open(token)).toBe(401);
  });
});
