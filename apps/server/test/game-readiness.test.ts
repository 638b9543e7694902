import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client';
import { createGame, expectError, type GameInfo, HOUR, ok, signUp, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';

/**
 * The publish checklist (`GET /api/edit/games/{id}/readiness`) and the defaults of games made through the API:
 * visible and in practice mode as on the reference platform, so its clients see what they expect; Flagpole's own
 * pages send `hidden: true` and publish through the checklist.
 */
let ctx: TestContext;
let admin: TestClient;

interface Readiness {
  ready: boolean;
  enabledChallenges: number;
  problems: Array<{ problem: string; challengeId: number | null; challengeTitle: string | null }>;
}

const readiness = async (gameId: number) => ok<Readiness>(await admin.get(`/api/edit/games/${gameId}/readiness`));

async function challenge(gameId: number, title: string, type: string): Promise<number> {
  const created = ok<{ id: number }>(
    await admin.post(`/api/edit/games/${gameId}/challenges`, { title, type, category: 'Misc' }),
  );
  return created.id;
}

/** Enabled behind the service's back: as if enabled under another configuration, or its pool ran dry. */
const forceEnable = (challengeId: number) =>
  ctx.db.updateTable('challenges').set({ is_enabled: true }).where('id', '=', challengeId).execute();

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx, 'readyadmin');
});
afterAll(() => ctx.close());

describe('games made through the API', () => {
  it('are visible and in practice mode without those fields, as on the reference platform', async () => {
    const game = await createGame(ctx, admin);
    expect(game).toMatchObject({ hidden: false, practiceMode: true });
  });

  it('start hidden when the body says so (as the web app does)', async () => {
    const game = await createGame(ctx, admin, { hidden: true, practiceMode: false });
    expect(game).toMatchObject({ hidden: true, practiceMode: false });
  });
});

describe('the publish checklist', () => {
  let game: GameInfo;
  beforeAll(async () => {
    game = await createGame(ctx, admin, { hidden: true });
  });

  it('is for administrators only and names unknown games 404', async () => {
    const player = await signUp(ctx, 'readyplayer');
    expectError(await player.get(`/api/edit/games/${game.id}/readiness`), 403);
    expectError(await admin.get('/api/edit/games/999999/readiness'), 404);
  });

  it('a game without an enabled challenge is not ready', async () => {
    await challenge(game.id, 'Still disabled', 'StaticAttachment');
    expect(await readiness(game.id)).toEqual({
      ready: false,
      enabledChallenges: 0,
      problems: [{ problem: 'NoEnabledChallenge', challengeId: null, challengeTitle: null }],
    });
  });

  it('one enabled challenge with a flag makes it ready', async () => {
    const id = await challenge(game.id, 'Warm-up', 'StaticAttachment');
    ok(await admin.post(`/api/edit/games/${game.id}/challenges/${id}/flags`, [{ flag: 'flag{warm}' }]));
    ok(await admin.put(`/api/edit/games/${game.id}/challenges/${id}`, { isEnabled: true }));
    expect(await readiness(game.id)).toEqual({ ready: true, enabledChallenges: 1, problems: [] });
  });

  it('names an enabled challenge without flags', async () => {
    const other = await createGame(ctx, admin, { hidden: true });
    const id = await challenge(other.id, 'Empty', 'StaticAttachment');
    await forceEnable(id);
    expect((await readiness(other.id)).problems).toEqual([
      { problem: 'NoFlags', challengeId: id, challengeTitle: 'Empty' },
    ]);
  });

  it('names a dynamic-attachment flag without its file, until every flag has one', async () => {
    const other = await createGame(ctx, admin, { hidden: true });
    const id = await challenge(other.id, 'Pool', 'DynamicAttachment');
    const flags = `/api/edit/games/${other.id}/challenges/${id}/flags`;
    ok(
      await admin.post(flags, [
        { flag: 'flag{a}', attachmentType: 'Remote', remoteUrl: 'https://example.org/a.zip' },
        { flag: 'flag{b}' },
      ]),
    );
    ok(await admin.put(`/api/edit/games/${other.id}/challenges/${id}`, { isEnabled: true }));
    expect((await readiness(other.id)).problems).toEqual([
      { problem: 'FlagWithoutAttachment', challengeId: id, challengeTitle: 'Pool' },
    ]);
    const bare = await ctx.db
      .selectFrom('flags')
      .select('id')
      .where('challenge_id', '=', id)
      .where('flag', '=', 'flag{b}')
      .executeTakeFirstOrThrow();
    ok(await admin.send('DELETE', `${flags}/${bare.id}`));
    expect(await readiness(other.id)).toMatchObject({ ready: true, problems: [] });
  });

  it('names container challenges on a server without a container engine, and one without an image', async () => {
    const other = await createGame(ctx, admin, { hidden: true });
    const box = await challenge(other.id, 'Box', 'StaticContainer');
    ok(await admin.put(`/api/edit/games/${other.id}/challenges/${box}`, { containerImage: 'registry.example/box:1' }));
    ok(await admin.post(`/api/edit/games/${other.id}/challenges/${box}/flags`, [{ flag: 'flag{box}' }]));
    const dyn = await challenge(other.id, 'Dyn', 'DynamicContainer');
    await forceEnable(box);
    await forceEnable(dyn);
    expect((await readiness(other.id)).problems).toEqual([
      { problem: 'NoContainerEngine', challengeId: box, challengeTitle: 'Box' },
      { problem: 'NoFlagTemplate', challengeId: dyn, challengeTitle: 'Dyn' },
      { problem: 'NoContainerImage', challengeId: dyn, challengeTitle: 'Dyn' },
      { problem: 'NoContainerEngine', challengeId: dyn, challengeTitle: 'Dyn' },
    ]);
  });

  it('names a game whose end has passed', async () => {
    const now = ctx.clock.now().getTime();
    const over = await createGame(ctx, admin, { hidden: true, start: now - 48 * HOUR, end: now - HOUR });
    const id = await challenge(over.id, 'Late', 'StaticAttachment');
    ok(await admin.post(`/api/edit/games/${over.id}/challenges/${id}/flags`, [{ flag: 'flag{late}' }]));
    ok(await admin.put(`/api/edit/games/${over.id}/challenges/${id}`, { isEnabled: true }));
    expect((await readiness(over.id)).problems).toEqual([
      { problem: 'GameEnded', challengeId: null, challengeTitle: null },
    ]);
    ok(await admin.put(`/api/edit/games/${over.id}`, { title: over.title, start: now - HOUR, end: now + HOUR }));
    expect((await readiness(over.id)).ready).toBe(true);
  });
});

