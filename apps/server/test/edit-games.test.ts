import { DEFAULT_BLOOD_BONUS } from '@flagpole/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client';
import { createGame, del, expectError, type GameInfo, HOUR, ok, record, signUp, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { multipartBody } from './multipart';

let ctx: TestContext;
let admin: TestClient;
let user: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx, 'organiser');
  user = await signUp(ctx, 'player');
});
afterAll(() => ctx.close());

interface Page<T> {
  data: T[];
  length: number;
  total: number;
}

describe('games CRUD', () => {
  it('creates a game with defaults and a fresh Ed25519 public key; the private key stays inside', async () => {
    const now = ctx.clock.now().getTime();
    const game = await createGame(ctx, admin, { start: now, end: now + HOUR, summary: 'S' });
    expect(game).toEqual({
      id: expect.any(Number),
      title: 'Test Game',
      hidden: false,
      summary: 'S',
      content: '',
      acceptWithoutReview: false,
      writeupRequired: false,
      inviteCode: null,
      teamMemberCountLimit: 0,
      containerCountLimit: 3,
      poster: null,
      publicKey: expect.stringMatching(/^[A-Za-z0-9+/]{43}=$/),
      practiceMode: true,
      start: now,
      end: now + HOUR,
      writeupDeadline: now + HOUR,
      writeupNote: '',
      bloodBonus: DEFAULT_BLOOD_BONUS,
      flagFormat: null,
      flagFormatCheck: false,
      freezeAt: null,
      scoreboardRevealed: false,
      individual: false,
      memberProgress: false,
    });
    expect(Buffer.from(game.publicKey, 'base64')).toHaveLength(32);
    const other = await createGame(ctx, admin);
    expect(other.publicKey).not.toBe(game.publicKey);
    expect(JSON.stringify(ok(await admin.get(`/api/edit/games/${game.id}`)))).not.toMatch(/private/i);
  });

  it('accepts ISO times and refuses an end before the start', async () => {
    const game = ok<GameInfo>(
      await admin.post('/api/edit/games', { title: 'Iso', start: '2031-01-01T00:00:00Z', end: '2031-01-02T00:00:00Z' }),
    );
    expect(game.start).toBe(Date.UTC(2031, 0, 1));
    expectError(await admin.post('/api/edit/games', { title: 'Bad', start: 2000, end: 1000 }), 400);
    expectError(await admin.post('/api/edit/games', { title: 'Same', start: 1000, end: 1000 }), 400);
    expectError(await admin.put(`/api/edit/games/${game.id}`, { title: 'Bad', start: 2000, end: 1000 }), 400);
    expectError(await admin.post('/api/edit/games', { title: '', start: 1000, end: 2000 }), 400);
    expectError(await admin.post('/api/edit/games', { title: 'No times' }), 400);
  });

  it('lists every game, hidden too, newest first, paged', async () => {
    await createGame(ctx, admin, { title: 'Hidden', hidden: true });
    const page = ok<Page<GameInfo>>(await admin.get('/api/edit/games?count=2&skip=0'));
    expect(page.length).toBe(2);
    expect(page.data[0]?.title).toBe('Hidden');
    expect(page.data[0]?.id).toBeGreaterThan(page.data[1]?.id ?? Infinity);
    const all = ok<Page<GameInfo>>(await admin.get('/api/edit/games?count=100&skip=0'));
    expect(all.total).toBe(all.length);
    expect(ok<Page<GameInfo>>(await admin.get('/api/edit/games?count=0')).data).toEqual([]);
    expectError(await admin.get('/api/edit/games?count=101'), 400);
    expectError(await admin.get('/api/edit/games?count=abc'), 400);
  });

  it('updates settings, normalises an invalid blood bonus and invalidates the scoreboard', async () => {
    const game = await createGame(ctx, admin);
    const invalidations = record(ctx, 'scoreboard:invalidate');
    const updated = ok<GameInfo>(
      await admin.put(`/api/edit/games/${game.id}`, {
        title: 'Renamed',
        start: game.start,
        end: game.end + HOUR,
        inviteCode: 'secret',
        teamMemberCountLimit: 4,
        practiceMode: false,
        bloodBonus: (1001 << 20) | 5,
        publicKey: 'ignored',
        poster: 'ignored',
      }),
    );
    expect(updated).toMatchObject({
      id: game.id,
      title: 'Renamed',
      end: game.end + HOUR,
      inviteCode: 'secret',
      teamMemberCountLimit: 4,
      practiceMode: false,
      bloodBonus: DEFAULT_BLOOD_BONUS,
      publicKey: game.publicKey,
      poster: null,
    });
    expect(invalidations).toContainEqual({ gameId: game.id });
    const custom = ok<GameInfo>(
      await admin.put(`/api/edit/games/${game.id}`, { title: 'R', start: game.start, end: game.end, bloodBonus: 0 }),
    );
    expect(custom.bloodBonus).toBe(0);
    expectError(await admin.put('/api/edit/games/999999', { title: 'x', start: 1, end: 2 }), 404);
  });

  it('deletes a game', async () => {
    const game = await createGame(ctx, admin);
    ok(await del(admin, `/api/edit/games/${game.id}`));
    expectError(await admin.get(`/api/edit/games/${game.id}`), 404);
    expectError(await del(admin, `/api/edit/games/${game.id}`), 404);
  });

  it('uploads a poster as WebP without enlarging it', async () => {
    const game = await createGame(ctx, admin);
    const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const { body, contentType } = multipartBody('file', 'poster.png', 'image/png', png);
    const url = ok<string>(
      await admin.put(`/api/edit/games/${game.id}/poster`, undefined, { raw: { body, contentType } }),
    );
    expect(url).toMatch(/^\/assets\/[0-9a-f]{64}\/poster\.webp$/);
    const file = await ctx.app.inject({ url });
    expect((await sharp(file.rawPayload).metadata()).width).toBe(800);
    const hash = url.split('/')[2];
    expect(ok<GameInfo>(await admin.get(`/api/edit/games/${game.id}`)).poster).toBe(`/assets/${hash}/poster`);
    const junk = multipartBody('file', 'p.png', 'image/png', Buffer.from('nope'));
    expectError(await admin.put(`/api/edit/games/${game.id}/poster`, undefined, { raw: junk }), 400);
    expectError(
      await admin.put('/api/edit/games/999999/poster', undefined, {
        raw: multipartBody('file', 'p.png', 'image/png', png),
      }),
      404,
    );
  });
});

