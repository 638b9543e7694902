import type {
  AnswerResult,
  ChallengeDetailModel,
  CheatInfoModel,
  GameDetailModel,
  Submission,
} from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyTeamToken } from '../src/lib/team-token';
import { registerAndSignIn, TestClient } from './client';
import { createTestContext, json, type TestContext } from './harness';
import { addFlag, addRemoteAttachment, createChallenge, createGame, createPlayer, type Player } from './play-fixtures';

let ctx: TestContext;
let gameId: number;
let staticId: number;
let dynamicId: number;
let limitedId: number;
let deadlineId: number;
let alice: Player;
let bob: Player;
const HOUR = 3_600_000;

async function submit(player: Player, challengeId: number, flag: string, game = gameId) {
  return player.client.post(`/api/game/${game}/challenges/${challengeId}`, { flag });
}

/** Submits and waits for the verdict, as a client polling the status would. */
async function verdict(player: Player, challengeId: number, flag: string, game = gameId): Promise<AnswerResult> {
  const response = await submit(player, challengeId, flag, game);
  expect(response.statusCode, response.body).toBe(200);
  const id = json<number>(response);
  expect(typeof id).toBe('number');
  await ctx.app.services.play.flagChecker.drain();
  const status = await player.client.get(`/api/game/${game}/challenges/${challengeId}/status/${id}`);
  expect(status.statusCode).toBe(200);
  return json<AnswerResult>(status);
}

beforeAll(async () => {
  ctx = await createTestContext();
  const now = ctx.clock.now().getTime();
  gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
  const attachment = await addRemoteAttachment(ctx.db, 'https://files.example.com/static.zip');
  staticId = await createChallenge(ctx.db, gameId, { title: 'Static', category: 'Web', attachmentId: attachment });
  await addFlag(ctx.db, staticId, 'flag{static-one}');
  await addFlag(ctx.db, staticId, 'flag{static-two}');
  dynamicId = await createChallenge(ctx.db, gameId, {
    title: 'Dynamic',
    category: 'Crypto',
    type: 'DynamicAttachment',
  });
  for (let i = 0; i < 3; i++) {
    const file = await addRemoteAttachment(ctx.db, `https://files.example.com/dyn-${i}.zip`);
    await addFlag(ctx.db, dynamicId, `flag{pool-${i}}`, { attachmentId: file });
  }
  limitedId = await createChallenge(ctx.db, gameId, { title: 'Limited', submissionLimit: 2 });
  await addFlag(ctx.db, limitedId, 'flag{limited}');
  deadlineId = await createChallenge(ctx.db, gameId, { title: 'Deadline', deadline: new Date(now - 60_000) });
  await addFlag(ctx.db, deadlineId, 'flag{late}');
  const hidden = await createChallenge(ctx.db, gameId, { title: 'Hidden', enabled: false });
  await addFlag(ctx.db, hidden, 'flag{hidden}');
  alice = await createPlayer(ctx.app, ctx.db, gameId, 'alice');
  bob = await createPlayer(ctx.app, ctx.db, gameId, 'bob');
});
afterAll(() => ctx.close());

