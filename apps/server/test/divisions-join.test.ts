import { type Division, GamePermission } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client';
import { addMember, createGame, createTeam, expectError, ok, record, signUp, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';

/** Joining a game with divisions, the join check and the division in the review (docs/teams-and-game-entry.md). */
let ctx: TestContext;
let admin: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx, 'djadmin');
});
afterAll(() => ctx.close());

const { All, JoinGame, RequireReview } = GamePermission;

interface Check {
  joinedTeams: Array<{ id: number; division: number | null; name: string; status: string }>;
  joinableDivisions: number[];
}

async function division(gameId: number, body: Record<string, unknown>): Promise<Division> {
  return ok<Division>(await admin.post(`/api/edit/games/${gameId}/divisions`, body));
}

async function entryOf(gameId: number, teamId: number) {
  return ctx.db
    .selectFrom('participations')
    .selectAll()
    .where('game_id', '=', gameId)
    .where('team_id', '=', teamId)
    .executeTakeFirstOrThrow();
}

let counter = 0;
/** A signed-in captain of a fresh team. */
async function captainWithTeam(): Promise<{ client: TestClient; teamId: number }> {
  counter += 1;
  const client = await signUp(ctx, `djcap${counter}`);
  return { client, teamId: (await createTeam(client, `DJ team ${counter}`)).id };
}