describe('notices', () => {
  it('posts, lists, edits and deletes organiser notices; automatic ones are read-only here', async () => {
    const game = await createGame(ctx, admin);
    const posted = ok<{ id: number; type: string; values: string[]; time: number }>(
      await admin.post(`/api/edit/games/${game.id}/notices`, { content: 'Welcome!' }),
    );
    expect(posted).toMatchObject({ type: 'Normal', values: ['Welcome!'], time: ctx.clock.now().getTime() });
    const system = await ctx.db
      .insertInto('game_notices')
      .values({ game_id: game.id, type: 'NewHint', values: JSON.stringify(['x']), published_at: ctx.clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const list = ok<Array<{ id: number }>>(await admin.get(`/api/edit/games/${game.id}/notices`));
    expect(list.map((n) => n.id)).toEqual([posted.id]);
    const publicList = await ctx.app.inject({ url: `/api/game/${game.id}/notices` });
    if (publicList.statusCode === 200) expect(publicList.body).toContain('Welcome!');

    const edited = ok<{ values: string[] }>(
      await admin.put(`/api/edit/games/${game.id}/notices/${posted.id}`, { content: 'Edited' }),
    );
    expect(edited.values).toEqual(['Edited']);
    expectError(await admin.put(`/api/edit/games/${game.id}/notices/${system.id}`, { content: 'no' }), 400);
    expectError(await del(admin, `/api/edit/games/${game.id}/notices/${system.id}`), 400);
    expectError(await admin.put(`/api/edit/games/${game.id}/notices/999999`, { content: 'no' }), 404);
    expectError(await admin.post(`/api/edit/games/${game.id}/notices`, { content: '   ' }), 400);
    expectError(await admin.post('/api/edit/games/999999/notices', { content: 'x' }), 404);
    ok(await del(admin, `/api/edit/games/${game.id}/notices/${posted.id}`));
    expect(ok<unknown[]>(await admin.get(`/api/edit/games/${game.id}/notices`))).toEqual([]);
    expectError(await del(admin, `/api/edit/games/${game.id}/notices/${posted.id}`), 404);
  });
});

describe('roles', () => {
  it('401 anonymous and 403 for users on every edit route', async () => {
    const game = await createGame(ctx, admin);
    const anon = new TestClient(ctx.app, '10.8.1.1');
    const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string]> = [
      ['GET', '/api/edit/games'],
      ['POST', '/api/edit/games'],
      ['GET', `/api/edit/games/${game.id}`],
      ['PUT', `/api/edit/games/${game.id}`],
      ['DELETE', `/api/edit/games/${game.id}`],
      ['PUT', `/api/edit/games/${game.id}/poster`],
      ['GET', `/api/edit/games/${game.id}/notices`],
      ['POST', `/api/edit/games/${game.id}/notices`],
      ['PUT', `/api/edit/games/${game.id}/notices/1`],
      ['DELETE', `/api/edit/games/${game.id}/notices/1`],
      ['GET', `/api/edit/games/${game.id}/challenges`],
      ['POST', `/api/edit/games/${game.id}/challenges`],
      ['POST', `/api/edit/games/${game.id}/challenges/updateaccepted`],
      ['GET', `/api/edit/games/${game.id}/challenges/1`],
      ['PUT', `/api/edit/games/${game.id}/challenges/1`],
      ['DELETE', `/api/edit/games/${game.id}/challenges/1`],
      ['POST', `/api/edit/games/${game.id}/challenges/1/attachment`],
      ['POST', `/api/edit/games/${game.id}/challenges/1/flags`],
      ['DELETE', `/api/edit/games/${game.id}/challenges/1/flags/1`],
      ['POST', `/api/edit/games/${game.id}/challenges/1/container`],
      ['DELETE', `/api/edit/games/${game.id}/challenges/1/container`],
      ['GET', `/api/game/${game.id}/participations`],
      ['PUT', '/api/admin/participation/1'],
    ];
    for (const [method, url] of routes) {
      expectError(await anon.send(method, url, method === 'GET' || method === 'DELETE' ? undefined : {}), 401);
      expectError(await user.send(method, url, method === 'GET' || method === 'DELETE' ? undefined : {}), 403);
    }
    expect(ok<GameInfo>(await admin.get(`/api/edit/games/${game.id}`)).id).toBe(game.id);
  });
});
