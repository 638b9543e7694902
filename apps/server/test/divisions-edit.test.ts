import { type Division, GamePermission } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client';
import { createGame, del, expectError, ok, record, signUp, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { acceptParticipation, createChallenge, createTeamWithMembers, userId } from './play-fixtures';

let ctx: TestContext;
let admin: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx, 'divadmin');
});
afterAll(() => ctx.close());

const { All, JoinGame, RankOverall, RequireReview, ViewChallenge, SubmitFlags, GetScore } = GamePermission;
const url = (gameId: number, divisionId?: number) =>
  `/api/edit/games/${gameId}/divisions${divisionId === undefined ? '' : `/${divisionId}`}`;

describe('division editing', () => {
  let gameId: number;
  let challengeA: number;
  let challengeB: number;

  beforeAll(async () => {
    gameId = (await createGame(ctx, admin)).id;
    challengeA = await createChallenge(ctx.db, gameId, { title: 'A' });
    challengeB = await createChallenge(ctx.db, gameId, { title: 'B' });
  });

  it('creates a division with every permission by default, and lists it', async () => {
    const invalidations = record(ctx, 'scoreboard:invalidate');
    const created = ok<Division>(await admin.post(url(gameId), { name: ' Open ' }));
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Open',
      inviteCode: null,
      defaultPermissions: All,
      challengeConfigs: [],
    });
    expect(invalidations).toContainEqual({ gameId });
    expect(ok<Division[]>(await admin.get(url(gameId)))).toEqual([created]);
  });

  it('takes permissions as numbers or as flag names, with per-challenge overrides', async () => {
    const created = ok<Division>(
      await admin.post(url(gameId), {
        name: 'Guests',
        inviteCode: 'guest-code',
        defaultPermissions: 'JoinGame, viewchallenge, SubmitFlags',
        challengeConfigs: [
          { challengeId: challengeA, permissions: ViewChallenge | SubmitFlags | GetScore },
          { challengeId: challengeB, permissions: 0 },
        ],
      }),
    );
    expect(created).toMatchObject({
      name: 'Guests',
      inviteCode: 'guest-code',
      defaultPermissions: JoinGame | ViewChallenge | SubmitFlags,
      challengeConfigs: [
        { challengeId: challengeA, permissions: ViewChallenge | SubmitFlags | GetScore },
        { challengeId: challengeB, permissions: 0 },
      ],
    });
  });

  it('updates only the fields given; a list of overrides replaces them all, an empty code removes it', async () => {
    const division = ok<Division>(
      await admin.post(url(gameId), {
        name: 'Students',
        inviteCode: 'S',
        defaultPermissions: JoinGame | RankOverall,
        challengeConfigs: [{ challengeId: challengeA, permissions: 0 }],
      }),
    );
    const renamed = ok<Division>(await admin.put(url(gameId, division.id), { name: 'Schools', inviteCode: null }));
    expect(renamed).toMatchObject({
      name: 'Schools',
      inviteCode: 'S',
      defaultPermissions: JoinGame | RankOverall,
      challengeConfigs: [{ challengeId: challengeA, permissions: 0 }],
    });
    const replaced = ok<Division>(
      await admin.put(url(gameId, division.id), {
        inviteCode: '',
        defaultPermissions: 'All',
        challengeConfigs: [{ challengeId: challengeB, permissions: RequireReview }],
      }),
    );
    expect(replaced).toMatchObject({
      inviteCode: null,
      defaultPermissions: All,
      challengeConfigs: [{ challengeId: challengeB, permissions: RequireReview }],
    });
    const cleared = ok<Division>(await admin.put(url(gameId, division.id), { challengeConfigs: [] }));
    expect(cleared.challengeConfigs).toEqual([]);
  });

  it('refuses bad input with 400: names, permissions, challenges of another game, duplicates', async () => {
    const other = (await createGame(ctx, admin, { title: 'Other' })).id;
    const foreign = await createChallenge(ctx.db, other, { title: 'Foreign' });
    expectError(await admin.post(url(gameId), { name: '' }), 400);
    expectError(await admin.post(url(gameId), { name: 'x'.repeat(32) }), 400);
    expectError(await admin.post(url(gameId), { name: 'Long code', inviteCode: 'c'.repeat(33) }), 400);
    expectError(await admin.post(url(gameId), { name: 'Negative', defaultPermissions: -1 }), 400);
    expectError(await admin.post(url(gameId), { name: 'Huge', defaultPermissions: 2 ** 31 }), 400);
    expectError(await admin.post(url(gameId), { name: 'Typo', defaultPermissions: 'ViewChalenge' }), 400);
    expectError(
      await admin.post(url(gameId), { name: 'Foreign', challengeConfigs: [{ challengeId: foreign, permissions: 0 }] }),
      400,
    );
    expectError(
      await admin.post(url(gameId), {
        name: 'Twice',
        challengeConfigs: [
          { challengeId: challengeA, permissions: 0 },
          { challengeId: challengeA, permissions: All },
        ],
      }),
      400,
    );
    // Names are unique in a game, whatever the case; another game may reuse one.
    expectError(await admin.post(url(gameId), { name: 'open' }), 400);
    ok(await admin.post(url(other), { name: 'Open' }));
    const names = ok<Division[]>(await admin.get(url(gameId))).map((d) => d.name);
    expect(names).not.toContain('Foreign');
    expect(names).not.toContain('Twice');
  });

  it('answers 404 for an unknown game or division, also when the division belongs to another game', async () => {
    const other = (await createGame(ctx, admin, { title: 'Elsewhere' })).id;
    const foreign = ok<Division>(await admin.post(url(other), { name: 'Theirs' }));
    expectError(await admin.get(url(999_999)), 404);
    expectError(await admin.post(url(999_999), { name: 'Ghost' }), 404);
    expectError(await admin.put(url(gameId, foreign.id), { name: 'Stolen' }), 404);
    expectError(await del(admin, url(gameId, foreign.id)), 404);
    expectError(await del(admin, url(gameId, 999_999)), 404);
    expect(ok<Division[]>(await admin.get(url(other)))[0]?.name).toBe('Theirs');
  });

  it('deleting a division keeps its teams in the game without a division; deleting a challenge drops its overrides', async () => {
    const division = ok<Division>(
      await admin.post(url(gameId), {
        name: 'Temporary',
        challengeConfigs: [{ challengeId: challengeB, permissions: 0 }],
      }),
    );
    const member = await signUp(ctx, 'divmember');
    const teamId = await createTeamWithMembers(ctx.db, 'Temp team', [await userId(ctx.db, 'divmember')]);
    const participationId = await acceptParticipation(ctx.db, gameId, teamId, []);
    await ctx.db
      .updateTable('participations')
      .set({ division_id: division.id })
      .where('id', '=', participationId)
      .execute();

    ok(await del(admin, `/api/edit/games/${gameId}/challenges/${challengeB}`));
    const afterChallenge = ok<Division[]>(await admin.get(url(gameId))).find((d) => d.id === division.id);
    expect(afterChallenge?.challengeConfigs).toEqual([]);

    const invalidations = record(ctx, 'scoreboard:invalidate');
    ok(await del(admin, url(gameId, division.id)));
    expect(invalidations).toContainEqual({ gameId });
    const row = await ctx.db
      .selectFrom('participations')
      .select(['division_id', 'status'])
      .where('id', '=', participationId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ division_id: null, status: 'Accepted' });
    expect(ok<Division[]>(await admin.get(url(gameId))).map((d) => d.id)).not.toContain(division.id);
    expectError(await member.get(url(gameId)), 403);
  });

  it('keeps a participation from pointing at a division of another game (database rule)', async () => {
    const other = (await createGame(ctx, admin, { title: 'Third' })).id;
    const foreign = ok<Division>(await admin.post(url(other), { name: 'Foreign division' }));
    const teamId = await createTeamWithMembers(ctx.db, 'Crosser', [await userId(ctx.db, 'divadmin')]);
    const participationId = await acceptParticipation(ctx.db, gameId, teamId, []);
    await expect(
      ctx.db.updateTable('participations').set({ division_id: foreign.id }).where('id', '=', participationId).execute(),
    ).rejects.toThrow();
  });
});