describe('access to a game', () => {
  it('401 for anonymous callers, 403 for users not on the roster, 400 for a pending team', async () => {
    const anonymous = new TestClient(ctx.app, '10.1.1.1');
    expect((await anonymous.get(`/api/game/${gameId}/details`)).statusCode).toBe(401);
    expect((await anonymous.post(`/api/game/${gameId}/challenges/${staticId}`, { flag: 'x' })).statusCode).toBe(401);
    const outsider = await registerAndSignIn(ctx.app, 'outsider', '10.1.1.2');
    const forbidden = await outsider.get(`/api/game/${gameId}/details`);
    expect(forbidden.statusCode).toBe(403);
    expect(json(forbidden)).toEqual({ title: expect.any(String), status: 403 });
    expect((await outsider.post(`/api/game/${gameId}/challenges/${staticId}`, { flag: 'x' })).statusCode).toBe(403);
    const pending = await createPlayer(ctx.app, ctx.db, gameId, 'pending', 'Pending');
    const notAccepted = await pending.client.get(`/api/game/${gameId}/details`);
    expect(notAccepted.statusCode).toBe(400);
    expect(json(notAccepted)).toMatchObject({ status: 400 });
    expect((await alice.client.get('/api/game/999999/details')).statusCode).toBe(404);
  });

  it('sends 10001 before the start and 10002 after the end (not in practice mode)', async () => {
    const now = ctx.clock.now().getTime();
    const future = await createGame(ctx.db, { start: new Date(now + HOUR), end: new Date(now + 2 * HOUR) });
    const past = await createGame(ctx.db, { start: new Date(now - 2 * HOUR), end: new Date(now - HOUR) });
    for (const game of [future, past]) {
      const player = await createPlayer(ctx.app, ctx.db, game, `win${game}`);
      const c = await createChallenge(ctx.db, game);
      await addFlag(ctx.db, c, 'flag{w}');
      const code = game === future ? 10001 : 10002;
      for (const response of [
        await player.client.get(`/api/game/${game}/details`),
        await player.client.get(`/api/game/${game}/challenges/${c}`),
        await player.client.post(`/api/game/${game}/challenges/${c}`, { flag: 'flag{w}' }),
      ]) {
        expect(response.statusCode).toBe(400);
        expect(json(response)).toEqual({ title: expect.any(String), status: code });
      }
    }
    const anonymous = new TestClient(ctx.app, '10.1.1.3');
    expect(json(await anonymous.get(`/api/game/${future}/scoreboard`))).toMatchObject({ status: 10001 });
    expect(json(await anonymous.get(`/api/game/${future}/notices`))).toMatchObject({ status: 10001 });
    // The board of an ended game stays readable.
    expect((await anonymous.get(`/api/game/${past}/scoreboard`)).statusCode).toBe(200);
  });

  it('rejects malformed input with 4xx {title, status}, never 500', async () => {
    const cases = [
      await alice.client.post(`/api/game/${gameId}/challenges/${staticId}`, { flag: '' }),
      await alice.client.post(`/api/game/${gameId}/challenges/${staticId}`, { flag: '   ' }),
      await alice.client.post(`/api/game/${gameId}/challenges/${staticId}`, { flag: 'x'.repeat(128) }),
      await alice.client.post(`/api/game/${gameId}/challenges/${staticId}`, { flag: 42 }),
      await alice.client.post(`/api/game/${gameId}/challenges/${staticId}`, {}),
      await alice.client.post(`/api/game/${gameId}/challenges/${staticId}`, undefined, {
        raw: { body: '{"flag":', contentType: 'application/json' },
      }),
      await alice.client.get('/api/game/abc/details'),
      await alice.client.get(`/api/game/${gameId}/challenges/-1`),
      await alice.client.get(`/api/game/${gameId}/challenges/99999999999`),
      await alice.client.get(`/api/game/${gameId}/challenges/${staticId}/status/abc`),
      await alice.client.get(`/api/game/${gameId}/challenges/${staticId}/status/123456789`),
      await alice.client.get(`/api/game/${gameId}/challenges/999999`),
      await alice.client.post(`/api/game/${gameId}/challenges/999999`, { flag: 'x' }),
      await alice.client.get('/api/game/99999999999/scoreboard'),
      await alice.client.get('/api/game/424242/scoreboard'),
    ];
    for (const response of cases) {
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(json(response)).toEqual({ title: expect.any(String), status: expect.any(Number) });
    }
  });
});

