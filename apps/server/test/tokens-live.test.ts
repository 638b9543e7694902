import type { LiveMessage } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client';
import { del, ok, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { closedWithin, type OpenSocket, openSocket, until, upgradeStatus, wsUrl } from './live-sockets';
import { addFlag, createChallenge, createGame, createPlayer, type Player } from './play-fixtures';
import { withTwoApps } from './two-apps';

/** The reference accepted API tokens on its monitor channel only; ours works there too. */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let ctx: TestContext;
let gameId: number;
let challengeId: number;
let player: Player;
let admin: TestClient;
let token: string;
let tokenId: string;

const livePath = () => `/api/game/${gameId}/live`;
const bearer = (value: string) => ({ authorization: `Bearer ${value}` });

/** Issues a token as the administrator; `expiresIn` in days. */
async function issue(name: string, expiresIn?: number): Promise<{ token: string; id: string }> {
  const issued = ok<{ token: string; info: { id: string } }>(await admin.post('/api/tokens', { name, expiresIn }));
  return { token: issued.token, id: issued.info.id };
}

/** Opens the game's live channel on the test app with the token. */
const openLive = (value: string, path = livePath()): Promise<OpenSocket<LiveMessage>> =>
  openSocket<LiveMessage>(wsUrl(ctx.app, path), bearer(value));

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const now = ctx.clock.now().getTime();
  gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
  challengeId = await createChallenge(ctx.db, gameId, { title: 'Watched' });
  await addFlag(ctx.db, challengeId, 'flag{watched}');
  player = await createPlayer(ctx.app, ctx.db, gameId, 'watchedplayer');
  admin = await signUpAdmin(ctx, 'watcher');
  ({ token, id: tokenId } = await issue('monitor bot'));
});
afterAll(() => ctx.close());

describe('the live channel with an API token', () => {
  it('carries events and submissions to a monitoring script', async () => {
    const opened = await openLive(token);
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
    const url = wsUrl(ctx.app, livePath());
    expect(await upgradeStatus(url, bearer(`${token.slice(0, -4)}AAAA`))).toBe(401);
    const revoker = await signUpAdmin(ctx, 'revoker');
    ok(await del(revoker, `/api/tokens/${tokenId}`));
    expect(await upgradeStatus(url, bearer(token))).toBe(401);
  });
});

describe('sockets opened with a token end with it', () => {
  it('closes the socket when the token is revoked, and only that one', async () => {
    const revoked = await issue('to revoke');
    const kept = await issue('to keep');
    const doomed = await openLive(revoked.token);
    const staying = await openLive(kept.token);
    ok(await del(admin, `/api/tokens/${revoked.id}`));
    expect(await closedWithin(doomed)).toBe(4401);
    expect(staying.ws.readyState).toBe(staying.ws.OPEN);
    staying.ws.close();
  });

  it('closes the socket when the token is deleted', async () => {
    const deleted = await issue('to delete');
    const socket = await openLive(deleted.token);
    ok(await del(admin, `/api/tokens/${deleted.id}?delete=true`));
    expect(await closedWithin(socket)).toBe(4401);
  });

  it('closes the socket when the token expires', async () => {
    const expiring = await issue('expiring', 1);
    // The token's expiry is whole seconds after issue; this leaves it between 0.5 and 1.5 s to live.
    ctx.clock.advance(DAY - 1500);
    const socket = await openLive(expiring.token);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    ctx.clock.advance(1500);
    expect(await closedWithin(socket)).toBe(4401);
  });

  it('closes the admin live log opened with a token when the token is revoked', async () => {
    const reader = await issue('log reader');
    const socket = await openSocket(wsUrl(ctx.app, '/api/admin/logs/live'), bearer(reader.token));
    ok(await del(admin, `/api/tokens/${reader.id}`));
    expect(await closedWithin(socket)).toBe(4401);
  });

  it('closes a socket on one process when the token is revoked on another (Redis)', async () => {
    const shared = await issue('shared');
    await withTwoApps(ctx, async (first, second) => {
      const socket = await openSocket(wsUrl(second, livePath()), bearer(shared.token));
      const response = await first.inject({
        method: 'DELETE',
        url: `/api/tokens/${shared.id}`,
        headers: bearer((await issue('revoking script')).token),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(await closedWithin(socket)).toBe(4401);
    });
  });
});
