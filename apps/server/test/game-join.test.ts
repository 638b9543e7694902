import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client';
import {
  addMember,
  createGame,
  createTeam,
  del,
  expectError,
  HOUR,
  ok,
  record,
  signUp,
  signUpAdmin,
  userId,
} from './game-fixtures';
import { createTestContext, json, type TestContext } from './harness';

let ctx: TestContext;
let admin: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx, 'joinadmin');
});
afterAll(() => ctx.close());

interface Detailed {
  status: string;
  teamName: string | null;
  teamCount: number;
  inviteCodeRequired: boolean;
  [key: string]: unknown;
}

async function participationOf(gameId: number, teamId: number) {
  return ctx.db
    .selectFrom('participations')
    .selectAll()
    .where('game_id', '=', gameId)
    .where('team_id', '=', teamId)
    .executeTakeFirst();
}

describe('game lists', () => {
  it('lists visible games by start, paged, with ETag; hidden games only by id', async () => {
    const now = ctx.clock.now().getTime();
    const early = await createGame(ctx, admin, { title: 'Early', start: now - 10 * HOUR, end: now - 9 * HOUR });
    const late = await createGame(ctx, admin, { title: 'Late', start: now + 5 * HOUR, end: now + 6 * HOUR });
    const hidden = await createGame(ctx, admin, { title: 'Secret', hidden: true });
    const first = await ctx.app.inject({ url: '/api/game?count=50' });
    const page = json<{ data: Array<{ id: number; title: string; limit: number }>; length: number; total: number }>(
      first,
    );
    expect(page.data.map((g) => g.id)).not.toContain(hidden.id);
    expect(page.data.findIndex((g) => g.id === late.id)).toBeLessThan(page.data.findIndex((g) => g.id === early.id));
    expect(page.total).toBe(page.length);
    expect(page.data[0]).toEqual({
      id: late.id,
      title: 'Late',
      summary: '',
      poster: null,
      limit: 0,
      start: late.start,
      end: late.end,
    });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\//);
    expect((await ctx.app.inject({ url: '/api/game?count=50', headers: { 'if-none-match': etag } })).statusCode).toBe(
      304,
    );
    expect(json<{ data: unknown[] }>(await ctx.app.inject({ url: '/api/game?count=1&skip=1' })).data).toHaveLength(1);
    expect((await ctx.app.inject({ url: '/api/game?count=51' })).statusCode).toBe(400);

    // A change of any game gives a new body and ETag.
    ok(await admin.put(`/api/edit/games/${late.id}`, { title: 'Later', start: late.start, end: late.end }));
    const after = await ctx.app.inject({ url: '/api/game?count=50', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Later');

    const detail = json<Detailed>(await ctx.app.inject({ url: `/api/game/${hidden.id}` }));
    expect(detail).toMatchObject({
      title: 'Secret',
      hidden: true,
      status: 'Unsubmitted',
      teamName: null,
      teamCount: 0,
    });
    expectError(await ctx.app.inject({ url: '/api/game/999999' }), 404);
    expectError(await ctx.app.inject({ url: '/api/game/abc' }), 400);
  });

  it('orders recent games: running, upcoming, ended', async () => {
    const now = ctx.clock.now().getTime();
    const ended = await createGame(ctx, admin, { title: 'R-ended', start: now - 3 * HOUR, end: now - 2 * HOUR });
    const upcoming = await createGame(ctx, admin, { title: 'R-up', start: now + HOUR, end: now + 2 * HOUR });
    const running = await createGame(ctx, admin, { title: 'R-run', start: now - HOUR, end: now + HOUR });
    const response = await ctx.app.inject({ url: '/api/game/recent?limit=50' });
    const ids = json<Array<{ id: number }>>(response).map((g) => g.id);
    expect(ids.indexOf(running.id)).toBeLessThan(ids.indexOf(upcoming.id));
    expect(ids.indexOf(upcoming.id)).toBeLessThan(ids.indexOf(ended.id));
    const etag = String(response.headers.etag);
    expect(
      (await ctx.app.inject({ url: '/api/game/recent?limit=50', headers: { 'if-none-match': etag } })).statusCode,
    ).toBe(304);
    expect(json<unknown[]>(await ctx.app.inject({ url: '/api/game/recent?limit=2' }))).toHaveLength(2);
    expect((await ctx.app.inject({ url: '/api/game/recent?limit=-1' })).statusCode).toBe(400);
  });
});

describe('joining', () => {
  it('checks in order: game, time window (10002), team, membership, invite code, already joined, member limit', async () => {
    const now = ctx.clock.now().getTime();
    const captain = await signUp(ctx, 'jcap');
    const mate = await signUp(ctx, 'jmate');
    const third = await signUp(ctx, 'jthird');
    const outsider = await signUp(ctx, 'jout');
    const team = await createTeam(captain, 'Joiners');
    await addMember(captain, mate, team.id);
    await addMember(captain, third, team.id);
    const game = await createGame(ctx, admin, { inviteCode: 'letmein', teamMemberCountLimit: 2 });

    expectError(await captain.post('/api/game/999999', { teamId: team.id }), 404);
    const closed = await createGame(ctx, admin, { start: now - 3 * HOUR, end: now - HOUR, practiceMode: false });
    // Ended (non-practice) wins over every later check, even an unknown team.
    expectError(await captain.post(`/api/game/${closed.id}`, { teamId: 999999 }), 400, 10002);
    expectError(await captain.post(`/api/game/${game.id}`, { teamId: 999999 }), 404);
    expectError(await outsider.post(`/api/game/${game.id}`, { teamId: team.id, inviteCode: 'letmein' }), 400);
    expectError(await captain.post(`/api/game/${game.id}`, { teamId: team.id }), 400);
    expectError(await captain.post(`/api/game/${game.id}`, { teamId: team.id, inviteCode: 'wrong' }), 400);
    ok(await captain.post(`/api/game/${game.id}`, { teamId: team.id, inviteCode: 'letmein' }));
    expectError(await captain.post(`/api/game/${game.id}`, { teamId: team.id, inviteCode: 'letmein' }), 400);
    ok(await mate.post(`/api/game/${game.id}`, { teamId: team.id, inviteCode: 'letmein' }));
    expectError(await third.post(`/api/game/${game.id}`, { teamId: team.id, inviteCode: 'letmein' }), 400);

    const participation = await participationOf(game.id, team.id);
    expect(participation?.status).toBe('Pending');
    const detail = ok<Detailed>(await mate.get(`/api/game/${game.id}`));
    expect(detail).toMatchObject({ status: 'Pending', teamName: 'Joiners', inviteCodeRequired: true, teamCount: 0 });

    // One team per user per game.
    const other = await createTeam(mate, 'Other');
    expectError(await mate.post(`/api/game/${game.id}`, { teamId: other.id, inviteCode: 'letmein' }), 400);
  });

  it('practice mode lets teams join after the end; joining before the start is fine', async () => {
    const now = ctx.clock.now().getTime();
    const player = await signUp(ctx, 'practiser');
    const team = await createTeam(player, 'Practice');
    const ended = await createGame(ctx, admin, { start: now - 3 * HOUR, end: now - HOUR, practiceMode: true });
    ok(await player.post(`/api/game/${ended.id}`, { teamId: team.id }));
    const future = await createGame(ctx, admin, { start: now + HOUR, end: now + 2 * HOUR });
    ok(await player.post(`/api/game/${future.id}`, { teamId: team.id }));
  });

  it('auto-accepts without review and invalidates the scoreboard', async () => {
    const player = await signUp(ctx, 'auto');
    const team = await createTeam(player, 'Auto');
    const game = await createGame(ctx, admin, { acceptWithoutReview: true });
    const invalidations = record(ctx, 'scoreboard:invalidate');
    ok(await player.post(`/api/game/${game.id}`, { teamId: team.id }));
    expect((await participationOf(game.id, team.id))?.status).toBe('Accepted');
    expect(invalidations).toContainEqual({ gameId: game.id });
    expect(ok<Detailed>(await player.get(`/api/game/${game.id}`))).toMatchObject({ status: 'Accepted', teamCount: 1 });
    // Accepted: leaving is no longer possible.
    expectError(await del(player, `/api/game/${game.id}`), 400);
  });

  it('a rejected team may join again (with another team too); leaving works while pending or rejected', async () => {
    const player = await signUp(ctx, 'rejoin');
    const team = await createTeam(player, 'Rejoin');
    const team2 = await createTeam(player, 'Rejoin2');
    const game = await createGame(ctx, admin);
    ok(await player.post(`/api/game/${game.id}`, { teamId: team.id }));
    const first = await participationOf(game.id, team.id);
    ok(await admin.put(`/api/admin/participation/${first?.id}`, { status: 'Rejected' }));
    expect(ok<Detailed>(await player.get(`/api/game/${game.id}`)).status).toBe('Rejected');
    // Rejected is final for organisers.
    expectError(await admin.put(`/api/admin/participation/${first?.id}`, { status: 'Accepted' }), 400);
    // The user re-joins the same team: the entry reopens as Pending.
    ok(await player.post(`/api/game/${game.id}`, { teamId: team.id }));
    expect((await participationOf(game.id, team.id))?.status).toBe('Pending');
    ok(await admin.put(`/api/admin/participation/${first?.id}`, { status: 'Rejected' }));
    // Or with another team: the old roster row goes.
    ok(await player.post(`/api/game/${game.id}`, { teamId: team2.id }));
    const roster = await ctx.db
      .selectFrom('participation_members')
      .select('participation_id')
      .where('game_id', '=', game.id)
      .where('user_id', '=', await userId(ctx, 'rejoin'))
      .execute();
    expect(roster).toEqual([{ participation_id: (await participationOf(game.id, team2.id))?.id }]);

    ok(await del(player, `/api/game/${game.id}`));
    expect(await participationOf(game.id, team2.id)).toBeUndefined();
    expect(ok<Detailed>(await player.get(`/api/game/${game.id}`)).status).toBe('Unsubmitted');
    expectError(await del(player, `/api/game/${game.id}`), 400);
    expectError(await del(player, '/api/game/999999'), 404);
  });

  it('rejects bad bodies and anonymous callers', async () => {
    const player = await signUp(ctx, 'badbody');
    const game = await createGame(ctx, admin);
    expectError(await new TestClient(ctx.app, '10.8.3.1').post(`/api/game/${game.id}`, { teamId: 1 }), 401);
    expectError(await player.post(`/api/game/${game.id}`, {}), 400);
    expectError(await player.post(`/api/game/${game.id}`, { teamId: 'one' }), 400);
    expectError(await player.post(`/api/game/${game.id}`, { teamId: 0 }), 400);
    expectError(await player.post(`/api/game/${game.id}`, { teamId: 1, inviteCode: 'x'.repeat(33) }), 400);
  });
});

describe('review', () => {
  it('lists participations with team, members and roster; applies the allowed transitions', async () => {
    const captain = await signUp(ctx, 'rcap');
    const mate = await signUp(ctx, 'rmate');
    const team = await createTeam(captain, 'Reviewed');
    await addMember(captain, mate, team.id);
    const game = await createGame(ctx, admin);
    ok(await captain.post(`/api/game/${game.id}`, { teamId: team.id }));
    const list = ok<Array<Record<string, unknown>>>(await admin.get(`/api/game/${game.id}/participations`));
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      team: {
        id: team.id,
        name: 'Reviewed',
        locked: true,
        captainId: await userId(ctx, 'rcap'),
        members: [expect.objectContaining({ userName: 'rcap' }), expect.objectContaining({ userName: 'rmate' })],
      },
      // The team's members came in with the entry (team entry rules).
      registeredMembers: expect.arrayContaining([await userId(ctx, 'rcap'), await userId(ctx, 'rmate')]),
      divisionId: null,
      status: 'Pending',
    });
    const id = list[0]?.id as number;
    const invalidations = record(ctx, 'scoreboard:invalidate');
    expectError(await admin.put(`/api/admin/participation/${id}`, { status: 'Suspended' }), 400);
    expectError(await admin.put(`/api/admin/participation/${id}`, { status: 'Unsubmitted' }), 400);
    ok(await admin.put(`/api/admin/participation/${id}`, { status: 'Accepted' }));
    expect(invalidations).toContainEqual({ gameId: game.id });
    expectError(await admin.put(`/api/admin/participation/${id}`, { status: 'Rejected' }), 400);
    ok(await admin.put(`/api/admin/participation/${id}`, { status: 'Suspended' }));
    expectError(await admin.put(`/api/admin/participation/${id}`, { status: 'Pending' }), 400);
    ok(await admin.put(`/api/admin/participation/${id}`, { status: 'Accepted' }));
    ok(await admin.put(`/api/admin/participation/${id}`, { status: 'Accepted' }));
    ok(await admin.put(`/api/admin/participation/${id}`, {}));
    expectError(await admin.put(`/api/admin/participation/${id}`, { status: 'Winner' }), 400);
    expectError(await admin.put('/api/admin/participation/999999', { status: 'Accepted' }), 404);
    expectError(await admin.get('/api/game/999999/participations'), 404);
  });
});