describe('the player board', () => {
  it('returns GameDetailModel with the team token, with a private ETag/304', async () => {
    const response = await alice.client.get(`/api/game/${gameId}/details`);
    expect(response.statusCode).toBe(200);
    const detail = json<GameDetailModel>(response);
    expect(detail.challengeCount).toBe(4);
    expect(Object.keys(detail.challenges).sort()).toEqual(['Crypto', 'Misc', 'Web']);
    expect(detail.rank).toMatchObject({ id: alice.teamId, rank: expect.any(Number), score: 0 });
    expect(detail.teamToken.startsWith(`${alice.teamId}:`)).toBe(true);
    const game = await ctx.db
      .selectFrom('games')
      .select('public_key')
      .where('id', '=', gameId)
      .executeTakeFirstOrThrow();
    expect(verifyTeamToken(detail.teamToken, game.public_key)).toBe('valid');
    expect(detail.writeupRequired).toBe(false);
    expect(response.headers['cache-control']).toContain('private');
    const again = await alice.client.get(`/api/game/${gameId}/details`, {
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // Another team's board has its own token and validator.
    const other = await bob.client.get(`/api/game/${gameId}/details`);
    expect(json<GameDetailModel>(other).teamToken.startsWith(`${bob.teamId}:`)).toBe(true);
    expect(other.headers.etag).not.toBe(response.headers.etag);
  });

  it('shows a static challenge with its attachment and attempts', async () => {
    const response = await alice.client.get(`/api/game/${gameId}/challenges/${staticId}`);
    expect(response.statusCode).toBe(200);
    expect(json<ChallengeDetailModel>(response)).toEqual({
      id: staticId,
      title: 'Static',
      content: '',
      category: 'Web',
      hints: [],
      score: 1000,
      type: 'StaticAttachment',
      context: { closeTime: null, instanceEntry: null, url: 'https://files.example.com/static.zip', fileSize: null },
      limit: 0,
      attempts: 0,
      deadline: null,
    });
    expect((await alice.client.get(`/api/game/${gameId}/challenges/999`)).statusCode).toBe(404);
  });

  it('assigns each team one pool flag of a dynamic attachment, once, even under concurrent opening', async () => {
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => alice.client.get(`/api/game/${gameId}/challenges/${dynamicId}`)),
    );
    const urls = new Set(responses.map((r) => json<ChallengeDetailModel>(r).context.url));
    expect(urls.size).toBe(1);
    const bobUrl = json<ChallengeDetailModel>(await bob.client.get(`/api/game/${gameId}/challenges/${dynamicId}`))
      .context.url;
    expect(bobUrl).not.toBe([...urls][0]);
    const owned = await ctx.db
      .selectFrom('flags')
      .select(['participation_id'])
      .where('challenge_id', '=', dynamicId)
      .where('participation_id', 'is not', null)
      .execute();
    expect(owned.map((f) => f.participation_id).sort()).toEqual([alice.participationId, bob.participationId].sort());
  });
});

