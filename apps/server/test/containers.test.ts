import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndSignIn, type TestClient } from './client';
import { del, expectError, ok, signUpAdmin } from './game-fixtures';
import { createTestContext, json, type TestContext } from './harness';
import { createChallenge, createGame, createPlayer, type Player } from './play-fixtures';

/* Container calls on a platform without an engine, and the bad input every container route must refuse. */
describe('containers without an engine, and bad input', () => {
  let ctx: TestContext;
  let gameId: number;
  let containerId: number;
  let attachmentId: number;
  let player: Player;
  let stranger: TestClient;
  let admin: TestClient;

  beforeAll(async () => {
    ctx = await createTestContext();
    const now = ctx.clock.now().getTime();
    gameId = await createGame(ctx.db, { start: new Date(now - 3_600_000), end: new Date(now + 86_400_000) });
    containerId = await createChallenge(ctx.db, gameId, { type: 'DynamicContainer', title: 'Box' });
    await ctx.db
      .updateTable('challenges')
      .set({ container_image: 'some/image:1', expose_port: 8080 })
      .where('id', '=', containerId)
      .execute();
    attachmentId = await createChallenge(ctx.db, gameId, { type: 'StaticAttachment', title: 'File' });
    player = await createPlayer(ctx.app, ctx.db, gameId, 'player1');
    stranger = await registerAndSignIn(ctx.app, 'stranger', '10.8.0.1');
    admin = await signUpAdmin(ctx, 'boss');
  });
  afterAll(async () => ctx?.close());

  it('answers 400 "containers unavailable" to every container call, and the challenge detail says so', async () => {
    const base = `/api/game/${gameId}/container/${containerId}`;
    for (const response of [
      await player.client.post(base),
      await player.client.post(`${base}/extend`),
      await del(player.client, base),
      await admin.post(`/api/edit/games/${gameId}/challenges/${containerId}/container`),
      await del(admin, `/api/edit/games/${gameId}/challenges/${containerId}/container`),
      await del(admin, '/api/admin/instances/0b6f4c9e-8d43-4d7b-9a55-6a1f1b2a3c4d'),
    ]) {
      expectError(response, 400);
      expect(json<{ title: string }>(response).title).toMatch(/no container engine/);
    }
    const detail = ok<{ context: Record<string, unknown> }>(
      await player.client.get(`/api/game/${gameId}/challenges/${containerId}`),
    );
    expect(detail.context).toMatchObject({ containersAvailable: false, instanceStatus: null, instanceEntry: null });
    const plain = ok<{ context: Record<string, unknown> }>(
      await player.client.get(`/api/game/${gameId}/challenges/${attachmentId}`),
    );
    expect(plain.context).not.toHaveProperty('containersAvailable');
    expect(ok<{ data: unknown[]; length: number }>(await admin.get('/api/admin/instances'))).toMatchObject({
      data: [],
      length: 0,
    });
  });

  it('refuses malformed ids, unknown games and challenges, outsiders and anonymous callers', async () => {
    for (const url of ['/api/game/abc/container/1', '/api/game/1/container/0', '/api/game/1/container/1.5']) {
      expectError(await player.client.post(url), 400);
      expectError(await del(player.client, url), 400);
    }
    expectError(await player.client.post(`/api/game/${gameId}/container/-3/extend`), 400);
    expectError(await player.client.post(`/api/game/999999/container/${containerId}`), 404);
    expectError(await player.client.post(`/api/game/${gameId}/container/999999`), 404);
    expectError(await stranger.post(`/api/game/${gameId}/container/${containerId}`), 403);
    const anonymous = await ctx.app.inject({ method: 'POST', url: `/api/game/${gameId}/container/${containerId}` });
    expect(anonymous.statusCode).toBe(401);
    expectError(await player.client.get('/api/admin/instances'), 403);
    expectError(await admin.get('/api/admin/instances?game=zero'), 400);
    expectError(await del(admin, '/api/admin/instances/not-a-guid'), 400);
    // Oversized path parameters never reach a route.
    expectError(await del(admin, `/api/admin/instances/${'a'.repeat(5000)}`), 404);
    expectError(await admin.post('/api/edit/games/1/challenges/x/container'), 400);
    expectError(await admin.post(`/api/edit/games/${gameId}/challenges/999999/container`), 404);
    expectError(await player.client.post(`/api/edit/games/${gameId}/challenges/${containerId}/container`), 403);
  });

  it('still answers non-container challenges and unknown ones before the engine question', async () => {
    // Participation rules come first: a team not Accepted is refused whatever the engine.
    const pending = await createPlayer(ctx.app, ctx.db, gameId, 'pending1', 'Pending');
    expectError(await pending.client.post(`/api/game/${gameId}/container/${containerId}`), 400);
    const body = json<{ title: string }>(await pending.client.post(`/api/game/${gameId}/container/${containerId}`));
    expect(body.title).not.toMatch(/no container engine/);
  });
});
