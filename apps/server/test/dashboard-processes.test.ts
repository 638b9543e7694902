import type { EventDashboard } from '@flagpole/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client';
import { ok, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { createGame } from './play-fixtures';
import { withTwoApps } from './two-apps';

/** With several server processes, the event dashboard lists each one's health (reports meet in Redis). */
let ctx: TestContext;
const HOUR = 3_600_000;

beforeAll(async () => {
  ctx = await createTestContext({ DASHBOARD_INTERVAL_SECONDS: '1' });
});
afterAll(() => ctx.close());

describe('event dashboard across processes', () => {
  it("shows both processes' health", async () => {
    const now = ctx.clock.now().getTime();
    const gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
    const admin = await signUpAdmin(ctx, 'dashprocadmin');
    await withTwoApps(ctx, async (first: FastifyInstance, second: FastifyInstance) => {
      const organiser = new TestClient(first, '10.78.0.1');
      for (const [name, value] of admin.cookies) organiser.cookies.set(name, value);
      const other = new TestClient(second, '10.78.0.2');
      // Traffic on the second process only: it reaches the dashboard read from the first through its report.
      for (let i = 0; i < 5; i++) await other.get('/api/game/999999/notices');
      let board: EventDashboard | undefined;
      for (let attempt = 0; attempt < 50; attempt++) {
        board = ok<EventDashboard>(await organiser.get(`/api/game/${gameId}/dashboard`));
        if (board.processes.filter((p) => p.status === 'ok').length === 2) break;
        ctx.clock.advance(1_000);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const processes = board?.processes ?? [];
      expect(processes.filter((p) => p.status === 'ok')).toHaveLength(2);
      expect(new Set(processes.map((p) => p.id)).size).toBe(2);
      expect(processes.every((p) => p.memoryMb > 0)).toBe(true);
    });
  });
});
