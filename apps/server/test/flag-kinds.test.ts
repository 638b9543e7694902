import type { AnswerResult, ChallengeEditDetailModel, FlagCreateInput } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client';
import { expectError, ok, signUpAdmin } from './game-fixtures';
import { createTestContext, json, type TestContext } from './harness';
import { createChallenge, createGame, createPlayer, type Player } from './play-fixtures';
import { exportGame, importZip, jsonOf, storeState, zipOf } from './transfer-fixtures';

let ctx: TestContext;
let admin: TestClient;
let gameId: number;
let player: Player;
const HOUR = 3_600_000;

const flagsUrl = (challengeId: number) => `/api/edit/games/${gameId}/challenges/${challengeId}/flags`;
const detail = async (challengeId: number) =>
  ok<ChallengeEditDetailModel>(await admin.get(`/api/edit/games/${gameId}/challenges/${challengeId}`));

/** A static challenge holding the given flags, added through the organiser's API. */
async function challengeWith(title: string, flags: FlagCreateInput[]): Promise<number> {
  const id = await createChallenge(ctx.db, gameId, { title });
  ok(await admin.post(flagsUrl(id), flags));
  return id;
}

/** Submits as a player and waits for the verdict, as a client polling the status would. */
async function verdict(challengeId: number, flag: string): Promise<AnswerResult> {
  const response = await player.client.post(`/api/game/${gameId}/challenges/${challengeId}`, { flag });
  const id = ok<number>(response);
  await ctx.app.services.play.flagChecker.drain();
  return ok<AnswerResult>(await player.client.get(`/api/game/${gameId}/challenges/${challengeId}/status/${id}`));
}

/** Verdicts of wrong answers first (a solved challenge takes no more), then of the right one. */
async function judged(challengeId: number, wrong: string[], right: string) {
  const verdicts: Array<[string, AnswerResult]> = [];
  for (const answer of [...wrong, right]) verdicts.push([answer, await verdict(challengeId, answer)]);
  return verdicts;
}
const expected = (wrong: string[], right: string) => [
  ...wrong.map((answer) => [answer, 'WrongAnswer']),
  [right, 'Accepted'],
];

beforeAll(async () => {
  ctx = await createTestContext({ LOG_LEVEL: process.env.DEBUG_LOG ? 'error' : 'silent' });
  admin = await signUpAdmin(ctx, 'kindsadmin');
  const now = ctx.clock.now().getTime();
  gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
  player = await createPlayer(ctx.app, ctx.db, gameId, 'kindsplayer');
});
afterAll(() => ctx.close());

describe('creating flags of each match type', () => {
  it('stores each type, defaults to Exact when none is sent, and lists the type', async () => {
    const id = await challengeWith('All kinds', [
      { flag: 'flag{plain}' },
      { flag: 'flag{Exact}', matchType: 'Exact' },
      { flag: 'flag{MiXeD}', matchType: 'IgnoreCase' },
      { flag: 'flag\\{[0-9]+\\}', matchType: 'Regex' },
      { flag: 're\\{[a-z]+\\}', matchType: 'RegexIgnoreCase' },
    ]);
    expect((await detail(id)).flags.map((f) => [f.flag, f.matchType])).toEqual([
      ['flag{plain}', 'Exact'],
      ['flag{Exact}', 'Exact'],
      ['flag{MiXeD}', 'IgnoreCase'],
      ['flag\\{[0-9]+\\}', 'Regex'],
      ['re\\{[a-z]+\\}', 'RegexIgnoreCase'],
    ]);
    const container = await createChallenge(ctx.db, gameId, { title: 'Static box', type: 'StaticContainer' });
    ok(await admin.post(flagsUrl(container), [{ flag: 'box\\{\\w+\\}', matchType: 'Regex' }]));
    expect((await detail(container)).flags).toMatchObject([{ matchType: 'Regex' }]);
  });

  it('refuses a pattern RE2 cannot compile with a localised 400, adding none of the flags', async () => {
    const id = await createChallenge(ctx.db, gameId, { title: 'Bad patterns' });
    for (const pattern of ['(a)\\1', 'flag(?=x)', 'flag{[a-', '(unclosed']) {
      const response = await admin.post(flagsUrl(id), [
        { flag: 'flag{fine}' },
        { flag: pattern, matchType: 'RegexIgnoreCase' },
      ]);
      expectError(response, 400);
      expect(json<{ title: string }>(response).title).toMatch(/regular expression/);
    }
    const german = await admin.post(flagsUrl(id), [{ flag: '(a)\\1', matchType: 'Regex' }], {
      headers: { 'accept-language': 'de-DE' },
    });
    expect(json<{ title: string }>(german).title).toMatch(/regulärer Ausdruck/);
    // Longer than a flag may be, or an unknown type: the schema refuses it.
    expectError(await admin.post(flagsUrl(id), [{ flag: `a{${'x'.repeat(130)}}`, matchType: 'Regex' }]), 400);
    expectError(await admin.post(flagsUrl(id), [{ flag: 'flag{x}', matchType: 'Glob' }]), 400);
    expect((await detail(id)).flags).toEqual([]);
  });

  it('keeps dynamic flags exact: a pool flag of another type is refused', async () => {
    const pool = await createChallenge(ctx.db, gameId, { title: 'Pool', type: 'DynamicAttachment' });
    const remote = { attachmentType: 'Remote' as const, remoteUrl: 'https://files.example.com/a.zip' };
    expectError(await admin.post(flagsUrl(pool), [{ ...remote, flag: 'flag{a}', matchType: 'IgnoreCase' }]), 400);
    ok(await admin.post(flagsUrl(pool), [{ ...remote, flag: 'flag{a}' }]));
    expect((await detail(pool)).flags).toMatchObject([{ flag: 'flag{a}', matchType: 'Exact' }]);
  });
});

