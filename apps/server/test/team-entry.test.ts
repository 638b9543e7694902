import { GamePermission } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client';
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
import { createTestContext, type TestContext } from './harness';

/** A team's members come into a game with it (docs/teams-and-game-entry.md, "Team entry"). */
let ctx: TestContext;
let admin: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx, 'teadmin');
  // The embedded database can take over a minute to start on a busy machine.
}, 240_000);
afterAll(() => ctx.close());

interface Check {
  joinedTeams: Array<{ id: number; division: number | null; name: string; status: string; players: string[] }>;
}

let counter = 0;
/** A team of `size` members (the captain first), each signed in; returns their clients and user ids. */
async function team(size: number) {
  counter += 1;
  const names = Array.from({ length: size }, (_, i) => `te${counter}m${i}`);
  const clients: TestClient[] = [];
  for (const name of names) clients.push(await signUp(ctx, name));
  const [captain] = clients as [TestClient];
  const info = await createTeam(captain, `Entry ${counter}`);
  for (const member of clients.slice(1)) await addMember(captain, member, info.id);
  const ids = await Promise.all(names.map((name) => userId(ctx, name)));
  return { id: info.id, captain, clients, ids };
}

async function players(gameId: number, teamId: number): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('participation_members')
    .innerJoin('participations', 'participations.id', 'participation_members.participation_id')
    .select('participation_members.user_id')
    .where('participations.game_id', '=', gameId)
    .where('participations.team_id', '=', teamId)
    .execute();
  return rows.map((row) => row.user_id).sort();
}

const sorted = (ids: Array<string | undefined>) => [...(ids as string[])].sort();

