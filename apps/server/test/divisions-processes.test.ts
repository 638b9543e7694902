import { type Division, GamePermission, type ScoreboardModel } from '@flagpole/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client';
import { ok, signUpAdmin } from './game-fixtures';
import { createTestContext, json, type TestContext } from './harness';
import { addFlag, createChallenge, createGame, createPlayer } from './play-fixtures';
import { withTwoApps } from './two-apps';

/**
 * Division changes made in one server process reach the cached play lookups and the scoreboard of another at
 * once (caches on, as in production; the processes meet in Redis).
 */
let ctx: TestContext;
const HOUR = 3_600_000;
const { All, RankOverall } = GamePermission;

beforeAll(async () => {
  ctx = await createTestContext({ LOOKUP_CACHE_SECONDS: '15' });
});
afterAll(() => ctx.close());

/** Polls until `check` holds (events cross Redis asynchronously), for at most five seconds. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let attempt = 0; attempt < 250; attempt++) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

describe('divisions across processes', () => {
  it('hiding a challenge and dropping overall rank in one process apply in the other', async () => {
    const now = ctx.clock.now().getTime();
    const gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
    const challengeId = await createChallenge(ctx.db, gameId, { title: 'Shared' });
    await addFlag(ctx.db, challengeId, 'flag{shared}');
    const admin = await signUpAdmin(ctx, 'dprocadmin');
    const player = await createPlayer(ctx.app, ctx.db, gameId, 'dprocplayer');
    const division = ok<Division>(await admin.post(`/api/edit/games/${gameId}/divisions`, { name: 'Shared' }));
    await ctx.db
      .updateTable('participations')
      .set({ division_id: division.id })
      .where('id', '=', player.participationId)
      .execute();

    await withTwoApps(ctx, async (first: FastifyInstance, second: FastifyInstance) => {
      const organiser = new TestClient(first, '10.79.0.1');
      const playing = new TestClient(second, '10.79.0.2');
      for (const [name, value] of admin.cookies) organiser.cookies.set(name, value);
      for (const [name, value] of player.client.cookies) playing.cookies.set(name, value);
      const challenge = `/api/game/${gameId}/challenges/${challengeId}`;
      // Warm the second process's caches: the lookups and the board.
      expect((await playing.get(challenge)).statusCode).toBe(200);
      expect((await playing.post(challenge, { flag: 'flag{shared}' })).statusCode).toBe(200);
      const ranked = async () => json<ScoreboardModel>(await playing.get(`/api/game/${gameId}/scoreboard`)).items[0];
      expect(await eventually(async () => (await ranked())?.rank === 1)).toBe(true);

      const edited = await organiser.put(`/api/edit/games/${gameId}/divisions/${division.id}`, {
        defaultPermissions: All & ~RankOverall,
        challengeConfigs: [{ challengeId, permissions: 0 }],
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(await eventually(async () => (await playing.get(challenge)).statusCode === 404)).toBe(true);
      expect((await playing.post(challenge, { flag: 'flag{shared}' })).statusCode).toBe(400);
      expect(await eventually(async () => (await ranked())?.rank === 0)).toBe(true);
    });
  });
});
