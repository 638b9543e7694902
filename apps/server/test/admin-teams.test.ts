import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client';
import { createTeam, del, expectError, ok, signUp, signUpAdmin, userId } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { acceptParticipation, createGame } from './play-fixtures';

interface TeamInfo {
  id: number;
  name: string;
  bio: string;
  locked: boolean;
  members: Array<{ userName: string; captain: boolean }>;
}
interface Page<T> {
  data: T[];
  length: number;
  total: number;
}

let ctx: TestContext;
let admin: TestClient;
let captain: TestClient;
let captains = 0;

/** A team with a captain of its own (a user captains at most three teams). */
async function teamOfNewCaptain(name: string) {
  captains += 1;
  const client = await signUp(ctx, `cap_${captains}`);
  return { client, team: await createTeam(client, name), userName: `cap_${captains}` };
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx, 'teams_admin');
  captain = await signUp(ctx, 'team_cap');
});
afterAll(() => ctx.close());

describe('GET /api/admin/teams and search', () => {
  it('pages every team with its members and finds teams by name or id', async () => {
    const alpha = await createTeam(captain, 'Alpha Squad');
    await createTeam(captain, 'Beta Squad');
    const page = ok<Page<TeamInfo>>(await admin.get('/api/admin/teams?count=1'));
    expect(page).toMatchObject({ length: 1, total: 2 });
    expect(ok<Page<TeamInfo>>(await admin.get('/api/admin/teams?count=5&skip=1')).data.map((t) => t.name)).toEqual([
      'Beta Squad',
    ]);
    expect(page.data[0]?.members).toEqual([expect.objectContaining({ userName: 'team_cap', captain: true })]);
    const byName = ok<Page<TeamInfo>>(await admin.post('/api/admin/teams/search?hint=squad'));
    expect(byName.data.map((t) => t.name).sort()).toEqual(['Alpha Squad', 'Beta Squad']);
    const byId = ok<Page<TeamInfo>>(await admin.post(`/api/admin/teams/search?hint=${alpha.id}`));
    expect(byId.data.map((t) => t.id)).toContain(alpha.id);
    expectError(await admin.post('/api/admin/teams/search'), 400);
  });
});

describe('PUT /api/admin/teams/{id}', () => {
  it('edits name, bio and the lock; absent fields stay', async () => {
    const { client: captain, team } = await teamOfNewCaptain('Gamma');
    ok(await admin.put(`/api/admin/teams/${team.id}`, { name: 'Gamma Renamed', locked: true }));
    const edited = ok<TeamInfo>(await captain.get(`/api/team/${team.id}`));
    expect(edited).toMatchObject({ name: 'Gamma Renamed', locked: true });
    // The captain cannot delete a locked team; the admin can unlock it.
    expectError(await del(captain, `/api/team/${team.id}`), 400);
    ok(await admin.put(`/api/admin/teams/${team.id}`, { locked: false, bio: 'new bio' }));
    expect(ok<TeamInfo>(await captain.get(`/api/team/${team.id}`))).toMatchObject({
      name: 'Gamma Renamed',
      bio: 'new bio',
      locked: false,
    });
  });

  it('refuses bad values and unknown teams', async () => {
    const { client: captain, team } = await teamOfNewCaptain('Delta');
    expectError(await admin.put(`/api/admin/teams/${team.id}`, { name: '' }), 400);
    expectError(await admin.put(`/api/admin/teams/${team.id}`, { name: 'x'.repeat(21) }), 400);
    expectError(await admin.put(`/api/admin/teams/${team.id}`, { locked: 'yes' }), 400);
    expectError(await admin.put('/api/admin/teams/999999', { bio: 'x' }), 404);
    expectError(await admin.put('/api/admin/teams/999999', {}), 404);
    expect(ok<TeamInfo>(await captain.get(`/api/team/${team.id}`)).name).toBe('Delta');
  });
});

describe('DELETE /api/admin/teams/{id}', () => {
  it('deletes a team with its game entries, even while it plays', async () => {
    const { client: captain, team, userName } = await teamOfNewCaptain('Epsilon');
    const now = ctx.clock.now().getTime();
    const gameId = await createGame(ctx.db, { start: new Date(now - 1000), end: new Date(now + 3_600_000) });
    await acceptParticipation(ctx.db, gameId, team.id, [await userId(ctx, userName)]);
    ok(await del(admin, `/api/admin/teams/${team.id}`));
    expectError(await captain.get(`/api/team/${team.id}`), 404);
    const entries = await ctx.db.selectFrom('participations').select('id').where('team_id', '=', team.id).execute();
    expect(entries).toEqual([]);
    expectError(await del(admin, `/api/admin/teams/${team.id}`), 404);
  });
});

describe('PUT /api/admin/participation/{id}', () => {
  it('reviews an entry with the organiser’s rules and refuses impossible moves', async () => {
    const { team, userName } = await teamOfNewCaptain('Zeta');
    const now = ctx.clock.now().getTime();
    const gameId = await createGame(ctx.db, { start: new Date(now - 1000), end: new Date(now + 3_600_000) });
    const id = await acceptParticipation(ctx.db, gameId, team.id, [await userId(ctx, userName)], 'Pending');
    ok(await admin.put(`/api/admin/participation/${id}`, { status: 'Accepted' }));
    ok(await admin.put(`/api/admin/participation/${id}`, { status: 'Suspended' }));
    expectError(await admin.put(`/api/admin/participation/${id}`, { status: 'Unsubmitted' }), 400);
    expectError(await admin.put(`/api/admin/participation/${id}`, { status: 'Nope' }), 400);
    expectError(await admin.put('/api/admin/participation/999999', { status: 'Accepted' }), 404);
    const row = await ctx.db.selectFrom('participations').select('status').where('id', '=', id).executeTakeFirst();
    expect(row?.status).toBe('Suspended');
  });
});