async function entryId(gameId: number, teamId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('participations')
    .select('id')
    .where('game_id', '=', gameId)
    .where('team_id', '=', teamId)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('entering a game brings the team', () => {
  it('every member comes in when the game has no member limit; the review lists them all', async () => {
    const t = await team(3);
    const game = await createGame(ctx, admin);
    ok(await t.captain.post(`/api/game/${game.id}`, { teamId: t.id }));
    expect(await players(game.id, t.id)).toEqual(sorted(t.ids));
    const second = t.clients[1] as (typeof t.clients)[number];
    expect(ok<{ status: string; teamName: string }>(await second.get(`/api/game/${game.id}`))).toMatchObject({
      status: 'Pending',
      teamName: `Entry ${counter}`,
    });
    const list = ok<Array<{ registeredMembers: string[] }>>(await admin.get(`/api/game/${game.id}/participations`));
    expect(sorted(list[0]?.registeredMembers ?? [])).toEqual(sorted(t.ids));
  });

  it('up to the limit, in the order the members joined the team; the others are listed as not playing', async () => {
    const t = await team(4);
    const game = await createGame(ctx, admin, { teamMemberCountLimit: 3, acceptWithoutReview: true });
    ok(await t.captain.post(`/api/game/${game.id}`, { teamId: t.id }));
    expect(await players(game.id, t.id)).toEqual(sorted(t.ids.slice(0, 3)));
    const fourth = t.clients[3] as TestClient;
    expect(ok<{ status: string }>(await fourth.get(`/api/game/${game.id}`)).status).toBe('Unsubmitted');
    const check = ok<Check>(await fourth.get(`/api/game/${game.id}/check`));
    expect(check.joinedTeams).toEqual([
      { id: t.id, division: null, name: expect.any(String), status: 'Accepted', players: expect.any(Array) },
    ]);
    expect(sorted(check.joinedTeams[0]?.players ?? [])).toEqual(sorted(t.ids.slice(0, 3)));
    // The fourth member's own join finds the team full, as the reference's limit says.
    expectError(await fourth.post(`/api/game/${game.id}`, { teamId: t.id }), 400);
  });

  it('a member playing for another team in the game stays there', async () => {
    const t = await team(2);
    const mate = t.clients[1] as TestClient;
    const other = await createTeam(mate, `Other ${counter}`);
    const game = await createGame(ctx, admin);
    ok(await mate.post(`/api/game/${game.id}`, { teamId: other.id }));
    ok(await t.captain.post(`/api/game/${game.id}`, { teamId: t.id }));
    expect(await players(game.id, t.id)).toEqual([t.ids[0]]);
    expect(await players(game.id, other.id)).toEqual([t.ids[1]]);
  });

  it('the captain chooses who plays beyond the limit when entering', async () => {
    const t = await team(4);
    const game = await createGame(ctx, admin, { teamMemberCountLimit: 2 });
    const [, second, third] = t.clients as [TestClient, TestClient, TestClient];
    // Only the captain chooses; members outside the team and more than the limit are refused.
    expectError(await second.post(`/api/game/${game.id}`, { teamId: t.id, members: [t.ids[3]] }), 403);
    expectError(await t.captain.post(`/api/game/${game.id}`, { teamId: t.id, members: [t.ids[2], t.ids[3]] }), 400);
    expectError(
      await t.captain.post(`/api/game/${game.id}`, { teamId: t.id, members: [await userId(ctx, 'teadmin')] }),
      400,
    );
    expect(await players(game.id, t.id)).toEqual([]);
    ok(await t.captain.post(`/api/game/${game.id}`, { teamId: t.id, members: [t.ids[3]] }));
    expect(await players(game.id, t.id)).toEqual(sorted([t.ids[0], t.ids[3]]));
    expect(ok<{ status: string }>(await third.get(`/api/game/${game.id}`)).status).toBe('Unsubmitted');
  });

  it('the captain changes who plays later, within the limit and the team', async () => {
    const t = await team(3);
    const outsider = await team(1);
    const game = await createGame(ctx, admin, { teamMemberCountLimit: 2 });
    const [, second, third] = t.clients as [TestClient, TestClient, TestClient];
    expectError(await t.captain.put(`/api/game/${game.id}/roster`, { teamId: t.id, members: [t.ids[0]] }), 400);
    ok(await t.captain.post(`/api/game/${game.id}`, { teamId: t.id }));
    ok(await outsider.captain.post(`/api/game/${game.id}`, { teamId: outsider.id }));
    const invalidations = record(ctx, 'scoreboard:invalidate');
    ok(await t.captain.put(`/api/game/${game.id}/roster`, { teamId: t.id, members: [t.ids[0], t.ids[2]] }));
    expect(invalidations).toContainEqual({ gameId: game.id });
    expect(await players(game.id, t.id)).toEqual(sorted([t.ids[0], t.ids[2]]));
    expect(ok<{ status: string }>(await second.get(`/api/game/${game.id}`)).status).toBe('Unsubmitted');
    expect(ok<{ status: string }>(await third.get(`/api/game/${game.id}`)).status).toBe('Pending');
    // The captain may leave themselves out.
    ok(await t.captain.put(`/api/game/${game.id}/roster`, { teamId: t.id, members: [t.ids[1], t.ids[2]] }));
    expect(await players(game.id, t.id)).toEqual(sorted([t.ids[1], t.ids[2]]));

    const put = (client: TestClient, body: unknown, id = game.id) => client.put(`/api/game/${id}/roster`, body);
    expectError(await put(second, { teamId: t.id, members: [t.ids[1]] }), 403);
    expectError(await put(t.captain, { teamId: t.id, members: t.ids }), 400);
    expectError(await put(t.captain, { teamId: t.id, members: [outsider.ids[0]] }), 400);
    expectError(await put(t.captain, { teamId: t.id, members: [] }), 400);
    expectError(await put(t.captain, { teamId: 999999, members: [t.ids[0]] }), 404);
    expectError(await put(t.captain, { teamId: t.id, members: [t.ids[0]] }, 999999), 404);
    // A team member who plays for another team in the game cannot be chosen.
    const fourth = await signUp(ctx, `te${counter}late`);
    const elsewhere = await createTeam(fourth, `Elsewhere ${counter}`);
    ok(await fourth.post(`/api/game/${game.id}`, { teamId: elsewhere.id }));
    await addMember(t.captain, fourth, t.id);
    expectError(await put(t.captain, { teamId: t.id, members: [await userId(ctx, `te${counter}late`)] }), 400);
  });
});

describe('a member added to the team later', () => {
  it('follows an Accepted entry with room and plays at once', async () => {
    const t = await team(1);
    const game = await createGame(ctx, admin, { teamMemberCountLimit: 2, acceptWithoutReview: true });
    ok(await t.captain.post(`/api/game/${game.id}`, { teamId: t.id }));
    const late = await signUp(ctx, `te${counter}late`);
    const invalidations = record(ctx, 'scoreboard:invalidate');
    await addMember(t.captain, late, t.id);
    expect(invalidations).toContainEqual({ gameId: game.id });
    expect(ok<{ status: string }>(await late.get(`/api/game/${game.id}`)).status).toBe('Accepted');
    ok(await late.get(`/api/game/${game.id}/details`));
  });

  it('does not follow when the roster is full, into an ended game, or a Rejected entry', async () => {
    const now = ctx.clock.now().getTime();
    const t = await team(2);
    const full = await createGame(ctx, admin, { teamMemberCountLimit: 2 });
    const ended = await createGame(ctx, admin, { start: now - 3 * HOUR, end: now + HOUR, practiceMode: false });
    const rejected = await createGame(ctx, admin);
    for (const game of [full, ended, rejected]) ok(await t.captain.post(`/api/game/${game.id}`, { teamId: t.id }));
    ok(await admin.put(`/api/admin/participation/${await entryId(rejected.id, t.id)}`, { status: 'Rejected' }));
    ctx.clock.advance(2 * HOUR);
    const late = await signUp(ctx, `te${counter}late`);
    await addMember(t.captain, late, t.id);
    for (const game of [full, ended, rejected]) {
      expect(await players(game.id, t.id)).toEqual(sorted(t.ids));
    }
    expect(ok<Check>(await late.get(`/api/game/${full.id}/check`)).joinedTeams[0]?.players).toHaveLength(2);
  });

  it('follows a Pending entry of a RequireReview division into its division and waits for the review', async () => {
    const t = await team(1);
    const game = await createGame(ctx, admin, { inviteCode: 'door' });
    const { JoinGame, RequireReview, All } = GamePermission;
    const reviewed = ok<{ id: number }>(
      await admin.post(`/api/edit/games/${game.id}/divisions`, {
        name: 'Reviewed',
        defaultPermissions: JoinGame | RequireReview,
      }),
    );
    ok(await admin.post(`/api/edit/games/${game.id}/divisions`, { name: 'Open', defaultPermissions: All }));
    ok(await t.captain.post(`/api/game/${game.id}`, { teamId: t.id, divisionId: reviewed.id, inviteCode: 'door' }));
    // The division closes for new teams: the entry stands, so the late member still follows it.
    ok(await admin.put(`/api/edit/games/${game.id}/divisions/${reviewed.id}`, { defaultPermissions: RequireReview }));
    const late = await signUp(ctx, `te${counter}late`);
    await addMember(t.captain, late, t.id);
    expect(ok<{ status: string; division: number }>(await late.get(`/api/game/${game.id}`))).toMatchObject({
      status: 'Pending',
      division: reviewed.id,
    });
    expectError(await late.get(`/api/game/${game.id}/details`), 400);
  });
});

describe('a GZCTF client’s own join call', () => {
  it('answers 200 once for a member the team brought in, then as the reference does', async () => {
    const t = await team(2);
    const game = await createGame(ctx, admin, { inviteCode: 'club' });
    const mate = t.clients[1] as TestClient;
    ok(await t.captain.post(`/api/game/${game.id}`, { teamId: t.id, inviteCode: 'club' }));
    // The reference's client has each member join: the brought-in member's join succeeds, with or without the code.
    ok(await mate.post(`/api/game/${game.id}`, { teamId: t.id }));
    expectError(await mate.post(`/api/game/${game.id}`, { teamId: t.id }), 400);
    expectError(await t.captain.post(`/api/game/${game.id}`, { teamId: t.id, inviteCode: 'club' }), 400);
    // With another team of theirs: already in the game.
    const other = await createTeam(mate, `Mate's ${counter}`);
    expectError(await mate.post(`/api/game/${game.id}`, { teamId: other.id, inviteCode: 'club' }), 400);
    expect(await players(game.id, t.id)).toEqual(sorted(t.ids));
  });

  it('a member who left the Pending entry is out, and may join again', async () => {
    const t = await team(2);
    const game = await createGame(ctx, admin);
    const mate = t.clients[1] as TestClient;
    ok(await t.captain.post(`/api/game/${game.id}`, { teamId: t.id }));
    ok(await del(mate, `/api/game/${game.id}`));
    expect(ok<{ status: string }>(await mate.get(`/api/game/${game.id}`)).status).toBe('Unsubmitted');
    expect(ok<Check>(await mate.get(`/api/game/${game.id}/check`)).joinedTeams[0]?.players).toEqual([t.ids[0]]);
    ok(await mate.post(`/api/game/${game.id}`, { teamId: t.id }));
    expect(await players(game.id, t.id)).toEqual(sorted(t.ids));
  });
});
