import { randomUUID } from 'node:crypto';
import type { EventDashboard, LiveMessage } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client';
import { expectError, ok, signUp } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { cookieOf, openSocket, until, wsUrl } from './live-sockets';
import { addFlag, createChallenge, createGame, createPlayer } from './play-fixtures';

/** The organisers' event dashboard: figures of a scripted game, who may read it, and its live push. */
let ctx: TestContext;
const HOUR = 3_600_000;

beforeAll(async () => {
  ctx = await createTestContext({ DASHBOARD_INTERVAL_SECONDS: '1' });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => ctx.close());

/** Reads the dashboard until `check` holds, moving the clock past the snapshot's interval between reads. */
async function dashboardUntil(client: TestClient, gameId: number, check: (board: EventDashboard) => boolean) {
  let board: EventDashboard | undefined;
  for (let attempt = 0; attempt < 60; attempt++) {
    board = ok<EventDashboard>(await client.get(`/api/game/${gameId}/dashboard`));
    if (check(board)) return board;
    ctx.clock.advance(1_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`dashboard never matched: ${JSON.stringify(board)}`);
}

describe('event dashboard', () => {
  it('shows the figures of a scripted game to monitors only, and pushes them on the live channel', async () => {
    const now = ctx.clock.now().getTime();
    const gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
    const solved = await createChallenge(ctx.db, gameId, { title: 'Solved one', category: 'Web' });
    const untouched = await createChallenge(ctx.db, gameId, { title: 'Nobody yet', category: 'Pwn' });
    await addFlag(ctx.db, solved, 'flag{right}');
    await addFlag(ctx.db, untouched, 'flag{other}');
    const player = await createPlayer(ctx.app, ctx.db, gameId, 'dashplayer');
    const monitor = await signUp(ctx, 'dashmonitor');
    await ctx.db.updateTable('users').set({ role: 'Monitor' }).where('user_name', '=', 'dashmonitor').execute();

    // Access: organisers (monitors, admins) only.
    expectError(await new TestClient(ctx.app, '10.77.0.9').get(`/api/game/${gameId}/dashboard`), 401);
    expectError(await player.client.get(`/api/game/${gameId}/dashboard`), 403);
    expectError(await monitor.get('/api/game/999999/dashboard'), 404);

    const challenge = (id: number) => `/api/game/${gameId}/challenges/${id}`;
    ok(await player.client.post(challenge(solved), { flag: 'flag{wrong-1}' }));
    ok(await player.client.post(challenge(untouched), { flag: 'flag{wrong-2}' }));
    ok(await player.client.post(challenge(solved), { flag: 'flag{right}' }));
    const startedAt = new Date(now);
    const instance = (challengeId: number, status: 'Pending' | 'Running') => ({
      id: randomUUID(),
      game_id: gameId,
      challenge_id: challengeId,
      participation_id: player.participationId,
      status,
      image: 'example/image',
      started_at: startedAt,
      expect_stop_at: new Date(now + HOUR),
      last_operation_at: startedAt,
    });
    await ctx.db
      .insertInto('container_instances')
      .values([instance(untouched, 'Running'), instance(solved, 'Pending')])
      .execute();
    const playing = await openSocket<LiveMessage>(wsUrl(ctx.app, `/api/game/${gameId}/live`), {
      cookie: cookieOf(player.client),
    });

    const board = await dashboardUntil(
      monitor,
      gameId,
      (b) => b.playersOnline === 1 && b.submissionsPerMinute.reduce((sum, m) => sum + m.right + m.wrong, 0) === 3,
    );
    const totals = board.submissionsPerMinute.reduce(
      (sum, minute) => ({ right: sum.right + minute.right, wrong: sum.wrong + minute.wrong }),
      { right: 0, wrong: 0 },
    );
    expect(totals).toEqual({ right: 1, wrong: 2 });
    expect(board.submissionsPerMinute).toHaveLength(30);
    expect(board.challenges.find((c) => c.id === solved)?.solves).toHaveLength(1);
    expect(board.unsolved).toEqual([{ id: untouched, title: 'Nobody yet', category: 'Pwn' }]);
    expect(board.instances).toEqual({ running: 1, queued: 1, startFailures: 0 });
    expect(board.judge.backlog).toBe(0);
    expect(board.processes).toHaveLength(1);
    expect(board.processes[0]?.status).toBe('ok');
    expect(board.requests.requests).toBeGreaterThan(0);
    expect(board.requests.p50).not.toBeNull();

    // The live push: a monitor's socket receives the snapshot without asking.
    const watching = await openSocket<LiveMessage>(wsUrl(ctx.app, `/api/game/${gameId}/live`), {
      cookie: cookieOf(monitor),
    });
    await until(() => watching.messages.some((m) => m.type === 'dashboard'), 5000);
    const pushed = watching.messages.find((m) => m.type === 'dashboard');
    expect(pushed?.type === 'dashboard' && pushed.data.gameId).toBe(gameId);
    // Players never receive it.
    expect(playing.messages.some((m) => m.type === 'dashboard')).toBe(false);
    playing.ws.close();
    watching.ws.close();
  });
});
