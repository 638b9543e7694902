import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client';
import { createGame, createTeam, expectError, HOUR, ok, signUp, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';

/** Organisers' preview of the player board without a team (docs/game-play.md, "Organisers' preview"). */
let ctx: TestContext;
let admin: TestClient;
let monitor: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx, 'prevadmin');
  monitor = await signUp(ctx, 'prevmonitor');
  await ctx.db.updateTable('users').set({ role: 'Monitor' }).where('user_name', '=', 'prevmonitor').execute();
});
afterAll(() => ctx.close());

interface Board {
  challenges: Record<string, Array<{ id: number; title: string }>>;
  challengeCount: number;
  rank: unknown;
  teamToken: string;
  preview?: boolean;
}

async function challengeWithFlag(gameId: number, title: string, enabled = true): Promise<number> {
  const created = ok<{ id: number }>(
    await admin.post(`/api/edit/games/${gameId}/challenges`, { title, category: 'Web', type: 'StaticAttachment' }),
  );
  ok(await admin.post(`/api/edit/games/${gameId}/challenges/${created.id}/flags`, [{ flag: 'flag{preview}' }]));
  ok(
    await admin.put(`/api/edit/games/${gameId}/challenges/${created.id}`, {
      content: `About ${title}`,
      hints: ['look closer'],
      isEnabled: enabled,
    }),
  );
  ok(
    await admin.post(`/api/edit/games/${gameId}/challenges/${created.id}/attachment`, {
      attachmentType: 'Remote',
      remoteUrl: 'https://files.example.org/preview.zip',
    }),
  );
  return created.id;
}

describe('the organisers’ preview', () => {
  it('shows admins and monitors the enabled challenges without a team; nobody can submit', async () => {
    const game = await createGame(ctx, admin);
    const shown = await challengeWithFlag(game.id, 'Shown');
    const hidden = await challengeWithFlag(game.id, 'Disabled', false);

    for (const caller of [admin, monitor]) {
      const board = ok<Board>(await caller.get(`/api/game/${game.id}/details`));
      expect(board).toMatchObject({ challengeCount: 1, rank: null, teamToken: '', preview: true });
      expect(board.challenges.Web?.map((c) => c.title)).toEqual(['Shown']);
      const detail = ok<{
        title: string;
        content: string;
        hints: string[];
        attempts: number;
        context: { url: string };
      }>(await caller.get(`/api/game/${game.id}/challenges/${shown}`));
      expect(detail).toMatchObject({
        title: 'Shown',
        content: 'About Shown',
        hints: ['look closer'],
        attempts: 0,
        context: { url: 'https://files.example.org/preview.zip' },
      });
      expectError(await caller.get(`/api/game/${game.id}/challenges/${hidden}`), 404);
      expectError(await caller.post(`/api/game/${game.id}/challenges/${shown}`, { flag: 'flag{preview}' }), 403);
    }
  });

  it('players without an accepted team are still refused; an organiser who plays sees their own board', async () => {
    const game = await createGame(ctx, admin);
    await challengeWithFlag(game.id, 'Only');
    const player = await signUp(ctx, 'prevplayer');
    expectError(await player.get(`/api/game/${game.id}/details`), 403);

    const team = await createTeam(admin, 'Organisers');
    ok(await admin.post(`/api/game/${game.id}`, { teamId: team.id }));
    const entry = await ctx.db
      .selectFrom('participations')
      .select('id')
      .where('game_id', '=', game.id)
      .executeTakeFirstOrThrow();
    ok(await admin.put(`/api/admin/participation/${entry.id}`, { status: 'Accepted' }));
    const board = ok<Board>(await admin.get(`/api/game/${game.id}/details`));
    expect(board.preview).toBeUndefined();
    expect(board.teamToken).not.toBe('');
  });

  it('monitors preview from the start of the game, admins at any time; unknown games are 404', async () => {
    const now = ctx.clock.now().getTime();
    const upcoming = await createGame(ctx, admin, { start: now + HOUR, end: now + 2 * HOUR });
    await challengeWithFlag(upcoming.id, 'Early');
    expect(ok<Board>(await admin.get(`/api/game/${upcoming.id}/details`)).preview).toBe(true);
    expectError(await monitor.get(`/api/game/${upcoming.id}/details`), 400, 10001);
    expectError(await admin.get('/api/game/999999/details'), 404);
  });
});
