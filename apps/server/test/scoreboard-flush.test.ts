import type { ScoreboardModel } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndSignIn } from './client';
import { expectError, ok, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { createChallenge, createGame } from './play-fixtures';
import { withTwoApps } from './two-apps';

const HOUR = 3_600_000;

/** Reads until the value is `expected` (the rebuild runs in the background), or gives the last one read. */
async function eventually<T>(read: () => Promise<T>, expected: T, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (value !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

describe('POST /api/edit/games/{id}/scoreboard/flush', () => {
  let ctx: TestContext;
  let gameId: number;
  let challengeId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    const now = ctx.clock.now().getTime();
    gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
    challengeId = await createChallenge(ctx.db, gameId, { title: 'Flushed', category: 'Web', originalScore: 500 });
  });
  afterAll(() => ctx.close());

  it('answers 200 with no body, and 404 for a game that does not exist', async () => {
    const admin = await signUpAdmin(ctx, 'flusher');
    const response = await admin.post(`/api/edit/games/${gameId}/scoreboard/flush`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    expectError(await admin.post('/api/edit/games/987654/scoreboard/flush'), 404);
  });

  it('makes every process read the rows again, rows changed outside the platform included', async () => {
    await withTwoApps(ctx, async (appA, appB) => {
      const admin = await registerAndSignIn(appA, 'flushadmin', '10.5.0.1');
      await ctx.db.updateTable('users').set({ role: 'Admin' }).where('user_name', '=', 'flushadmin').execute();
      const scoreOnB = async () => {
        const board = ok<ScoreboardModel>(await appB.inject({ url: `/api/game/${gameId}/scoreboard` }));
        return board.challenges.Web?.find((c) => c.id === challengeId)?.score;
      };
      expect(await scoreOnB()).toBe(500);
      // Changed behind the platform's back: B keeps serving the board it built.
      await ctx.db.updateTable('challenges').set({ original_score: 777 }).where('id', '=', challengeId).execute();
      expect(await scoreOnB()).toBe(500);
      ok(await admin.post(`/api/edit/games/${gameId}/scoreboard/flush`));
      expect(await eventually(scoreOnB, 777)).toBe(777);
    });
  });
});