describe('the database', () => {
  it('refuses an unknown match type and a team flag that is not exact', async () => {
    const id = await createChallenge(ctx.db, gameId, { title: 'Constraints' });
    const insert = (values: { match_type: string; participation_id?: number }) =>
      ctx.db
        .insertInto('flags')
        // biome-ignore lint/suspicious/noExplicitAny: the point is a value the schema type does not allow
        .values({ challenge_id: id, flag: 'flag{x}', ...values } as any)
        .execute();
    await expect(insert({ match_type: 'Glob' })).rejects.toThrow();
    await expect(insert({ match_type: 'Regex', participation_id: player.participationId })).rejects.toThrow();
    await insert({ match_type: 'RegexIgnoreCase' });
    const rows = await ctx.db.selectFrom('flags').select('match_type').where('challenge_id', '=', id).execute();
    expect(rows).toEqual([{ match_type: 'RegexIgnoreCase' }]);
  });
});

describe('judging each match type', () => {
  it('exact flags: only the same string', async () => {
    const id = await challengeWith('Exact judge', [{ flag: 'flag{Exact}' }]);
    const wrong = ['flag{exact}', 'FLAG{EXACT}', 'flag{Exact}x'];
    expect(await judged(id, wrong, 'flag{Exact}')).toEqual(expected(wrong, 'flag{Exact}'));
  });

  it('case-insensitive flags: any case, nothing more or less', async () => {
    const id = await challengeWith('Case judge', [{ flag: 'flag{MiXeD}', matchType: 'IgnoreCase' }]);
    const wrong = ['flag{mixed}x', 'flag{mixe}', 'flag{mixed_}'];
    expect(await judged(id, wrong, 'FLAG{mixed}')).toEqual(expected(wrong, 'FLAG{mixed}'));
  });

  it('regular expressions match the whole answer, with case, and never a part of it', async () => {
    const id = await challengeWith('Regex judge', [{ flag: 'flag\\{[0-9]+\\}', matchType: 'Regex' }]);
    const wrong = ['FLAG{123}', 'flag{123}x', 'xflag{123}', 'flag{}', 'flag{12a}'];
    expect(await judged(id, wrong, 'flag{42}')).toEqual(expected(wrong, 'flag{42}'));
  });

  it('case-insensitive regular expressions', async () => {
    const id = await challengeWith('Regex case judge', [{ flag: 'flag\\{[a-z]+\\}', matchType: 'RegexIgnoreCase' }]);
    const wrong = ['flag{abc1}', 'Flag{AB-C}', 'flag{ABC}!'];
    expect(await judged(id, wrong, 'FLAG{AbC}')).toEqual(expected(wrong, 'FLAG{AbC}'));
  });

  it('an exact flag beside a pattern: either is accepted', async () => {
    const id = await challengeWith('Mixed judge', [
      { flag: 'flag{one}' },
      { flag: 'flag\\{two-[0-9]\\}', matchType: 'Regex' },
    ]);
    const second = await challengeWith('Mixed judge 2', [
      { flag: 'flag{one}' },
      { flag: 'flag\\{two-[0-9]\\}', matchType: 'Regex' },
    ]);
    expect(await verdict(id, 'flag{one}')).toBe('Accepted');
    expect(await verdict(second, 'flag{two-7}')).toBe('Accepted');
  });

  it('a backtracking-hostile pattern is judged at once against the longest answer', async () => {
    const id = await challengeWith('Hostile', [{ flag: '(a+)+$', matchType: 'Regex' }]);
    const hostile = `${'a'.repeat(126)}!`;
    const started = Date.now();
    // A backtracking engine would need about 2^126 steps for this answer.
    expect(await verdict(id, hostile)).toBe('WrongAnswer');
    expect(await verdict(id, `${'a'.repeat(60)}b`)).toBe('WrongAnswer');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await verdict(id, 'a'.repeat(127))).toBe('Accepted');
  });

  it('a flag edit reaches the judge: a pattern added later is used at once', async () => {
    const id = await challengeWith('Later', [{ flag: 'flag{first}' }]);
    expect(await verdict(id, 'flag{later-1}')).toBe('WrongAnswer');
    ok(await admin.post(flagsUrl(id), [{ flag: 'flag\\{later-\\d\\}', matchType: 'Regex' }]));
    expect(await verdict(id, 'flag{later-2}')).toBe('Accepted');
  });
});

