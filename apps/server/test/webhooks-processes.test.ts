import type { WebhookCreatedModel } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client';
import { ok, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { addFlag, createChallenge, createGame, createPlayer } from './play-fixtures';
import { withTwoApps } from './two-apps';

/**
 * Webhook endpoints are kept in each process's memory (caches on, as in production): an endpoint created, turned off
 * or deleted in one process applies to the next event of another at once (the processes meet in Redis).
 */
let ctx: TestContext;
const HOUR = 3_600_000;

beforeAll(async () => {
  ctx = await createTestContext({ LOOKUP_CACHE_SECONDS: '15', WEBHOOK_ALLOW_PRIVATE: 'true' });
});
afterAll(() => ctx.close());

describe('webhook endpoints across processes', () => {
  it('a change in one process applies to the next solve judged by the other', async () => {
    const now = ctx.clock.now().getTime();
    const gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
    const challenges: number[] = [];
    for (const title of ['First', 'Second', 'Third']) {
      const id = await createChallenge(ctx.db, gameId, { title });
      await addFlag(ctx.db, id, `flag{${title.toLowerCase()}}`);
      challenges.push(id);
    }
    const admin = await signUpAdmin(ctx, 'hookprocadmin');
    const player = await createPlayer(ctx.app, ctx.db, gameId, 'hookprocplayer');
    const deliveries = async (webhookId: number) =>
      (await ctx.db.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', webhookId).execute()).length;

    await withTwoApps(ctx, async (first, second) => {
      const organiser = new TestClient(first, '10.81.0.1');
      const playing = new TestClient(second, '10.81.0.2');
      for (const [name, value] of admin.cookies) organiser.cookies.set(name, value);
      for (const [name, value] of player.client.cookies) playing.cookies.set(name, value);
      const solve = async (index: number, flag: string) => {
        ok(await playing.post(`/api/game/${gameId}/challenges/${challenges[index]}`, { flag }));
        await second.services.play.flagChecker.drain();
        await second.services.webhooks.drain();
      };

      // The second process reads the endpoints (none) and keeps them.
      await solve(0, 'flag{first}');
      const endpoint = { url: 'http://127.0.0.1:9/hook', format: 'generic', events: ['solve'], gameId };
      const hook = ok<WebhookCreatedModel>(await organiser.post('/api/admin/webhooks', endpoint));
      await solve(1, 'flag{second}');
      expect(await deliveries(hook.id)).toBe(1);

      ok(await organiser.put(`/api/admin/webhooks/${hook.id}`, { ...endpoint, enabled: false }));
      await solve(2, 'flag{third}');
      expect(await deliveries(hook.id)).toBe(1);
    });
  });
});
