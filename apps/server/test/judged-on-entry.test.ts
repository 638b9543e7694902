/**
 * A correct answer to a static challenge whose flags this process has cached is judged on entry: stored
 * Accepted with its solve, event and blood notice in the transaction that stores it, so the POST's answer
 * already stands for a committed solve. The judge queue is stopped before the answers are sent: whatever
 * the tests see was written by the submission itself, not by a verdict transaction that ran after it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockChallenges } from '../src/repositories/solve-recording';
import { createTestContext, type TestContext } from './harness';
import { addFlag, createChallenge, createGame, createPlayer, type Player } from './play-fixtures';

const HOUR = 3_600_000;

let ctx: TestContext;
let gameId: number;
let challengeId: number;
let first: Player;
let second: Player;

function submit(player: Player, flag: string, key?: string) {
  return player.client.post(
    `/api/game/${gameId}/challenges/${challengeId}`,
    { flag },
    { headers: key === undefined ? {} : { 'idempotency-key': key } },
  );
}

async function statusOf(player: Player, submissionId: string): Promise<string> {
  const status = await player.client.get(`/api/game/${gameId}/challenges/${challengeId}/status/${submissionId}`);
  expect(status.statusCode, status.body).toBe(200);
  return JSON.parse(status.body) as string;
}

const solveOf = (player: Player) =>
  ctx.db
    .selectFrom('solves')
    .select(['submission_id', 'solved_at'])
    .where('participation_id', '=', player.participationId)
    .where('challenge_id', '=', challengeId)
    .execute();

const acceptedEvents = async () =>
  (
    await ctx.db
      .selectFrom('game_events')
      .select('values')
      .where('game_id', '=', gameId)
      .where('type', '=', 'FlagSubmit')
      .execute()
  ).filter((e) => JSON.stringify(e.values).startsWith('["Accepted"'));

beforeAll(async () => {
  ctx = await createTestContext({ LOOKUP_CACHE_SECONDS: '15' });
  const now = ctx.clock.now().getTime();
  gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + 10 * HOUR) });
  challengeId = await createChallenge(ctx.db, gameId, { title: 'On entry' });
  await addFlag(ctx.db, challengeId, 'flag{entry}');
  first = await createPlayer(ctx.app, ctx.db, gameId, 'entryfirst');
  second = await createPlayer(ctx.app, ctx.db, gameId, 'entrysecond');
  // A wrong answer judged by the queue caches the challenge's flags; then the queue stops taking work.
  const warm = await submit(first, 'flag{warm-up}');
  expect(await statusOf(first, warm.body)).toBe('WrongAnswer');
  await ctx.app.services.play.flagChecker.stop();
});
afterAll(async () => ctx?.close());

describe('correct answers judged on entry', () => {
  it('are stored Accepted with their solve, event and first blood before the POST answers', async () => {
    const posted = await submit(first, 'flag{entry}');
    expect(posted.statusCode, posted.body).toBe(200);
    const row = await ctx.db
      .selectFrom('submissions')
      .select(['status', 'checked_at'])
      .where('id', '=', posted.body)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('Accepted');
    expect(row.checked_at).not.toBeNull();
    expect((await solveOf(first)).map((s) => String(s.submission_id))).toEqual([posted.body]);
    expect(await acceptedEvents()).toHaveLength(1);
    const notices = await ctx.db.selectFrom('game_notices').select('type').where('game_id', '=', gameId).execute();
    expect(notices.map((n) => n.type)).toEqual(['FirstBlood']);
    expect(await statusOf(first, posted.body)).toBe('Accepted');
  });

  it('award the next blood in order and keep a team’s earliest correct answer as its solve', async () => {
    const earlier = await submit(second, 'flag{entry}');
    const again = await submit(second, 'flag{entry}');
    expect(await statusOf(second, again.body)).toBe('Accepted');
    expect((await solveOf(second)).map((s) => String(s.submission_id))).toEqual([earlier.body]);
    const notices = await ctx.db
      .selectFrom('game_notices')
      .select('type')
      .where('game_id', '=', gameId)
      .orderBy('id')
      .execute();
    expect(notices.map((n) => n.type)).toEqual(['FirstBlood', 'SecondBlood']);
  });

  it('store nothing again for a replayed Idempotency-Key', async () => {
    const events = (await acceptedEvents()).length;
    const posted = await submit(first, 'flag{entry}', 'entry-key-1');
    const replayed = await submit(first, 'flag{entry}', 'entry-key-1');
    expect(replayed.statusCode, replayed.body).toBe(200);
    expect(replayed.body).toBe(posted.body);
    const rows = await ctx.db
      .selectFrom('submissions')
      .select('status')
      .where('idempotency_key', '=', 'entry-key-1')
      .execute();
    expect(rows).toEqual([{ status: 'Accepted' }]);
    expect(await acceptedEvents()).toHaveLength(events + 1);
  });

  it('leave a challenge with three eligible solves unlocked, and lock it again when one stops counting', async () => {
    const third = await createPlayer(ctx.app, ctx.db, gameId, 'entrythird');
    expect(await statusOf(third, (await submit(third, 'flag{entry}')).body)).toBe('Accepted');
    const notices = await ctx.db.selectFrom('game_notices').select('type').where('game_id', '=', gameId).execute();
    expect(notices.map((n) => n.type).sort()).toEqual(['FirstBlood', 'SecondBlood', 'ThirdBlood']);
    const unsolved = await createChallenge(ctx.db, gameId, { title: 'No solves yet' });
    const locked = await ctx.db.transaction().execute((trx) => lockChallenges(trx, [challengeId, unsolved]));
    expect([...locked]).toEqual([unsolved]);
    // A suspended team's solve is not eligible: the challenge has two, so its third blood is open again.
    const suspend = (status: 'Suspended' | 'Accepted') =>
      ctx.db.updateTable('participations').set({ status }).where('id', '=', second.participationId).execute();
    await suspend('Suspended');
    try {
      const reopened = await ctx.db.transaction().execute((trx) => lockChallenges(trx, [challengeId]));
      expect([...reopened]).toEqual([challengeId]);
    } finally {
      await suspend('Accepted');
    }
  });

  it('once every blood is given, store answer, event and solve together, keep the earliest and replay a key', async () => {
    const notices = async () =>
      (await ctx.db.selectFrom('game_notices').select('type').where('game_id', '=', gameId).execute()).length;
    const noticesBefore = await notices();
    const eventsBefore = (await acceptedEvents()).length;
    const fourth = await createPlayer(ctx.app, ctx.db, gameId, 'entryfourth');
    const posted = await submit(fourth, 'flag{entry}', 'entry-key-4');
    expect(posted.statusCode, posted.body).toBe(200);
    const row = await ctx.db
      .selectFrom('submissions')
      .select(['status', 'checked_at'])
      .where('id', '=', posted.body)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('Accepted');
    expect(row.checked_at).not.toBeNull();
    expect((await solveOf(fourth)).map((s) => String(s.submission_id))).toEqual([posted.body]);
    expect(await acceptedEvents()).toHaveLength(eventsBefore + 1);
    expect(await statusOf(fourth, posted.body)).toBe('Accepted');

    const replayed = await submit(fourth, 'flag{entry}', 'entry-key-4');
    expect(replayed.body).toBe(posted.body);
    const again = await submit(fourth, 'flag{entry}');
    expect(await statusOf(fourth, again.body)).toBe('Accepted');
    expect((await solveOf(fourth)).map((s) => String(s.submission_id))).toEqual([posted.body]);
    expect(await acceptedEvents()).toHaveLength(eventsBefore + 2);

    // Two answers of one team sent together (one group commit, or two): one solve, at the earlier answer's time.
    // Which of two answers of the same millisecond it names depends on which commit came first.
    const fifth = await createPlayer(ctx.app, ctx.db, gameId, 'entryfifth');
    const both = await Promise.all([submit(fifth, 'flag{entry}'), submit(fifth, 'flag{entry}')]);
    const answers = await ctx.db
      .selectFrom('submissions')
      .select(['id', 'submitted_at'])
      .where(
        'id',
        'in',
        both.map((answer) => answer.body),
      )
      .execute();
    const earliest = Math.min(...answers.map((answer) => answer.submitted_at.getTime()));
    const solves = await solveOf(fifth);
    expect(solves).toHaveLength(1);
    expect(answers.map((answer) => String(answer.id))).toContain(String(solves[0]?.submission_id));
    expect(solves[0]?.solved_at.getTime()).toBe(earliest);
    expect(await notices()).toBe(noticesBefore);
  });

  it('skip the blood check for a challenge found decided, until an organiser’s change is announced', async () => {
    const thirdBloods = async () =>
      (
        await ctx.db
          .selectFrom('game_notices')
          .select('type')
          .where('game_id', '=', gameId)
          .where('type', '=', 'ThirdBlood')
          .execute()
      ).length;
    const setStatus = (players: Player[], status: 'Suspended' | 'Accepted') =>
      ctx.db
        .updateTable('participations')
        .set({ status })
        .where(
          'id',
          'in',
          players.map((p) => p.participationId),
        )
        .execute();
    const before = await thirdBloods();
    const early = await ctx.db
      .selectFrom('participations')
      .select('id as participationId')
      .where('game_id', '=', gameId)
      .where('status', '=', 'Accepted')
      .execute();
    const sixth = await createPlayer(ctx.app, ctx.db, gameId, 'entrysixth');
    const seventh = await createPlayer(ctx.app, ctx.db, gameId, 'entryseventh');
    // Only the last two earlier solves stay eligible, so the third blood is open again; changed in the database
    // without an announcement, it is not seen while the challenge is remembered as decided (LOOKUP_CACHE_SECONDS).
    const suspended = early.slice(0, -2) as Player[];
    await setStatus(suspended, 'Suspended');
    try {
      expect(await statusOf(sixth, (await submit(sixth, 'flag{entry}')).body)).toBe('Accepted');
      expect(await thirdBloods()).toBe(before);
      // An organiser's change is announced: the challenge is checked again (the flag cache is dropped too, so the
      // queue judges one wrong answer to cache the flags again).
      await setStatus([sixth], 'Suspended');
      await ctx.app.services.play.scoreboard.invalidate(gameId);
      const checker = ctx.app.services.play.flagChecker;
      await checker.start();
      expect(await statusOf(seventh, (await submit(seventh, 'flag{warm-up-again}')).body)).toBe('WrongAnswer');
      await checker.stop();
      expect(await statusOf(seventh, (await submit(seventh, 'flag{entry}')).body)).toBe('Accepted');
      expect(await thirdBloods()).toBe(before + 1);
    } finally {
      await setStatus([...suspended, sixth], 'Accepted');
    }
  });
});
