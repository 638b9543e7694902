import type { CtftimeFeed } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client';
import { expectError, type GameInfo, ok, signUp, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { addFlag, createChallenge, createGame, createPlayer, type Player } from './play-fixtures';

/*
 * What the CTFtime feed never shows (docs/integrations.md, "CTFtime feed"): a disabled challenge (no task, no task
 * stat, even one solved before it was disabled), and a hidden game, which is unknown (404) to all but admins.
 */

const HOUR = 3_600_000;

let ctx: TestContext;
let admin: TestClient;
let anonymous: TestClient;
let gameId: number;
let player: Player;
const ids = { kept: 0, gone: 0 };

const feedOf = async (client: TestClient) => {
  const response = await client.get(`/api/game/${gameId}/ctftime`);
  expect(response.statusCode, response.body).toBe(200);
  return JSON.parse(response.body) as CtftimeFeed;
};

async function setHidden(hidden: boolean): Promise<void> {
  const game = ok<GameInfo>(await admin.get(`/api/edit/games/${gameId}`));
  ok(await admin.put(`/api/edit/games/${gameId}`, { title: game.title, start: game.start, end: game.end, hidden }));
}

beforeAll(async () => {
  ctx = await createTestContext();
  const now = ctx.clock.now().getTime();
  gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR), title: 'Quiet' });
  ids.kept = await createChallenge(ctx.db, gameId, { title: 'Kept', originalScore: 100 });
  ids.gone = await createChallenge(ctx.db, gameId, { title: 'Gone', originalScore: 200 });
  for (const id of Object.values(ids)) await addFlag(ctx.db, id, `flag{${id}}`);
  admin = await signUpAdmin(ctx, 'quietadmin');
  anonymous = new TestClient(ctx.app, '10.46.0.9');
  player = await createPlayer(ctx.app, ctx.db, gameId, 'quietowl');
  for (const id of Object.values(ids)) {
    ok(await player.client.post(`/api/game/${gameId}/challenges/${id}`, { flag: `flag{${id}}` }));
  }
  await ctx.app.services.play.flagChecker.drain();
  await ctx.app.services.play.scoreboard.settle();
});
afterAll(() => ctx.close());

describe('the CTFtime feed leaves out', () => {
  it('a disabled challenge: no task and no task stat, though a team solved it before', async () => {
    const before = await feedOf(anonymous);
    expect(before.tasks.toSorted()).toEqual(['Gone', 'Kept']);
    expect(Object.keys(before.standings[0]?.taskStats ?? {}).toSorted()).toEqual(['Gone', 'Kept']);

    ok(await admin.put(`/api/edit/games/${gameId}/challenges/${ids.gone}`, { isEnabled: false }));
    await ctx.app.services.play.scoreboard.settle();
    for (const client of [anonymous, admin]) {
      const feed = await feedOf(client);
      expect(feed.tasks).toEqual(['Kept']);
      expect(feed.standings).toHaveLength(1);
      expect(Object.keys(feed.standings[0]?.taskStats ?? {})).toEqual(['Kept']);
      expect(JSON.stringify(feed)).not.toContain('Gone');
    }
  });

  it('a hidden game: 404 as an unknown game to the public, players and monitors; admins still read it', async () => {
    await setHidden(true);
    try {
      const monitor = await signUp(ctx, 'quietmonitor');
      await ctx.db.updateTable('users').set({ role: 'Monitor' }).where('user_name', '=', 'quietmonitor').execute();
      for (const client of [anonymous, player.client, monitor]) {
        const response = await client.get(`/api/game/${gameId}/ctftime`);
        expectError(response, 404);
        expect(response.body).not.toContain('Kept');
        expect(response.body).toBe((await client.get('/api/game/999999/ctftime')).body);
      }
      expect((await feedOf(admin)).tasks).toEqual(['Kept']);
    } finally {
      await setHidden(false);
    }
    // Published again: public again (nothing stale is kept from the hidden time).
    expect((await feedOf(anonymous)).tasks).toEqual(['Kept']);
  });
});