describe('joining a game with divisions', () => {
  let gameId: number;
  let open: Division;
  let coded: Division;
  let reviewed: Division;
  let closed: Division;

  beforeAll(async () => {
    gameId = (await createGame(ctx, admin, { inviteCode: 'game-code', acceptWithoutReview: false })).id;
    open = await division(gameId, { name: 'Open', defaultPermissions: All });
    coded = await division(gameId, { name: 'Coded', inviteCode: 'div-code', defaultPermissions: All & ~RequireReview });
    reviewed = await division(gameId, { name: 'Reviewed', defaultPermissions: JoinGame | RequireReview });
    closed = await division(gameId, { name: 'Closed', defaultPermissions: All & ~JoinGame });
  });

  it('lists the divisions on the game and the joinable ones in the check', async () => {
    const { client } = await captainWithTeam();
    const detail = ok<{ divisions: unknown[]; division: number | null }>(await client.get(`/api/game/${gameId}`));
    expect(detail.divisions).toEqual([
      { id: open.id, name: 'Open', inviteCodeRequired: false },
      { id: coded.id, name: 'Coded', inviteCodeRequired: true },
      { id: reviewed.id, name: 'Reviewed', inviteCodeRequired: false },
      { id: closed.id, name: 'Closed', inviteCodeRequired: false },
    ]);
    expect(detail.division).toBeNull();
    expect(ok<Check>(await client.get(`/api/game/${gameId}/check`))).toEqual({
      joinedTeams: [],
      joinableDivisions: [open.id, coded.id, reviewed.id],
    });
  });

  it('requires a joinable division, and refuses one that is not joinable or unknown', async () => {
    const { client, teamId } = await captainWithTeam();
    expectError(await client.post(`/api/game/${gameId}`, { teamId, inviteCode: 'game-code' }), 400);
    expectError(
      await client.post(`/api/game/${gameId}`, { teamId, divisionId: closed.id, inviteCode: 'game-code' }),
      400,
    );
    expectError(
      await client.post(`/api/game/${gameId}`, { teamId, divisionId: 999_999, inviteCode: 'game-code' }),
      400,
    );
    expect(await ctx.db.selectFrom('participations').select('id').where('team_id', '=', teamId).execute()).toEqual([]);
  });

  it('asks for the division’s own code when it has one, else the game’s', async () => {
    const first = await captainWithTeam();
    expectError(
      await first.client.post(`/api/game/${gameId}`, {
        teamId: first.teamId,
        divisionId: coded.id,
        inviteCode: 'game-code',
      }),
      400,
    );
    ok(
      await first.client.post(`/api/game/${gameId}`, {
        teamId: first.teamId,
        divisionId: coded.id,
        inviteCode: 'div-code',
      }),
    );
    // The division has no RequireReview: accepted at once, although the game reviews teams.
    expect(await entryOf(gameId, first.teamId)).toMatchObject({ division_id: coded.id, status: 'Accepted' });

    const second = await captainWithTeam();
    expectError(
      await second.client.post(`/api/game/${gameId}`, {
        teamId: second.teamId,
        divisionId: open.id,
        inviteCode: 'div-code',
      }),
      400,
    );
    ok(
      await second.client.post(`/api/game/${gameId}`, {
        teamId: second.teamId,
        divisionId: open.id,
        inviteCode: 'game-code',
      }),
    );
  });

  it('leaves a team of a RequireReview division Pending, and the organiser reviews it', async () => {
    const { client, teamId } = await captainWithTeam();
    const invalidations = record(ctx, 'scoreboard:invalidate');
    ok(await client.post(`/api/game/${gameId}`, { teamId, divisionId: reviewed.id, inviteCode: 'game-code' }));
    expect(invalidations).toContainEqual({ gameId });
    const entry = await entryOf(gameId, teamId);
    expect(entry).toMatchObject({ division_id: reviewed.id, status: 'Pending' });
    expect(ok<Check>(await client.get(`/api/game/${gameId}/check`)).joinedTeams).toEqual([
      { id: teamId, division: reviewed.id, name: expect.any(String), status: 'Pending', players: expect.any(Array) },
    ]);
    expect(ok<{ division: number | null }>(await client.get(`/api/game/${gameId}`)).division).toBe(reviewed.id);
    ok(await admin.put(`/api/admin/participation/${entry.id}`, { status: 'Accepted', divisionId: reviewed.id }));
    expect(await entryOf(gameId, teamId)).toMatchObject({ division_id: reviewed.id, status: 'Accepted' });
  });

  it('a late member follows the team into its division without a code; another division is refused', async () => {
    const { client, teamId } = await captainWithTeam();
    ok(await client.post(`/api/game/${gameId}`, { teamId, divisionId: coded.id, inviteCode: 'div-code' }));
    const late = await signUp(ctx, 'djlate');
    const later = await signUp(ctx, 'djlater');
    await addMember(client, late, teamId);
    await addMember(client, later, teamId);
    expectError(await late.post(`/api/game/${gameId}`, { teamId, divisionId: open.id }), 400);
    ok(await late.post(`/api/game/${gameId}`, { teamId }));
    ok(await later.post(`/api/game/${gameId}`, { teamId, divisionId: coded.id }));
    expect(await entryOf(gameId, teamId)).toMatchObject({ division_id: coded.id, status: 'Accepted' });
  });

  it('a Rejected team loses its division and may apply again in another one', async () => {
    const { client, teamId } = await captainWithTeam();
    ok(await client.post(`/api/game/${gameId}`, { teamId, divisionId: reviewed.id, inviteCode: 'game-code' }));
    const entry = await entryOf(gameId, teamId);
    ok(await admin.put(`/api/admin/participation/${entry.id}`, { status: 'Rejected', divisionId: reviewed.id }));
    expect(await entryOf(gameId, teamId)).toMatchObject({ division_id: null, status: 'Rejected' });
    ok(await client.post(`/api/game/${gameId}`, { teamId, divisionId: coded.id, inviteCode: 'div-code' }));
    expect(await entryOf(gameId, teamId)).toMatchObject({ id: entry.id, division_id: coded.id, status: 'Accepted' });
  });

  it('the review always applies the division: another one moves the team, null clears it, an unknown one is 404', async () => {
    const { client, teamId } = await captainWithTeam();
    ok(await client.post(`/api/game/${gameId}`, { teamId, divisionId: open.id, inviteCode: 'game-code' }));
    const { id } = await entryOf(gameId, teamId);
    ok(await admin.put(`/api/admin/participation/${id}`, { divisionId: closed.id }));
    expect((await entryOf(gameId, teamId)).division_id).toBe(closed.id);
    expectError(await admin.put(`/api/admin/participation/${id}`, { divisionId: 999_999 }), 404);
    expect((await entryOf(gameId, teamId)).division_id).toBe(closed.id);
    const other = (await createGame(ctx, admin, { title: 'Elsewhere' })).id;
    const foreign = await division(other, { name: 'Foreign' });
    expectError(
      await admin.put(`/api/admin/participation/${id}`, { status: 'Suspended', divisionId: foreign.id }),
      404,
    );
    expect((await entryOf(gameId, teamId)).division_id).toBe(closed.id);
    ok(await admin.put(`/api/admin/participation/${id}`, { status: 'Accepted' }));
    expect(await entryOf(gameId, teamId)).toMatchObject({ division_id: null, status: 'Accepted' });
    const listed = ok<Array<{ id: number; divisionId: number | null }>>(
      await admin.get(`/api/game/${gameId}/participations`),
    );
    expect(listed.find((p) => p.id === id)?.divisionId).toBeNull();
  });
});

describe('joining when no division is open for joining', () => {
  it('follows the game’s rules; a division id is still refused', async () => {
    const gameId = (await createGame(ctx, admin, { acceptWithoutReview: true })).id;
    const assigned = await division(gameId, { name: 'Assigned only', defaultPermissions: All & ~JoinGame });
    const { client, teamId } = await captainWithTeam();
    expect(ok<Check>(await client.get(`/api/game/${gameId}/check`)).joinableDivisions).toEqual([]);
    expectError(await client.post(`/api/game/${gameId}`, { teamId, divisionId: assigned.id }), 400);
    ok(await client.post(`/api/game/${gameId}`, { teamId }));
    expect(await entryOf(gameId, teamId)).toMatchObject({ division_id: null, status: 'Accepted' });
  });
});