describe('game packages', () => {
  it('carry the match type (only when not Exact) and round-trip it', async () => {
    const now = ctx.clock.now().getTime();
    const source = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR), title: 'Kinds' });
    const challenge = await createChallenge(ctx.db, source, { title: 'Kinds' });
    ok(
      await admin.post(`/api/edit/games/${source}/challenges/${challenge}/flags`, [
        { flag: 'flag{exact}' },
        { flag: 'flag{Case}', matchType: 'IgnoreCase' },
        { flag: 'flag\\{\\d+\\}', matchType: 'Regex' },
        { flag: 'flag\\{[a-z]+\\}', matchType: 'RegexIgnoreCase' },
      ]),
    );
    const staticFlags = (zip: Awaited<ReturnType<typeof exportGame>>['zip']) => {
      const name = Object.keys(zip).find((n) => n.startsWith('challenges/')) as string;
      return jsonOf<{ flags: { static: unknown[] } }>(zip, name).flags.static;
    };
    const first = staticFlags((await exportGame(admin, source)).zip);
    expect(first).toEqual([
      { value: 'flag{exact}', attachment: null },
      { value: 'flag{Case}', attachment: null, matchType: 'IgnoreCase' },
      { value: 'flag\\{\\d+\\}', attachment: null, matchType: 'Regex' },
      { value: 'flag\\{[a-z]+\\}', attachment: null, matchType: 'RegexIgnoreCase' },
    ]);
    const imported = ok<number>(await importZip(admin, (await exportGame(admin, source)).response.rawPayload));
    expect(staticFlags((await exportGame(admin, imported)).zip)).toEqual(first);
  });

  it('imports flags without a type as exact and refuses a broken pattern or a typed pool flag', async () => {
    const now = new Date(ctx.clock.now().getTime());
    const time = now.toISOString();
    const later = new Date(now.getTime() + HOUR).toISOString();
    const pkg = (challenge: object) =>
      zipOf({
        'manifest.json': { format: 'GZCTF-GAME', version: '1.0' },
        'game.json': { title: 'Typed', startTime: time, endTime: later },
        'challenges/challenge-1.json': {
          id: 1,
          title: 'One',
          category: 'Misc',
          type: 'StaticAttachment',
          ...challenge,
        },
      });
    const plain = ok<number>(await importZip(admin, pkg({ flags: { static: [{ value: 'flag{a}' }] } })));
    const [imported] = ok<Array<{ id: number }>>(await admin.get(`/api/edit/games/${plain}/challenges`));
    const importedDetail = ok<ChallengeEditDetailModel>(
      await admin.get(`/api/edit/games/${plain}/challenges/${imported?.id}`),
    );
    expect(importedDetail.flags).toMatchObject([{ flag: 'flag{a}', matchType: 'Exact' }]);

    const before = await storeState(ctx);
    expectError(await importZip(admin, pkg({ flags: { static: [{ value: '(a)\\1', matchType: 'Regex' }] } })), 400);
    expectError(
      await importZip(
        admin,
        pkg({ type: 'DynamicAttachment', flags: { static: [{ value: 'flag{a}', matchType: 'ignorecase' }] } }),
      ),
      400,
    );
    expect(await storeState(ctx)).toEqual(before);
  });
});