describe('container challenges without a container engine', () => {
  it('are created and edited, but not enabled (400); one already enabled stays editable', async () => {
    const game = await createGame(ctx, admin, { hidden: true });
    const base = `/api/edit/games/${game.id}/challenges`;
    const box = await challenge(game.id, 'Box', 'StaticContainer');
    ok(await admin.put(`${base}/${box}`, { containerImage: 'registry.example/box:1' }));
    ok(await admin.post(`${base}/${box}/flags`, [{ flag: 'flag{box}' }]));
    expectError(await admin.put(`${base}/${box}`, { isEnabled: true }), 400);
    const dyn = await challenge(game.id, 'Dyn', 'DynamicContainer');
    expectError(await admin.put(`${base}/${dyn}`, { isEnabled: true, flagTemplate: 'flag{[GUID]}' }), 400);
    const refused = await admin.put(`${base}/${dyn}`, { isEnabled: true, flagTemplate: 'flag{[GUID]}' });
    expect(refused.json<{ title: string }>().title).toMatch(/container engine/);
    // A client that sends back the whole object it read keeps working on one enabled before.
    await forceEnable(box);
    expect(
      ok<{ isEnabled: boolean }>(await admin.put(`${base}/${box}`, { isEnabled: true, title: 'Box 2' })),
    ).toMatchObject({ isEnabled: true });
    // Disabling is always allowed.
    expect(ok<{ isEnabled: boolean }>(await admin.put(`${base}/${box}`, { isEnabled: false }))).toMatchObject({
      isEnabled: false,
    });
  });
});

describe('the client configuration', () => {
  it('says whether mail and containers are available', async () => {
    const config = ok<{ mailEnabled: boolean; containersEnabled: boolean }>(await admin.get('/api/config'));
    expect(config).toMatchObject({ mailEnabled: false, containersEnabled: false });
  });
});
