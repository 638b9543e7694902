import type { GameNotice, ScoreboardModel } from '@flagpole/contract';
import { HttpTransportType } from '@microsoft/signalr';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndSignIn, TestClient } from './client';
import { ok } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { openHub } from './hub-clients';
import { until } from './live-sockets';
import { addFlag, createChallenge, createGame, createPlayer } from './play-fixtures';
import { withTwoApps } from './two-apps';

/*
 * The freeze and the reveal with two server processes sharing the database and Redis (docs/game-play.md, "Freeze
 * and reveal"): both serve the frozen board from the freeze by the clock alone, a reveal made on one publishes the
 * final board on both and each held blood notice exactly once.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** The same signed-in user, as a client of another process (sessions live in the database). */
function sameUserOn(app: FastifyInstance, client: TestClient): TestClient {
  const copy = new TestClient(app, client.address);
  for (const [name, value] of client.cookies) copy.cookies.set(name, value);
  return copy;
}

const scoreOf = (board: ScoreboardModel, teamId: number) => board.items.find((item) => item.id === teamId)?.score;

describe('freeze and reveal on two processes', () => {
  it('serves the frozen board on both, and reveals once for both', async () => {
    const now = ctx.clock.now().getTime();
    const end = now + HOUR;
    const freezeAt = now + MINUTE;
    const gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(end) });
    await ctx.db
      .updateTable('games')
      .set({ freeze_at: new Date(freezeAt) })
      .where('id', '=', gameId)
      .execute();
    const challengeId = await createChallenge(ctx.db, gameId, { title: 'Twice' });
    await addFlag(ctx.db, challengeId, 'flag{twice}');

    await withTwoApps(ctx, async (appA, appB) => {
      const player = await createPlayer(appB, ctx.db, gameId, 'twoprocplayer');
      const admin = await registerAndSignIn(appB, 'twoprocadmin', '10.45.0.2');
      await ctx.db.updateTable('users').set({ role: 'Admin' }).where('user_name', '=', 'twoprocadmin').execute();
      const adminOnA = sameUserOn(appA, admin);
      const publicA = new TestClient(appA, '10.45.0.3');
      const publicB = new TestClient(appB, '10.45.0.4');
      // Both processes hold the board before the freeze.
      for (const client of [publicA, publicB]) ok(await client.get(`/api/game/${gameId}/scoreboard`));

      ctx.clock.set(new Date(freezeAt + MINUTE));
      ok(await player.client.post(`/api/game/${gameId}/challenges/${challengeId}`, { flag: 'flag{twice}' }));
      await appB.services.play.flagChecker.drain();
      // Process A has the solve once its live board does.
      await expect
        .poll(async () => scoreOf(ok(await adminOnA.get(`/api/game/${gameId}/scoreboard`)), player.teamId))
        .toBeGreaterThan(0);
      for (const client of [publicA, publicB]) {
        expect(scoreOf(ok(await client.get(`/api/game/${gameId}/scoreboard`)), player.teamId)).toBe(0);
      }

      const hub = await openHub(appA, `/hub/user?game=${gameId}`, { transport: HttpTransportType.WebSockets });
      try {
        ctx.clock.set(new Date(end + MINUTE));
        ok(await admin.post(`/api/edit/games/${gameId}/scoreboard/reveal`));
        // A second click on the other process publishes nothing more.
        ok(await adminOnA.post(`/api/edit/games/${gameId}/scoreboard/reveal`));
        for (const client of [publicA, publicB]) {
          await expect
            .poll(async () => scoreOf(ok(await client.get(`/api/game/${gameId}/scoreboard`)), player.teamId))
            .toBeGreaterThan(0);
        }
        await until(() => hub.received('ReceivedGameNotice').length >= 1);
        await appA.services.play.scoreboard.settle();
        const notices = hub.received('ReceivedGameNotice') as GameNotice[];
        expect(notices.map((n) => [n.type, n.values[1]])).toEqual([['FirstBlood', 'Twice']]);
      } finally {
        await hub.connection.stop();
      }
    });
  });
});
