import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScoreboardRepository } from '../src/repositories/scoreboard.repository';
import { solveFingerprintOf } from '../src/scoring/solve-fingerprint';
import { createTestContext, type TestContext } from './harness';
import { acceptParticipation, createChallenge, createGame, createTeamWithMembers } from './play-fixtures';

const HOUR = 3_600_000;

/*
 * The database's summary of a game's solves must be the one computed from the rows the repository loads: the
 * periodic check of a cached board compares the two and reads every solve again only when they differ.
 */
describe('scoreboard repository: solve fingerprint', () => {
  let ctx: TestContext;
  let gameId: number;
  const participations: number[] = [];
  const challenges: number[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    const now = ctx.clock.now().getTime();
    gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
    for (const title of ['One', 'Two', 'Three']) challenges.push(await createChallenge(ctx.db, gameId, { title }));
    const user = await ctx.db
      .insertInto('users')
      .values({ user_name: 'fingerprinted', email: 'fp@example.com', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const name of ['fp-a', 'fp-b', 'fp-c']) {
      const teamId = await createTeamWithMembers(ctx.db, name, [user.id]);
      participations.push(await acceptParticipation(ctx.db, gameId, teamId, []));
    }
  });
  afterAll(() => ctx.close());

  async function solve(participationId: number, challengeId: number) {
    const submission = await ctx.db
      .insertInto('submissions')
      .values({
        game_id: gameId,
        challenge_id: challengeId,
        participation_id: participationId,
        answer: 'flag{x}',
        status: 'Accepted',
        submitted_at: ctx.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('solves')
      .values({
        participation_id: participationId,
        challenge_id: challengeId,
        game_id: gameId,
        submission_id: submission.id,
        solved_at: ctx.clock.now(),
      })
      .execute();
  }

  it('equals the fingerprint of the loaded solves, and changes with every solve added or removed', async () => {
    const repository = createScoreboardRepository(ctx.db);
    const check = async () => {
      const loaded = await repository.load(gameId);
      const fingerprint = await repository.solveFingerprint(gameId, ctx.clock.now().getTime() + 1);
      expect(fingerprint).toEqual(solveFingerprintOf(loaded?.input.solves ?? []));
      // Solves at or after the cut-off are left out on both sides.
      const cutOff = ctx.clock.now().getTime();
      expect(await repository.solveFingerprint(gameId, cutOff)).toEqual(
        solveFingerprintOf(loaded?.input.solves ?? [], cutOff),
      );
      return fingerprint;
    };
    expect(await check()).toEqual({ count: 0, checksum: 0 });
    const seen = [await check()];
    for (const [team, challenge] of [
      [0, 0],
      [1, 2],
      [2, 1],
      [0, 2],
    ] as const) {
      await solve(participations[team] as number, challenges[challenge] as number);
      seen.push(await check());
    }
    await ctx.db
      .deleteFrom('solves')
      .where('participation_id', '=', participations[1] as number)
      .execute();
    seen.push(await check());
    expect(new Set(seen.map((fingerprint) => JSON.stringify(fingerprint))).size).toBe(seen.length);
    expect((await repository.loadBoard(gameId))?.input.solves).toEqual([]);
  });
});