describe('flag submission', () => {
  it('accepts any static flag, rejects wrong ones; the status is only visible to the team', async () => {
    expect(await verdict(alice, staticId, 'flag{wrong}')).toBe('WrongAnswer');
    expect(await verdict(alice, staticId, '  flag{static-two}  ')).toBe('Accepted');
    expect(await verdict(bob, staticId, 'flag{static-one}')).toBe('Accepted');
    const response = await submit(alice, staticId, 'flag{static-one}');
    const id = json<number>(response);
    await ctx.app.services.play.flagChecker.drain();
    expect((await bob.client.get(`/api/game/${gameId}/challenges/${staticId}/status/${id}`)).statusCode).toBe(404);
    // A second correct answer is Accepted but creates no second solve.
    expect(json(await alice.client.get(`/api/game/${gameId}/challenges/${staticId}/status/${id}`))).toBe('Accepted');
    const solves = await ctx.db.selectFrom('solves').selectAll().where('challenge_id', '=', staticId).execute();
    expect(solves).toHaveLength(2);
    const detail = json<ChallengeDetailModel>(await alice.client.get(`/api/game/${gameId}/challenges/${staticId}`));
    expect(detail.attempts).toBe(3);
  });

  it('stores answers sent together exactly as sent, with their events, whatever characters they hold', async () => {
    const erin = await createPlayer(ctx.app, ctx.db, gameId, 'erin');
    // Characters that need quoting inside an array literal, and the word NULL, in one group-committed batch.
    const answers = ['flag{"quoted"}', 'flag{back\\slash}', 'flag{a,b}{c}', 'NULL', "flag{'ü€😀'}"];
    const ids = (await Promise.all(answers.map((answer) => submit(erin, staticId, answer)))).map((r) =>
      json<number>(r),
    );
    await ctx.app.services.play.flagChecker.drain();
    for (const [index, id] of ids.entries()) {
      const status = await erin.client.get(`/api/game/${gameId}/challenges/${staticId}/status/${id}`);
      expect(json(status), answers[index]).toBe('WrongAnswer');
    }
    const stored = await ctx.db
      .selectFrom('submissions')
      .select(['id', 'answer', 'status', 'checked_at'])
      .where('id', 'in', ids.map(String))
      .execute();
    const answerOf = new Map(stored.map((row) => [Number(row.id), row.answer]));
    expect(ids.map((id) => answerOf.get(id))).toEqual(answers);
    expect(stored.every((row) => row.status === 'WrongAnswer' && row.checked_at !== null)).toBe(true);
    const events = await ctx.db
      .selectFrom('game_events')
      .select('values')
      .where('game_id', '=', gameId)
      .where('type', '=', 'FlagSubmit')
      .where('user_id', '=', erin.userId)
      .execute();
    expect(events.map((event) => event.values[1]).sort()).toEqual([...answers].sort());
  });

  it("judges a team's own dynamic flag and reports another team's flag as cheating (WrongAnswer to them)", async () => {
    const flags = await ctx.db
      .selectFrom('flags')
      .select(['participation_id', 'flag'])
      .where('challenge_id', '=', dynamicId)
      .where('participation_id', 'is not', null)
      .execute();
    const aliceFlag = flags.find((f) => f.participation_id === alice.participationId)?.flag ?? '';
    const bobFlag = flags.find((f) => f.participation_id === bob.participationId)?.flag ?? '';
    expect(await verdict(bob, dynamicId, aliceFlag)).toBe('WrongAnswer');
    expect(await verdict(alice, dynamicId, 'flag{pool-unassigned-guess}')).toBe('WrongAnswer');
    expect(await verdict(alice, dynamicId, aliceFlag)).toBe('Accepted');
    expect(await verdict(bob, dynamicId, bobFlag)).toBe('Accepted');

    const stored = await ctx.db
      .selectFrom('submissions')
      .select('status')
      .where('participation_id', '=', bob.participationId)
      .where('challenge_id', '=', dynamicId)
      .orderBy('id')
      .execute();
    expect(stored.map((s) => s.status)).toEqual(['CheatDetected', 'Accepted']);

    const monitor = await registerAndSignIn(ctx.app, 'watcher', '10.1.2.3');
    await ctx.db.updateTable('users').set({ role: 'Monitor' }).where('user_name', '=', 'watcher').execute();
    expect((await alice.client.get(`/api/game/${gameId}/cheatinfo`)).statusCode).toBe(403);
    const cheats = json<CheatInfoModel[]>(await monitor.get(`/api/game/${gameId}/cheatinfo`));
    expect(cheats).toHaveLength(1);
    expect(cheats[0]).toMatchObject({
      ownedTeam: { id: alice.participationId, team: { id: alice.teamId, name: 'T-alice' }, status: 'Accepted' },
      submitTeam: { id: bob.participationId, team: { id: bob.teamId, name: 'T-bob' } },
      submission: { answer: aliceFlag, status: 'CheatDetected', user: 'bob', team: 'T-bob', challenge: 'Dynamic' },
    });
    const events = json<Array<{ type: string; values: string[] }>>(await monitor.get(`/api/game/${gameId}/events`));
    expect(events.some((e) => e.type === 'CheatDetected' && e.values.join('|') === 'Dynamic|T-bob|T-alice')).toBe(true);
    expect(events.some((e) => e.type === 'FlagSubmit' && e.values[0] === 'Accepted')).toBe(true);
    const wrong = json<Submission[]>(await monitor.get(`/api/game/${gameId}/submissions?type=WrongAnswer&count=1`));
    expect(wrong).toHaveLength(1);
    expect(wrong[0]?.status).toBe('WrongAnswer');
    const all = json<Submission[]>(await monitor.get(`/api/game/${gameId}/submissions?count=0`));
    expect(all.length).toBeGreaterThan(5);
    expect((await monitor.get(`/api/game/${gameId}/events?count=101`)).statusCode).toBe(400);
  });

  it("records another team's flag as cheating even from a team that never opened the challenge", async () => {
    const carol = await createPlayer(ctx.app, ctx.db, gameId, 'carol');
    const owned = await ctx.db
      .selectFrom('flags')
      .select('flag')
      .where('challenge_id', '=', dynamicId)
      .where('participation_id', '=', alice.participationId)
      .executeTakeFirstOrThrow();
    expect(await verdict(carol, dynamicId, 'flag{a-guess}')).toBe('NotFound');
    expect(await verdict(carol, dynamicId, owned.flag)).toBe('WrongAnswer');
    const stored = await ctx.db
      .selectFrom('submissions')
      .select('status')
      .where('participation_id', '=', carol.participationId)
      .orderBy('id')
      .execute();
    expect(stored.map((s) => s.status)).toEqual(['NotFound', 'CheatDetected']);
  });

  it('enforces the submission limit, counting every submission', async () => {
    expect(await verdict(alice, limitedId, 'nope')).toBe('WrongAnswer');
    expect(await verdict(alice, limitedId, 'flag{limited}')).toBe('Accepted');
    const third = await submit(alice, limitedId, 'flag{limited}');
    expect(third.statusCode).toBe(400);
    expect(json(third)).toEqual({ title: expect.any(String), status: 400 });
    // Parallel submissions cannot overshoot the limit.
    const results = await Promise.all(Array.from({ length: 6 }, () => submit(bob, limitedId, 'x')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(4);
    const detail = json<ChallengeDetailModel>(await bob.client.get(`/api/game/${gameId}/challenges/${limitedId}`));
    expect(detail).toMatchObject({ limit: 2, attempts: 2 });
  });

  it('refuses submissions after the challenge deadline unless the game is in practice mode', async () => {
    const late = await submit(alice, deadlineId, 'flag{late}');
    expect(late.statusCode).toBe(400);
    await ctx.db.updateTable('games').set({ practice_mode: true }).where('id', '=', gameId).execute();
    expect(await verdict(alice, deadlineId, 'flag{late}')).toBe('Accepted');
    await ctx.db.updateTable('games').set({ practice_mode: false }).where('id', '=', gameId).execute();
  });

  it('20 parallel correct submissions of one team make exactly one solve', async () => {
    const c = await createChallenge(ctx.db, gameId, { title: 'Race' });
    await addFlag(ctx.db, c, 'flag{race}');
    const responses = await Promise.all(Array.from({ length: 20 }, () => submit(alice, c, 'flag{race}')));
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    await ctx.app.services.play.flagChecker.drain();
    const statuses = await Promise.all(
      responses.map((r) => alice.client.get(`/api/game/${gameId}/challenges/${c}/status/${json<number>(r)}`)),
    );
    expect(statuses.map((s) => json<string>(s))).toEqual(Array(20).fill('Accepted'));
    const solves = await ctx.db.selectFrom('solves').selectAll().where('challenge_id', '=', c).execute();
    expect(solves).toHaveLength(1);
    const notices = await ctx.db
      .selectFrom('game_notices')
      .select(['type', 'values'])
      .where('game_id', '=', gameId)
      .execute();
    expect(notices.filter((n) => n.values.includes('Race')).map((n) => n.type)).toEqual(['FirstBlood']);
  });
});

describe('submission rate limit', () => {
  it('allows 10 submissions per team in 10 s, then 429 with Retry-After', async () => {
    const limited = await createTestContext({ RATE_LIMIT: 'true' });
    try {
      const now = limited.clock.now().getTime();
      const game = await createGame(limited.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
      const c = await createChallenge(limited.db, game);
      await addFlag(limited.db, c, 'flag{rl}');
      const player = await createPlayer(limited.app, limited.db, game, 'speedy');
      for (let i = 0; i < 10; i++) {
        expect((await player.client.post(`/api/game/${game}/challenges/${c}`, { flag: `x${i}` })).statusCode).toBe(200);
      }
      const refused = await player.client.post(`/api/game/${game}/challenges/${c}`, { flag: 'x' });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      limited.clock.advance(10_001);
      expect((await player.client.post(`/api/game/${game}/challenges/${c}`, { flag: 'y' })).statusCode).toBe(200);
      await limited.app.services.play.flagChecker.drain();
    } finally {
      await limited.close();
    }
  });
});
