import type { AnswerResult, CtfdImportReport } from '@flagpole/contract';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client';
import { expectError, ok, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { createPlayer } from './play-fixtures';
import { exportGame, importZip, storeState, zipOf } from './transfer-fixtures';
import { craftZip } from './zip-craft';

let ctx: TestContext;
let admin: TestClient;

/** A CTFd table file as CTFd's exporter writes it: compact JSON, `count`, `results`, `meta`. */
const table = (results: object[]) => JSON.stringify({ count: results.length, results, meta: {} });

const warmupFile = Buffer.from('CTFd warmup attachment');
const partOne = Buffer.from('first half');
const partTwo = Buffer.from('second half');

/** A CTFd 3.x export (Admin → Backup) written by hand in its documented shape. */
function ctfdExport(extra: Record<string, Buffer | string> = {}): Buffer {
  const challenge = (row: object) => ({
    description: '',
    attribution: null,
    connection_info: null,
    next_id: null,
    max_attempts: 0,
    state: 'visible',
    logic: 'any',
    initial: null,
    minimum: null,
    decay: null,
    position: 0,
    function: 'static',
    requirements: null,
    ...row,
  });
  return zipOf({
    'db/alembic_version.json': table([{ version_num: '67ebab6de598' }]),
    'db/challenges.json': table([
      challenge({
        id: 1,
        name: 'Warmup',
        description: 'Say hi',
        value: 100,
        category: 'Web Exploitation',
        type: 'standard',
        max_attempts: 5,
      }),
      challenge({
        id: 2,
        name: 'Decaying',
        description: 'Gets cheaper',
        connection_info: 'nc chall.example 1337',
        value: 500,
        category: 'crypto',
        type: 'dynamic',
        initial: 500,
        minimum: 100,
        decay: 16,
        function: 'logarithmic',
        requirements: { prerequisites: [1] },
      }),
      challenge({
        id: 3,
        name: 'Stego time',
        description: 'Look at the picture',
        value: 50,
        category: 'Stego',
        type: 'standard',
        state: 'hidden',
        // As CTFd stores it (JSON text); 99 is no challenge of the export.
        requirements: '{"prerequisites": [1, 2, 99], "anonymize": true}',
      }),
      challenge({
        id: 4,
        name: 'Old dynamic',
        value: 300,
        category: 'Reversing',
        type: 'dynamic',
        function: null,
        requirements: { prerequisites: [4] },
      }),
    ]),
    'db/dynamic_challenge.json': table([{ id: 4, initial: 300, minimum: 30, decay: 10 }]),
    'db/flags.json': table([
      { id: 1, challenge_id: 1, type: 'static', content: 'flag{hello}', data: '' },
      { id: 2, challenge_id: 1, type: 'static', content: 'flag{Hello-Again}', data: 'case_insensitive' },
      { id: 3, challenge_id: 2, type: 'regex', content: '^flag\\{(dec|ay)\\}$', data: '' },
      { id: 4, challenge_id: 2, type: 'regex', content: 'flag\\{.*\\}', data: '' },
      { id: 7, challenge_id: 2, type: 'regex', content: 'FLAG\\{r[e3]gex\\}', data: 'case_insensitive' },
      // RE2 has no back-references: left out and named in the report.
      { id: 8, challenge_id: 2, type: 'regex', content: '(a)\\1', data: '' },
      { id: 5, challenge_id: 3, type: 'static', content: `flag{${'x'.repeat(200)}}`, data: null },
      { id: 6, challenge_id: 4, type: 'static', content: 'flag{old}', data: null },
    ]),
    'db/hints.json': table([
      { id: 1, type: 'standard', challenge_id: 1, content: 'Free hint', cost: 0, requirements: null, title: null },
      { id: 2, type: 'standard', challenge_id: 1, content: 'Costly hint', cost: 25, requirements: null, title: 'Pay' },
      {
        id: 3,
        type: 'standard',
        challenge_id: 1,
        content: 'Dearer hint',
        cost: 40,
        requirements: '{"prerequisites": [2]}',
        title: null,
      },
    ]),
    'db/files.json': table([
      {
        id: 1,
        type: 'challenge',
        location: '0123456789abcdef/warmup.txt',
        sha1sum: null,
        challenge_id: 1,
        page_id: null,
      },
      { id: 2, type: 'challenge', location: 'aaaabbbb/part.txt', sha1sum: null, challenge_id: 2, page_id: null },
      { id: 3, type: 'challenge', location: 'ccccdddd/part.txt', sha1sum: null, challenge_id: 2, page_id: null },
      { id: 4, type: 'challenge', location: 'eeee/missing.png', sha1sum: null, challenge_id: 3, page_id: null },
      { id: 5, type: 'page', location: 'ffff/logo.png', sha1sum: null, challenge_id: null, page_id: 1 },
    ]),
    'db/tags.json': table([{ id: 1, challenge_id: 3, value: 'beginner' }]),
    'db/config.json': table([
      { id: 1, key: 'ctf_name', value: 'Imported CTF' },
      { id: 2, key: 'start', value: '1893456000' },
      { id: 3, key: 'end', value: '1893628800' },
      { id: 4, key: 'user_mode', value: 'teams' },
    ]),
    'db/notifications.json': table([
      {
        id: 1,
        title: 'Welcome',
        content: 'Have fun',
        date: '2030-01-01T00:00:05.123456',
        user_id: null,
        team_id: null,
      },
    ]),
    // Tables without rows are empty files in CTFd's export.
    'db/users.json': '',
    'db/submissions.json': '',
    'uploads/0123456789abcdef/warmup.txt': warmupFile,
    'uploads/aaaabbbb/part.txt': partOne,
    'uploads/ccccdddd/part.txt': partTwo,
    'uploads/ffff/logo.png': Buffer.from('not a challenge file'),
    ...extra,
  });
}

beforeAll(async () => {
  ctx = await createTestContext({ LOG_LEVEL: process.env.DEBUG_LOG ? 'error' : 'silent' });
  admin = await signUpAdmin(ctx, 'ctfdadmin');
});
afterAll(() => ctx.close());

const importCtfd = (bytes: Buffer) =>
  importZip(admin, bytes, { url: '/api/edit/games/import/ctfd', fileName: 'ctfd-backup.zip' });

describe('CTFd import', () => {
  it('imports challenges, flags, hints, files and notifications, and reports what it adapted', async () => {
    const report = ok<CtfdImportReport>(await importCtfd(ctfdExport()));
    expect(report).toMatchObject({ challenges: 4, flags: 6, hints: 1, files: 2, notices: 1 });
    expect(report.notes.filter((n) => n.kind === 'hintCostDropped')).toEqual([]);
    expect(report.notes.filter((n) => n.kind === 'requirementsDropped').map((n) => n.challenge)).toEqual([
      'Stego time',
      'Old dynamic',
    ]);
    expect(report.categories).toEqual([
      { source: 'Web Exploitation', category: 'Web', known: true },
      { source: 'crypto', category: 'Crypto', known: true },
      { source: 'Stego', category: 'Misc', known: false },
      { source: 'Reversing', category: 'Reverse', known: true },
    ]);
    const notes = report.notes.map((n) => [n.challenge, n.kind, n.detail]);
    expect(notes).toEqual(
      expect.arrayContaining([
        ['Decaying', 'regexSkipped', '(a)\\1'],
        ['Stego time', 'requirementsDropped', '99'],
        ['Old dynamic', 'requirementsDropped', '4'],
        ['Decaying', 'filesBundled', '2'],
        ['Stego time', 'unknownCategory', 'Stego'],
        ['Stego time', 'flagSkipped', '206'],
        ['Stego time', 'noFlags', ''],
        ['Stego time', 'fileMissing', 'eeee/missing.png'],
        ['Stego time', 'tagsDropped', 'beginner'],
      ]),
    );

    const game = ok<Record<string, unknown>>(await admin.get(`/api/edit/games/${report.gameId}`));
    expect(game).toMatchObject({
      title: 'Imported CTF',
      hidden: true,
      practiceMode: false,
      start: 1_893_456_000_000,
      end: 1_893_628_800_000,
    });
    const list = ok<Array<{ id: number; title: string; category: string; isEnabled: boolean }>>(
      await admin.get(`/api/edit/games/${report.gameId}/challenges`),
    );
    expect(list.map((c) => [c.title, c.category, c.isEnabled])).toEqual([
      ['Warmup', 'Web', false],
      ['Decaying', 'Crypto', false],
      ['Stego time', 'Misc', false],
      ['Old dynamic', 'Reverse', false],
    ]);
    const detail = async (index: number) =>
      ok<{
        content: string;
        hints: string[];
        flags: Array<{ flag: string; matchType: string }>;
        fileName: string;
        attachment: { url: string } | null;
        submissionLimit: number;
        originalScore: number;
        minScoreRate: number;
        difficulty: number;
      }>(await admin.get(`/api/edit/games/${report.gameId}/challenges/${list[index]?.id}`));
    const warmup = await detail(0);
    expect(warmup).toMatchObject({
      content: 'Say hi',
      hints: ['Free hint'],
      flags: [
        { flag: 'flag{hello}', matchType: 'Exact' },
        { flag: 'flag{Hello-Again}', matchType: 'IgnoreCase' },
      ],
      fileName: 'warmup.txt',
      submissionLimit: 5,
      originalScore: 100,
      minScoreRate: 1,
    });
    expect((await admin.get(warmup.attachment?.url ?? '')).rawPayload.equals(warmupFile)).toBe(true);
    // CTFd's hints with a cost are locked Points hints, their prerequisite kept.
    const locked = ok<
      Array<{ id: number; title: string; content: string; kind: string; cost: number; requiresHintId: number | null }>
    >(await admin.get(`/api/edit/games/${report.gameId}/challenges/${list[0]?.id}/hints`));
    expect(locked.map((h) => [h.title, h.content, h.kind, h.cost])).toEqual([
      ['Pay', 'Costly hint', 'Points', 25],
      ['Hint 3', 'Dearer hint', 'Points', 40],
    ]);
    expect(locked[1]?.requiresHintId).toBe(locked[0]?.id);

    const decaying = await detail(1);
    expect(decaying).toMatchObject({
      content: 'Gets cheaper\n\n`nc chall.example 1337`',
      // Patterns kept as CTFd has them; Flagpole's regex flags match the whole answer, as CTFd's check does.
      flags: [
        { flag: '^flag\\{(dec|ay)\\}$', matchType: 'Regex' },
        { flag: 'flag\\{.*\\}', matchType: 'Regex' },
        { flag: 'FLAG\\{r[e3]gex\\}', matchType: 'RegexIgnoreCase' },
      ],
      fileName: 'attachments.zip',
      originalScore: 500,
      minScoreRate: 0.2,
      difficulty: 5,
    });
    const bundle = unzipSync(new Uint8Array((await admin.get(decaying.attachment?.url ?? '')).rawPayload));
    expect(Object.keys(bundle)).toEqual(['part.txt', '2-part.txt']);
    expect(Buffer.from(bundle['2-part.txt'] as Uint8Array).equals(partTwo)).toBe(true);

    expect(await detail(2)).toMatchObject({ flags: [], attachment: null });
    // CTFd's requirements are prerequisites, all of them: hidden until met, or listed locked when anonymised.
    const prerequisitesOf = async (index: number) =>
      ok<{ prerequisites: unknown }>(await admin.get(`/api/edit/games/${report.gameId}/challenges/${list[index]?.id}`))
        .prerequisites;
    expect(await prerequisitesOf(1)).toEqual({ challengeIds: [list[0]?.id], count: null, hidden: true });
    expect(await prerequisitesOf(2)).toEqual({ challengeIds: [list[0]?.id, list[1]?.id], count: null, hidden: false });
    expect(await prerequisitesOf(0)).toBeNull();
    expect(await prerequisitesOf(3)).toBeNull();
    // An older export keeps decay settings in dynamic_challenge.
    expect(await detail(3)).toMatchObject({ originalScore: 300, minScoreRate: 0.1, difficulty: 3 });

    const notices = ok<Array<{ values: string[]; time: number }>>(
      await admin.get(`/api/edit/games/${report.gameId}/notices`),
    );
    expect(notices).toEqual([
      expect.objectContaining({ values: ['**Welcome**\n\nHave fun'], time: Date.parse('2030-01-01T00:00:05.123Z') }),
    ]);

    // The imported game exports as a regular package.
    const { zip } = await exportGame(admin, report.gameId);
    expect(Object.keys(zip).filter((n) => n.startsWith('challenges/'))).toHaveLength(4);
  });

  it('judges imported flags as CTFd would: a team solves with answers the case-insensitive and regex flags accept', async () => {
    const report = ok<CtfdImportReport>(await importCtfd(ctfdExport()));
    const now = ctx.clock.now().getTime();
    await ctx.db
      .updateTable('games')
      .set({ start_at: new Date(now - 3_600_000), end_at: new Date(now + 3_600_000), hidden: false })
      .where('id', '=', report.gameId)
      .execute();
    const list = ok<Array<{ id: number; title: string }>>(
      await admin.get(`/api/edit/games/${report.gameId}/challenges`),
    );
    const idOf = (title: string) => list.find((c) => c.title === title)?.id as number;
    for (const title of ['Warmup', 'Decaying']) {
      ok(await admin.put(`/api/edit/games/${report.gameId}/challenges/${idOf(title)}`, { isEnabled: true }));
    }
    const player = await createPlayer(ctx.app, ctx.db, report.gameId, 'ctfdplayer');
    const verdict = async (title: string, flag: string) => {
      const url = `/api/game/${report.gameId}/challenges/${idOf(title)}`;
      const id = ok<number>(await player.client.post(url, { flag }));
      await ctx.app.services.play.flagChecker.drain();
      return ok<AnswerResult>(await player.client.get(`${url}/status/${id}`));
    };
    // Decaying requires Warmup (CTFd's requirements): hidden, so refused as unknown, until the team solves it.
    expect(
      (await player.client.post(`/api/game/${report.gameId}/challenges/${idOf('Decaying')}`, { flag: 'x' })).statusCode,
    ).toBe(404);
    expect(await verdict('Warmup', 'flag{HELLO}')).toBe('WrongAnswer');
    expect(await verdict('Warmup', 'FLAG{HELLO-AGAIN}')).toBe('Accepted');
    await ctx.app.services.play.scoreboard.settle();
    expect(await verdict('Decaying', 'flag{dec}x')).toBe('WrongAnswer');
    expect(await verdict('Decaying', 'Flag{regex}!')).toBe('WrongAnswer');
    expect(await verdict('Decaying', 'Flag{R3GEX}')).toBe('Accepted');
  });

  it('makes the game individual when CTFd ran in user mode (a team-mode export gives a team game)', async () => {
    const users = table([
      { id: 1, key: 'ctf_name', value: 'Solo CTF' },
      { id: 4, key: 'user_mode', value: 'users' },
    ]);
    const solo = ok<CtfdImportReport>(await importCtfd(ctfdExport({ 'db/config.json': users })));
    expect(ok(await admin.get(`/api/edit/games/${solo.gameId}`))).toMatchObject({ individual: true });
    const teams = ok<CtfdImportReport>(await importCtfd(ctfdExport()));
    expect(ok(await admin.get(`/api/edit/games/${teams.gameId}`))).toMatchObject({ individual: false });
  });

  it('refuses a CTFd export at the package endpoint and a package at the CTFd endpoint', async () => {
    const before = await storeState(ctx);
    expectError(await importZip(admin, ctfdExport()), 400);
    expectError(await importCtfd(zipOf({ 'manifest.json': '{}', 'game.json': '{}' })), 400);
    expect(await storeState(ctx)).toEqual(before);
  });

  it('refuses a hostile CTFd export and one with broken tables, changing nothing', async () => {
    const before = await storeState(ctx);
    expectError(await importCtfd(ctfdExport({ 'db/challenges.json': '{"results": [{"id": "one"}]}' })), 400);
    expectError(await importCtfd(ctfdExport({ 'db/flags.json': '{"results": ' })), 400);
    const traversal = craftZip([
      { name: 'db/challenges.json', data: table([]) },
      { name: 'uploads/../../../etc/passwd', data: 'x' },
    ]);
    expectError(await importCtfd(traversal), 400);
    expect(await storeState(ctx)).toEqual(before);
  });
});
