import { type CtftimeFeed, type Division, GamePermission } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client';
import { expectError, type GameInfo, ok, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { addFlag, createChallenge, createGame, createPlayer, type Player } from './play-fixtures';

/*
 * CTFtime's scoreboard feed (docs/integrations.md): public, cached with an ETag, pure ASCII, always the public board
 * (frozen during a freeze, organisers included), without unreleased challenges, per division and per phase.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NAME = 'Équipe 中 🚩';

let ctx: TestContext;
let admin: TestClient;
let anonymous: TestClient;
let gameId: number;
let freezeAt: number;
let open: Division;
let guests: Division;
let phaseId: number;
let alice: Player;
let bob: Player;
const ids = { a: 0, late: 0, later: 0 };

const feedOf = async (client: TestClient, query = '') => {
  const response = await client.get(`/api/game/${gameId}/ctftime${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return { response, feed: JSON.parse(response.body) as CtftimeFeed };
};
const solve = async (player: Player, challengeId: number) => {
  ok(await player.client.post(`/api/game/${gameId}/challenges/${challengeId}`, { flag: `flag{${challengeId}}` }));
  await ctx.app.services.play.flagChecker.drain();
  await ctx.app.services.play.scoreboard.settle();
};

beforeAll(async () => {
  ctx = await createTestContext();
  const now = ctx.clock.now().getTime();
  const start = now - HOUR;
  const end = now + HOUR;
  freezeAt = now + 10 * MINUTE;
  gameId = await createGame(ctx.db, { start: new Date(start), end: new Date(end), title: 'Feed' });
  ids.a = await createChallenge(ctx.db, gameId, { title: 'Web 100', originalScore: 100 });
  ids.late = await createChallenge(ctx.db, gameId, { title: 'Pwn 200', originalScore: 200 });
  ids.later = await createChallenge(ctx.db, gameId, { title: 'Not yet', originalScore: 300 });
  for (const id of Object.values(ids)) await addFlag(ctx.db, id, `flag{${id}}`);
  await ctx.db
    .updateTable('challenges')
    .set({ release_at: new Date(end + HOUR) })
    .where('id', '=', ids.later)
    .execute();
  admin = await signUpAdmin(ctx, 'feedadmin');
  anonymous = new TestClient(ctx.app, '10.45.0.9');
  const game = ok<GameInfo>(await admin.get(`/api/edit/games/${gameId}`));
  ok(await admin.put(`/api/edit/games/${gameId}`, { title: game.title, start, end, freezeAt }));
  open = ok<Division>(await admin.post(`/api/edit/games/${gameId}/divisions`, { name: 'Open' }));
  guests = ok<Division>(
    await admin.post(`/api/edit/games/${gameId}/divisions`, {
      name: 'Guests',
      defaultPermissions: GamePermission.All & ~GamePermission.RankOverall,
    }),
  );
  phaseId = ok<{ id: number }>(await admin.post(`/api/edit/games/${gameId}/phases`, { title: 'Week 1', start })).id;
  ok(await admin.put(`/api/edit/games/${gameId}/challenges/${ids.a}`, { phaseId }));
  alice = await createPlayer(ctx.app, ctx.db, gameId, 'feedalice');
  bob = await createPlayer(ctx.app, ctx.db, gameId, 'feedbob');
  await ctx.db.updateTable('teams').set({ name: NAME }).where('id', '=', alice.teamId).execute();
  for (const [player, division] of [
    [alice, open],
    [bob, guests],
  ] as const) {
    await ctx.db
      .updateTable('participations')
      .set({ division_id: division.id })
      .where('id', '=', player.participationId)
      .execute();
  }
  await ctx.app.services.play.scoreboard.invalidate(gameId);
  await ctx.app.services.play.scoreboard.settle();
  await solve(bob, ids.a);
  await solve(alice, ids.a);
});
afterAll(() => ctx.close());

describe('the CTFtime feed', () => {
  it('is public, JSON in pure ASCII with \\u escapes, in the full Jeopardy shape; guests are outward', async () => {
    const { response, feed } = await feedOf(anonymous);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toMatch(/^[\x20-\x7e]*$/);
    expect(response.body).toContain('\\u00c9quipe \\u4e2d \\ud83d\\udea9');
    expect(feed.tasks).toEqual(expect.arrayContaining(['Web 100', 'Pwn 200']));
    // Not released yet: no column.
    expect(feed.tasks).not.toContain('Not yet');
    const bobRow = feed.standings.find((s) => s.team !== NAME);
    const aliceRow = feed.standings.find((s) => s.team === NAME);
    expect(bobRow).toMatchObject({ pos: 1, outward: true });
    expect(aliceRow).toMatchObject({ pos: 1, taskStats: { 'Web 100': { time: expect.any(Number) } } });
    expect(aliceRow?.outward).toBeUndefined();
    const time = aliceRow?.taskStats['Web 100']?.time ?? 0;
    // Unix seconds, not milliseconds.
    expect(Math.abs(time - Math.floor(ctx.clock.now().getTime() / 1000))).toBeLessThan(3600);
    expect(aliceRow?.lastAccept).toBe(time);
  });

  it('answers 304 to its ETag', async () => {
    const { response } = await feedOf(anonymous);
    const etag = String(response.headers.etag);
    const again = await anonymous.get(`/api/game/${gameId}/ctftime`, { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    const division = await feedOf(anonymous, `?division=${open.id}`);
    expect(division.response.headers.etag).not.toBe(etag);
  });

  it('ranks within a division with ?division and a phase with ?phase; unknown ones are 404', async () => {
    const { feed } = await feedOf(anonymous, `?division=${guests.id}`);
    expect(feed.standings).toHaveLength(1);
    expect(feed.standings[0]).toMatchObject({ pos: 1 });
    expect(feed.standings[0]?.outward).toBeUndefined();
    const phased = await feedOf(anonymous, `?phase=${phaseId}`);
    expect(phased.feed.tasks).toEqual(['Web 100']);
    expectError(await anonymous.get(`/api/game/${gameId}/ctftime?division=999999`), 404);
    expectError(await anonymous.get(`/api/game/${gameId}/ctftime?phase=999999`), 404);
    expectError(await anonymous.get(`/api/game/${gameId}/ctftime?division=x`), 400);
    expectError(await anonymous.get('/api/game/999999/ctftime'), 404);
  });

  it('shows the frozen board during a freeze, to organisers too', async () => {
    ctx.clock.set(new Date(freezeAt + 5 * MINUTE));
    await solve(alice, ids.late);
    for (const client of [anonymous, admin]) {
      const { feed } = await feedOf(client);
      const row = feed.standings.find((s) => s.team === NAME);
      expect(row?.taskStats['Pwn 200']).toBeUndefined();
    }
    // The live board has it (organisers).
    const live = ok<{ items: { id: number; solvedCount: number }[] }>(
      await admin.get(`/api/game/${gameId}/scoreboard`),
    );
    expect(live.items.find((item) => item.id === alice.teamId)?.solvedCount).toBe(2);
  });
});
