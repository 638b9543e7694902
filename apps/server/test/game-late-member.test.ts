import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client';
import { addMember, createGame, createTeam, expectError, ok, signUp, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';

/** A member who joins a team after the team entered a game (docs/teams-and-game-entry.md, "Late members"). */
let ctx: TestContext;
let admin: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx, 'lateadmin');
});
afterAll(() => ctx.close());

interface Check {
  joinedTeams: Array<{ id: number; division: number | null; name: string; status: string }>;
  joinableDivisions: number[];
}

async function entryOf(gameId: number, teamId: number) {
  return ctx.db
    .selectFrom('participations')
    .selectAll()
    .where('game_id', '=', gameId)
    .where('team_id', '=', teamId)
    .executeTakeFirstOrThrow();
}

describe('GET /api/game/{id}/check', () => {
  it('lists the caller’s teams that have an entry in the game, with name and status', async () => {
    const captain = await signUp(ctx, 'chkcap');
    const late = await signUp(ctx, 'chklate');
    const team = await createTeam(captain, 'Checked');
    const idle = await createTeam(late, 'Idle');
    const game = await createGame(ctx, admin);
    expect(ok<Check>(await captain.get(`/api/game/${game.id}/check`))).toEqual({
      joinedTeams: [],
      joinableDivisions: [],
    });
    ok(await captain.post(`/api/game/${game.id}`, { teamId: team.id }));
    await addMember(captain, late, team.id);
    // The late member followed the team onto its roster (team entry rules); their own idle team is not listed.
    expect(ok<Check>(await late.get(`/api/game/${game.id}/check`))).toEqual({
      joinedTeams: [{ id: team.id, division: null, name: 'Checked', status: 'Pending', players: expect.any(Array) }],
      joinableDivisions: [],
    });
    expect(idle.id).toBeGreaterThan(0);
    expectError(await late.get('/api/game/999999/check'), 404);
  });
});

describe('joining a team that is already in the game', () => {
  it('an Accepted team: the late member joins without the game’s invite code and plays at once', async () => {
    const captain = await signUp(ctx, 'accap');
    const late = await signUp(ctx, 'aclate');
    const team = await createTeam(captain, 'Admitted');
    const game = await createGame(ctx, admin, { inviteCode: 'secret-door' });
    ok(await captain.post(`/api/game/${game.id}`, { teamId: team.id, inviteCode: 'secret-door' }));
    const entry = await entryOf(game.id, team.id);
    ok(await admin.put(`/api/admin/participation/${entry.id}`, { status: 'Accepted' }));

    await addMember(captain, late, team.id);
    // The late member followed the Accepted team in at once; their own join (a GZCTF client's) still answers 200.
    ok(await late.get(`/api/game/${game.id}/details`));
    ok(await late.post(`/api/game/${game.id}`, { teamId: team.id }));
    expect((await entryOf(game.id, team.id)).status).toBe('Accepted');
    expect(ok<{ status: string; teamName: string }>(await late.get(`/api/game/${game.id}`))).toMatchObject({
      status: 'Accepted',
      teamName: 'Admitted',
    });
    const board = ok<{ rank: { id: number } | null }>(await late.get(`/api/game/${game.id}/details`));
    expect(board.rank?.id).toBe(team.id);
  });

  it('a Pending team: the late member goes on the roster and waits for the review with the team', async () => {
    const captain = await signUp(ctx, 'pecap');
    const late = await signUp(ctx, 'pelate');
    const team = await createTeam(captain, 'Waiting');
    const game = await createGame(ctx, admin, { inviteCode: 'knock' });
    ok(await captain.post(`/api/game/${game.id}`, { teamId: team.id, inviteCode: 'knock' }));
    await addMember(captain, late, team.id);
    ok(await late.post(`/api/game/${game.id}`, { teamId: team.id }));
    expect(ok<{ status: string }>(await late.get(`/api/game/${game.id}`)).status).toBe('Pending');
    expectError(await late.get(`/api/game/${game.id}/details`), 400);
  });

  it('the member limit still applies, and a team with no standing entry still needs the code', async () => {
    const captain = await signUp(ctx, 'lmcap');
    const second = await signUp(ctx, 'lmsecond');
    const third = await signUp(ctx, 'lmthird');
    const team = await createTeam(captain, 'Limited');
    const game = await createGame(ctx, admin, {
      inviteCode: 'gate',
      teamMemberCountLimit: 2,
      acceptWithoutReview: true,
    });
    await addMember(captain, second, team.id);
    await addMember(captain, third, team.id);
    // No entry yet: the code is asked for.
    expectError(await second.post(`/api/game/${game.id}`, { teamId: team.id }), 400);
    ok(await captain.post(`/api/game/${game.id}`, { teamId: team.id, inviteCode: 'gate' }));
    ok(await second.post(`/api/game/${game.id}`, { teamId: team.id }));
    expectError(await third.post(`/api/game/${game.id}`, { teamId: team.id }), 400);

    // A Rejected entry is a new request: the code is asked for again.
    const rejectedTeam = await createTeam(third, 'Turned Away');
    const gate = await createGame(ctx, admin, { inviteCode: 'gate2' });
    ok(await third.post(`/api/game/${gate.id}`, { teamId: rejectedTeam.id, inviteCode: 'gate2' }));
    ok(
      await admin.put(`/api/admin/participation/${(await entryOf(gate.id, rejectedTeam.id)).id}`, {
        status: 'Rejected',
      }),
    );
    expectError(await third.post(`/api/game/${gate.id}`, { teamId: rejectedTeam.id }), 400);
    ok(await third.post(`/api/game/${gate.id}`, { teamId: rejectedTeam.id, inviteCode: 'gate2' }));
  });
});
