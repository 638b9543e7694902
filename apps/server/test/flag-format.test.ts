import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client';
import { createGame, expectError, type GameInfo, ok, signUp, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { exportGame, importZip, jsonOf, zipOf } from './transfer-fixtures';

/** A game's flag format (`flagFormat`, `flagFormatCheck`): stored, validated, shown to players, transferred. */

let ctx: TestContext;
let admin: TestClient;
let player: TestClient;

beforeAll(async () => {
  ctx = await createTestContext({ LOG_LEVEL: process.env.DEBUG_LOG ? 'error' : 'silent' });
  admin = await signUpAdmin(ctx, 'formatadm');
  player = await signUp(ctx, 'formatplayer');
});
afterAll(() => ctx.close());

const editBody = (game: GameInfo, extra: Record<string, unknown>) => ({
  title: game.title,
  start: game.start,
  end: game.end,
  ...extra,
});

describe('flag format of a game', () => {
  it('is none by default, for the organiser and for players', async () => {
    const game = await createGame(ctx, admin);
    expect(game.flagFormat).toBeNull();
    expect(game.flagFormatCheck).toBe(false);
    const detail = ok<Record<string, unknown>>(await player.get(`/api/game/${game.id}`));
    expect(detail.flagFormat).toBeNull();
    expect(detail.flagFormatCheck).toBe(false);
  });

  it('is stored on create and update, kept when left out, cleared by an empty string', async () => {
    const game = await createGame(ctx, admin, { flagFormat: 'cc', flagFormatCheck: true });
    expect(game).toMatchObject({ flagFormat: 'cc', flagFormatCheck: true });
    expect(ok<GameInfo>(await admin.get(`/api/edit/games/${game.id}`))).toMatchObject({
      flagFormat: 'cc',
      flagFormatCheck: true,
    });
    expect(ok<Record<string, unknown>>(await player.get(`/api/game/${game.id}`))).toMatchObject({
      flagFormat: 'cc',
      flagFormatCheck: true,
    });

    const kept = ok<GameInfo>(await admin.put(`/api/edit/games/${game.id}`, editBody(game, { summary: 'S' })));
    expect(kept).toMatchObject({ flagFormat: 'cc', flagFormatCheck: true });
    const changed = ok<GameInfo>(
      await admin.put(`/api/edit/games/${game.id}`, editBody(game, { flagFormat: 'picoCTF_2025-x' })),
    );
    expect(changed.flagFormat).toBe('picoCTF_2025-x');
    const cleared = ok<GameInfo>(
      await admin.put(`/api/edit/games/${game.id}`, editBody(game, { flagFormat: '', flagFormatCheck: false })),
    );
    expect(cleared).toMatchObject({ flagFormat: null, flagFormatCheck: false });
    const nulled = ok<GameInfo>(
      await admin.put(`/api/edit/games/${game.id}`, editBody(game, { flagFormat: 'x', flagFormatCheck: true })),
    );
    expect(nulled.flagFormat).toBe('x');
    expect(
      ok<GameInfo>(await admin.put(`/api/edit/games/${game.id}`, editBody(game, { flagFormat: null }))).flagFormat,
    ).toBeNull();
  });

  it('refuses a prefix that is not 1–32 letters, digits, _ or -, with a 400 and nothing stored', async () => {
    const game = await createGame(ctx, admin, { flagFormat: 'ok' });
    for (const bad of ['cc{', 'c c', 'a'.repeat(33), 'flag{...}', 'é', 7, true]) {
      expectError(await admin.post('/api/edit/games', { title: 'Bad', start: 1000, end: 2000, flagFormat: bad }), 400);
      expectError(await admin.put(`/api/edit/games/${game.id}`, editBody(game, { flagFormat: bad })), 400);
    }
    expectError(await admin.put(`/api/edit/games/${game.id}`, editBody(game, { flagFormatCheck: 'yes' })), 400);
    expect(ok<GameInfo>(await admin.get(`/api/edit/games/${game.id}`)).flagFormat).toBe('ok');
  });
});

describe('flag format in game packages', () => {
  it('is exported only when set and comes back on import', async () => {
    const plain = await createGame(ctx, admin, { title: 'Plain' });
    const plainGame = jsonOf((await exportGame(admin, plain.id)).zip, 'game.json');
    expect(plainGame).not.toHaveProperty('flagFormat');
    expect(plainGame).not.toHaveProperty('flagFormatCheck');

    const game = await createGame(ctx, admin, { title: 'Formatted', flagFormat: 'cc', flagFormatCheck: true });
    const { zip } = await exportGame(admin, game.id);
    expect(jsonOf(zip, 'game.json')).toMatchObject({ flagFormat: 'cc', flagFormatCheck: true });

    const bytes = zipOf(Object.fromEntries(Object.entries(zip).map(([name, data]) => [name, Buffer.from(data)])));
    const newId = ok<number>(await importZip(admin, bytes));
    expect(ok<GameInfo>(await admin.get(`/api/edit/games/${newId}`))).toMatchObject({
      title: 'Formatted',
      flagFormat: 'cc',
      flagFormatCheck: true,
    });
    // A package without the fields (the reference's layout) imports a game without a format.
    const plainId = ok<number>(
      await importZip(
        admin,
        zipOf({
          ...Object.fromEntries(Object.entries(zip).map(([n, d]) => [n, Buffer.from(d)])),
          'game.json': plainGame,
        }),
      ),
    );
    expect(ok<GameInfo>(await admin.get(`/api/edit/games/${plainId}`))).toMatchObject({
      flagFormat: null,
      flagFormatCheck: false,
    });
  });

  it('refuses a package whose flag format is not a valid prefix', async () => {
    const game = await createGame(ctx, admin, { title: 'Broken' });
    const { zip } = await exportGame(admin, game.id);
    const entries = Object.fromEntries(Object.entries(zip).map(([name, data]) => [name, Buffer.from(data)]));
    const bad = { ...jsonOf(zip, 'game.json'), flagFormat: 'cc{' };
    const response = await importZip(admin, zipOf({ ...entries, 'game.json': bad }));
    expectError(response, 400);
    expect(response.body).toContain('flagFormat');
  });
});
