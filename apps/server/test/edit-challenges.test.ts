import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client';
import { createGame, del, expectError, type GameInfo, HOUR, ok, record, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';

let ctx: TestContext;
let admin: TestClient;
let game: GameInfo;

interface Detail {
  id: number;
  title: string;
  type: string;
  category: string;
  isEnabled: boolean;
  hints: string[];
  flags: Array<{
    id: number;
    flag: string;
    attachment: { type: string; url: string | null; fileSize: number | null } | null;
  }>;
  attachment: { id: number; type: string; url: string | null; fileSize: number | null } | null;
  exposePort: number | null;
  acceptedCount: number;
  [key: string]: unknown;
}

const base = () => `/api/edit/games/${game.id}/challenges`;

async function createChallenge(body: Record<string, unknown>): Promise<Detail> {
  return ok<Detail>(await admin.post(base(), body));
}

async function noticesOf(gameId: number) {
  return ctx.db
    .selectFrom('game_notices')
    .select(['type', 'values'])
    .where('game_id', '=', gameId)
    .orderBy('id')
    .execute();
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx, 'chaladmin');
  game = await createGame(ctx, admin);
});
afterAll(() => ctx.close());

describe('challenges', () => {
  it('creates a disabled challenge and shows it in the list with its score', async () => {
    const created = await createChallenge({ title: 'Warmup', category: 'Web', type: 'StaticAttachment' });
    expect(created).toMatchObject({
      title: 'Warmup',
      category: 'Web',
      type: 'StaticAttachment',
      isEnabled: false,
      hints: [],
      flags: [],
      attachment: null,
      testContainer: null,
      acceptedCount: 0,
      originalScore: 1000,
      minScoreRate: 0.25,
      difficulty: 5,
      fileName: null,
      exposePort: null,
    });
    const list = ok<Array<Record<string, unknown>>>(await admin.get(base()));
    expect(list).toContainEqual({
      id: created.id,
      title: 'Warmup',
      category: 'Web',
      type: 'StaticAttachment',
      isEnabled: false,
      score: 1000,
      minScore: 250,
      originalScore: 1000,
      deadlineUtc: null,
      releaseUtc: null,
      phaseId: null,
    });
    expect(ok(await admin.get('/api/edit/games/999999/challenges'))).toEqual([]);
    expectError(await admin.post('/api/edit/games/999999/challenges', { title: 'x' }), 404);
    expectError(await admin.post(base(), { title: '' }), 400);
    expectError(await admin.post(base(), { title: 'x', type: 'Quantum' }), 400);
    expectError(await admin.get(`${base()}/999999`), 404);
  });

  it('computes the current score from accepted solves', async () => {
    const c = await createChallenge({ title: 'Scored' });
    await ctx.db.updateTable('challenges').set({ is_enabled: true }).where('id', '=', c.id).execute();
    for (let i = 0; i < 3; i += 1) {
      const user = await ctx.db
        .insertInto('users')
        .values({ user_name: `solver${i}`, email: `solver${i}@example.com`, password_hash: 'x' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const team = await ctx.db
        .insertInto('teams')
        .values({ name: `solvers${i}`, captain_id: user.id, invite_token: 'a'.repeat(32) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const part = await ctx.db
        .insertInto('participations')
        .values({ game_id: game.id, team_id: team.id, status: i === 2 ? 'Suspended' : 'Accepted' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const sub = await ctx.db
        .insertInto('submissions')
        .values({
          game_id: game.id,
          challenge_id: c.id,
          participation_id: part.id,
          answer: 'flag{x}',
          status: 'Accepted',
          submitted_at: ctx.clock.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.db
        .insertInto('solves')
        .values({
          participation_id: part.id,
          challenge_id: c.id,
          game_id: game.id,
          submission_id: sub.id,
          solved_at: ctx.clock.now(),
        })
        .execute();
    }
    const list = ok<Array<{ id: number; score: number }>>(await admin.get(base()));
    // Two accepted solves: floor(1000 * (0.25 + 0.75 * exp(-1/5))).
    expect(list.find((x) => x.id === c.id)?.score).toBe(Math.floor(1000 * (0.25 + 0.75 * Math.exp(-1 / 5))));
    expect(ok<Detail>(await admin.get(`${base()}/${c.id}`)).acceptedCount).toBe(2);
    ok(await admin.post(`${base()}/updateaccepted`));
    expectError(await admin.post('/api/edit/games/999999/challenges/updateaccepted'), 404);
  });

  it('needs a flag to enable; NewChallenge notice while running; NewHint on changed hints; invalidates the board', async () => {
    const c = await createChallenge({ title: 'Needs Flag', category: 'Crypto' });
    expectError(await admin.put(`${base()}/${c.id}`, { isEnabled: true }), 400);
    ok(await admin.post(`${base()}/${c.id}/flags`, [{ flag: 'flag{one}' }, { flag: 'flag{two}' }]));
    const invalidations = record(ctx, 'scoreboard:invalidate');
    const enabled = ok<Detail>(await admin.put(`${base()}/${c.id}`, { isEnabled: true, hints: ['look closer'] }));
    expect(enabled.isEnabled).toBe(true);
    expect(enabled.flags.map((f) => f.flag)).toEqual(['flag{one}', 'flag{two}']);
    expect(invalidations).toContainEqual({ gameId: game.id });
    let notices = await noticesOf(game.id);
    expect(notices.filter((n) => n.type === 'NewChallenge')).toEqual([
      { type: 'NewChallenge', values: ['Needs Flag'] },
    ]);
    expect(notices.filter((n) => n.type === 'NewHint')).toEqual([]);

    ok(await admin.put(`${base()}/${c.id}`, { hints: ['look closer'] }));
    expect((await noticesOf(game.id)).filter((n) => n.type === 'NewHint')).toHaveLength(0);
    ok(await admin.put(`${base()}/${c.id}`, { hints: ['look closer', 'xor'] }));
    notices = await noticesOf(game.id);
    expect(notices.filter((n) => n.type === 'NewHint')).toEqual([{ type: 'NewHint', values: ['Needs Flag'] }]);
    const publicNotices = await ctx.app.inject({ url: `/api/game/${game.id}/notices` });
    if (publicNotices.statusCode === 200) {
      const types = (JSON.parse(publicNotices.body) as Array<{ type: string }>).map((n) => n.type);
      expect(types).toEqual(expect.arrayContaining(['NewChallenge', 'NewHint']));
    }
  });

  it('posts no automatic notice before the game starts', async () => {
    const now = ctx.clock.now().getTime();
    const future = await createGame(ctx, admin, { start: now + HOUR, end: now + 2 * HOUR });
    const c = ok<Detail>(await admin.post(`/api/edit/games/${future.id}/challenges`, { title: 'Later' }));
    ok(await admin.post(`/api/edit/games/${future.id}/challenges/${c.id}/flags`, [{ flag: 'f' }]));
    ok(await admin.put(`/api/edit/games/${future.id}/challenges/${c.id}`, { isEnabled: true, hints: ['h'] }));
    expect(await noticesOf(future.id)).toEqual([]);
  });

  it('removing the last flag disables the challenge; unknown flags give "NotFound"', async () => {
    const c = await createChallenge({ title: 'One Flag' });
    ok(await admin.post(`${base()}/${c.id}/flags`, [{ flag: 'flag{only}' }]));
    ok(await admin.put(`${base()}/${c.id}`, { isEnabled: true }));
    const flagId = ok<Detail>(await admin.get(`${base()}/${c.id}`)).flags[0]?.id;
    expect(ok<string>(await del(admin, `${base()}/${c.id}/flags/999999`))).toBe('NotFound');
    expect(ok<string>(await del(admin, `${base()}/${c.id}/flags/${flagId}`))).toBe('Success');
    expect(ok<Detail>(await admin.get(`${base()}/${c.id}`)).isEnabled).toBe(false);
    expectError(await del(admin, `${base()}/999999/flags/1`), 404);
    expectError(await admin.post(`${base()}/${c.id}/flags`, [{ flag: '' }]), 400);
    expectError(await admin.post(`${base()}/${c.id}/flags`, [{ flag: 'x'.repeat(128) }]), 400);
    expectError(await admin.post(`${base()}/${c.id}/flags`, { flag: 'not an array' }), 400);
  });

  it('dynamic containers need a template, not flags; without a container engine they are not enabled and the test container is refused', async () => {
    const c = await createChallenge({ title: 'Box', type: 'DynamicContainer', category: 'Pwn' });
    expect(c.exposePort).toBe(80);
    expectError(await admin.put(`${base()}/${c.id}`, { isEnabled: true }), 400);
    expectError(await admin.post(`${base()}/${c.id}/flags`, [{ flag: 'f' }]), 400);
    // The type is fixed at creation: the update body has no such field, so one sent is ignored.
    expect(ok<Detail>(await admin.put(`${base()}/${c.id}`, { type: 'StaticAttachment' })).type).toBe(c.type);
    // With a template it could be enabled, but no engine could start it (game-readiness.test.ts).
    expectError(await admin.put(`${base()}/${c.id}`, { isEnabled: true, flagTemplate: 'flag{[TEAM_HASH]}' }), 400);
    const updated = ok<Detail>(
      await admin.put(`${base()}/${c.id}`, {
        flagTemplate: 'flag{[TEAM_HASH]}',
        containerExposePort: 1337,
        enableTrafficCapture: true,
      }),
    );
    expect(updated).toMatchObject({
      isEnabled: false,
      exposePort: 1337,
      type: 'DynamicContainer',
      enableTrafficCapture: true,
    });
    expect(ok<Detail>(await admin.put(`${base()}/${c.id}`, { exposePort: 8080 })).exposePort).toBe(8080);
    expectError(await admin.post(`${base()}/${c.id}/container`), 400);
    expectError(await del(admin, `${base()}/${c.id}/container`), 400);
    expectError(await admin.post(`${base()}/999999/container`), 404);
  });

  it('validates updates', async () => {
    const c = await createChallenge({ title: 'Validate' });
    expectError(await admin.put(`${base()}/${c.id}`, { enableTrafficCapture: true }), 400);
    expectError(await admin.put(`${base()}/${c.id}`, { fileName: '  ' }), 400);
    expectError(await admin.put(`${base()}/${c.id}`, { minScoreRate: 2 }), 400);
    expectError(await admin.put(`${base()}/${c.id}`, { originalScore: 0 }), 400);
    expectError(await admin.put(`${base()}/${c.id}`, { category: 'Cooking' }), 400);
    expectError(await admin.put(`${base()}/${c.id}`, { hints: 'not a list' }), 400);
    expectError(await admin.put(`${base()}/999999`, { title: 'x' }), 404);
    const deadline = ctx.clock.now().getTime() + HOUR;
    const updated = ok<Detail>(
      await admin.put(`${base()}/${c.id}`, {
        title: 'Renamed',
        deadlineUtc: deadline,
        originalScore: 500,
        submissionLimit: 3,
      }),
    );
    expect(updated).toMatchObject({ title: 'Renamed', deadlineUtc: deadline, originalScore: 500, submissionLimit: 3 });
    expect(ok<Detail>(await admin.put(`${base()}/${c.id}`, { deadlineUtc: 0 })).deadlineUtc).toBeNull();
  });

  it('sets local, remote and no attachment; local files must exist and are reference counted', async () => {
    const c = await createChallenge({ title: 'Files' });
    const hash = 'b'.repeat(64);
    await ctx.db
      .insertInto('files')
      .values({ hash, size: 1234, content_type: 'application/zip', reference_count: 1 })
      .execute();
    expectError(
      await admin.post(`${base()}/${c.id}/attachment`, { attachmentType: 'Local', fileHash: 'c'.repeat(64) }),
      400,
    );
    expectError(await admin.post(`${base()}/${c.id}/attachment`, { attachmentType: 'Local' }), 400);
    expectError(
      await admin.post(`${base()}/${c.id}/attachment`, { attachmentType: 'Remote', remoteUrl: 'ftp://x/y' }),
      400,
    );
    expectError(await admin.post(`${base()}/${c.id}/attachment`, { attachmentType: 'Remote' }), 400);
    ok(await admin.post(`${base()}/${c.id}/attachment`, { attachmentType: 'Local', fileHash: hash }));
    const refs = async () =>
      (await ctx.db.selectFrom('files').select('reference_count').where('hash', '=', hash).executeTakeFirstOrThrow())
        .reference_count;
    expect(await refs()).toBe(2);
    expect(ok<Detail>(await admin.get(`${base()}/${c.id}`)).attachment).toMatchObject({
      type: 'Local',
      url: `/assets/${hash}/attachment`,
      fileSize: 1234,
    });
    ok(
      await admin.post(`${base()}/${c.id}/attachment`, {
        attachmentType: 'Remote',
        remoteUrl: 'https://example.com/a.zip',
      }),
    );
    expect(await refs()).toBe(1);
    expect(ok<Detail>(await admin.get(`${base()}/${c.id}`)).attachment).toMatchObject({
      type: 'Remote',
      url: 'https://example.com/a.zip',
      fileSize: null,
    });
    ok(await admin.post(`${base()}/${c.id}/attachment`, { attachmentType: 'None' }));
    expect(ok<Detail>(await admin.get(`${base()}/${c.id}`)).attachment).toBeNull();

    const dyn = await createChallenge({ title: 'Dyn', type: 'DynamicAttachment' });
    expectError(await admin.post(`${base()}/${dyn.id}/attachment`, { attachmentType: 'None' }), 400);
    ok(
      await admin.post(`${base()}/${dyn.id}/flags`, [
        { flag: 'flag{a}', attachmentType: 'Local', fileHash: hash },
        { flag: 'flag{b}', attachmentType: 'Remote', remoteUrl: 'https://example.com/b' },
      ]),
    );
    const detail = ok<Detail>(await admin.get(`${base()}/${dyn.id}`));
    expect(detail.flags.map((f) => f.attachment?.type)).toEqual(['Local', 'Remote']);
    expect(await refs()).toBe(2);
    expectError(
      await admin.post(`${base()}/${dyn.id}/flags`, [
        { flag: 'flag{c}', attachmentType: 'Local', fileHash: 'd'.repeat(64) },
      ]),
      400,
    );
    expect(ok<Detail>(await admin.get(`${base()}/${dyn.id}`)).flags).toHaveLength(2);

    const invalidations = record(ctx, 'scoreboard:invalidate');
    ok(await del(admin, `${base()}/${dyn.id}`));
    expect(await refs()).toBe(1);
    expect(invalidations).toContainEqual({ gameId: game.id });
    expectError(await admin.get(`${base()}/${dyn.id}`), 404);
    expectError(await del(admin, `${base()}/${dyn.id}`), 404);
  });
});
