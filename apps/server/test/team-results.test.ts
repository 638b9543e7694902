import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client';
import { createGame, createTeam, expectError, HOUR, ok, signUp, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';

/** `GET /api/team/{id}/games`: a team's public record (docs/teams-and-game-entry.md, "Public team pages"). */
let ctx: TestContext;
let admin: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx, 'resadmin');
});
afterAll(() => ctx.close());

interface Result {
  game: { id: number; title: string };
  rank: number;
  score: number;
  solvedCount: number;
  challengeCount: number;
  teamCount: number;
}

async function accept(gameId: number, teamId: number) {
  const entry = await ctx.db
    .selectFrom('participations')
    .select('id')
    .where('game_id', '=', gameId)
    .where('team_id', '=', teamId)
    .executeTakeFirstOrThrow();
  ok(await admin.put(`/api/admin/participation/${entry.id}`, { status: 'Accepted' }));
}

describe('a team’s games', () => {
  it('lists Accepted entries in visible games, latest first, with the team’s standing; anyone may read it', async () => {
    const now = ctx.clock.now().getTime();
    const player = await signUp(ctx, 'resplayer');
    const rival = await signUp(ctx, 'resrival');
    const team = await createTeam(player, 'Recorded');
    const rivalTeam = await createTeam(rival, 'Rivals');
    const older = await createGame(ctx, admin, { title: 'Older', start: now - 5 * HOUR, end: now + HOUR });
    const newer = await createGame(ctx, admin, { title: 'Newer', start: now - HOUR, end: now + HOUR });
    const secret = await createGame(ctx, admin, { title: 'Secret', hidden: true });
    const pending = await createGame(ctx, admin, { title: 'Pending' });

    const challenge = ok<{ id: number }>(
      await admin.post(`/api/edit/games/${older.id}/challenges`, { title: 'One', type: 'StaticAttachment' }),
    );
    ok(await admin.post(`/api/edit/games/${older.id}/challenges/${challenge.id}/flags`, [{ flag: 'flag{one}' }]));
    ok(await admin.put(`/api/edit/games/${older.id}/challenges/${challenge.id}`, { isEnabled: true }));

    for (const game of [older, newer, secret, pending])
      ok(await player.post(`/api/game/${game.id}`, { teamId: team.id }));
    for (const game of [older, newer, secret]) await accept(game.id, team.id);
    ok(await rival.post(`/api/game/${older.id}`, { teamId: rivalTeam.id }));
    await accept(older.id, rivalTeam.id);

    const id = ok<number>(await player.post(`/api/game/${older.id}/challenges/${challenge.id}`, { flag: 'flag{one}' }));
    await expect
      .poll(async () => ok<string>(await player.get(`/api/game/${older.id}/challenges/${challenge.id}/status/${id}`)))
      .toBe('Accepted');

    const anonymous = new TestClient(ctx.app, '10.8.7.1');
    await expect
      .poll(async () =>
        ok<Result[]>(await anonymous.get(`/api/team/${team.id}/games`)).map((r) => [r.game.title, r.rank]),
      )
      .toEqual([
        ['Newer', 0],
        ['Older', 1],
      ]);
    const [, olderResult] = ok<Result[]>(await anonymous.get(`/api/team/${team.id}/games`));
    expect(olderResult).toMatchObject({ score: 1050, solvedCount: 1, challengeCount: 1, teamCount: 2 });

    // The rival has not scored: no rank yet, though it is second on the list.
    const [rivalResult] = ok<Result[]>(await anonymous.get(`/api/team/${rivalTeam.id}/games`));
    expect(rivalResult).toMatchObject({ rank: 0, score: 0, solvedCount: 0 });

    expectError(await anonymous.get('/api/team/999999/games'), 404);
  });
});
