import { randomUUID } from 'node:crypto';
import type { ChallengeHealthDetailModel, GameHealthModel } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHealthRepository } from '../src/health/health.repository';
import { KEPT_RUNS } from '../src/health/health-rules';
import type { TestClient } from './client';
import { del, expectError, ok, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { createChallenge, createGame } from './play-fixtures';

/* Health checks without a container engine, and their edit rules (the runs themselves: health-checks-docker). */

let ctx: TestContext;
let admin: TestClient;
let gameId: number;
let challengeId: number;
const path = (cId: number, game = gameId) => `/api/edit/games/${game}/challenges/${cId}/health`;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx, 'health_admin');
  const now = ctx.clock.now().getTime();
  gameId = await createGame(ctx.db, { start: new Date(now - 60_000), end: new Date(now + 3_600_000) });
  challengeId = await createChallenge(ctx.db, gameId, { title: 'Static' });
});
afterAll(() => ctx.close());

describe('health checks without a container engine', () => {
  it('keeps the check, says nothing runs, and refuses a run on demand', async () => {
    const empty = ok<ChallengeHealthDetailModel>(await admin.get(path(challengeId)));
    expect(empty).toEqual({ available: false, check: null, health: null, runs: [] });
    const saved = ok<ChallengeHealthDetailModel>(
      await admin.put(path(challengeId), { image: 'solver:1', script: 'echo hi' }),
    );
    expect(saved.check).toEqual({
      image: 'solver:1',
      script: 'echo hi',
      timeoutSeconds: 60,
      intervalSeconds: 300,
      enabled: true,
    });
    expect(saved.health).toMatchObject({ status: 'Unknown', failingSince: null, lastRunAt: null, title: 'Static' });
    expectError(await admin.post(`${path(challengeId)}/run`), 400);
    const listed = ok<GameHealthModel>(await admin.get(`/api/game/${gameId}/health`));
    expect(listed).toMatchObject({ available: false, challenges: [{ challengeId, status: 'Unknown' }] });
    // Nothing pretends to run: no run is recorded, however long one waits.
    ctx.clock.advance(10 * 60_000);
    expect(ok<ChallengeHealthDetailModel>(await admin.get(path(challengeId))).runs).toEqual([]);
  });

  it('validates the check and answers 404 for what does not exist', async () => {
    for (const body of [
      { image: '', script: 'x' },
      { image: 'a', script: '' },
      { image: 'a', script: 'x', timeoutSeconds: 4 },
      { image: 'a', script: 'x', timeoutSeconds: 601 },
      { image: 'a', script: 'x', intervalSeconds: 59 },
      { image: 'a', script: 'x'.repeat(65_537) },
    ]) {
      expectError(await admin.put(path(challengeId), body), 400);
    }
    const otherGame = await createGame(ctx.db, { start: new Date(), end: new Date(Date.now() + 60_000) });
    expectError(await admin.get(path(challengeId, otherGame)), 404);
    expectError(await admin.put(path(challengeId, otherGame), { image: 'a', script: 'x' }), 404);
    expectError(await admin.get(`/api/game/999999/health`), 404);
    const bare = await createChallenge(ctx.db, gameId, { title: 'Bare' });
    expectError(await del(admin, path(bare)), 404);
    ok(await del(admin, path(challengeId)));
    expect(ok<GameHealthModel>(await admin.get(`/api/game/${gameId}/health`)).challenges).toEqual([]);
  });
});

describe('the claim that makes one process run a due check', () => {
  it('lets one lease hold a check until its claim lapses, and only the holder records the run', async () => {
    const repository = createHealthRepository(ctx.db);
    const id = await createChallenge(ctx.db, gameId, { title: 'Claimed' });
    const now = ctx.clock.now();
    await repository.save(
      gameId,
      id,
      { image: 'a', script: 'x', timeoutSeconds: 10, intervalSeconds: 60, enabled: true },
      now,
    );
    const [a, b] = [randomUUID(), randomUUID()];
    const until = new Date(now.getTime() + 60_000);
    expect(await repository.claim(id, a, now, until)).toBe(true);
    expect(await repository.claim(id, b, now, until)).toBe(false);
    expect((await repository.candidates(now)).map((c) => c.challenge_id)).not.toContain(id);
    // A holder that died: once its claim lapses another process takes the check, and the late holder's run is dropped.
    const later = new Date(until.getTime() + 1);
    expect(await repository.claim(id, b, later, new Date(later.getTime() + 60_000))).toBe(true);
    const run = {
      trigger: 'Schedule' as const,
      startedAt: now,
      durationMs: 5,
      outcome: 'Passed' as const,
      exitCode: 0,
      output: '',
    };
    const decide = () => ({ status: 'Healthy' as const, failing_since: null });
    expect(await repository.finish(id, a, run, decide)).toBeUndefined();
    expect(await repository.finish(id, b, run, decide)).toBeDefined();
    expect(await repository.runs(id, 10)).toHaveLength(1);
  });

  it('keeps the newest runs only', async () => {
    const repository = createHealthRepository(ctx.db);
    const id = await createChallenge(ctx.db, gameId, { title: 'Busy' });
    const now = ctx.clock.now();
    await repository.save(
      gameId,
      id,
      { image: 'a', script: 'x', timeoutSeconds: 10, intervalSeconds: 60, enabled: true },
      now,
    );
    const lease = randomUUID();
    for (let n = 0; n < KEPT_RUNS + 3; n++) {
      expect(await repository.claim(id, lease, now, new Date(now.getTime() + 60_000))).toBe(true);
      const run = {
        trigger: 'Manual' as const,
        startedAt: now,
        durationMs: n,
        outcome: 'Failed' as const,
        exitCode: 1,
        output: String(n),
      };
      await repository.finish(id, lease, run, () => ({ status: 'Failing' as const, failing_since: now }));
    }
    const kept = await repository.runs(id, 1000);
    expect(kept).toHaveLength(KEPT_RUNS);
    expect(kept[0]?.output).toBe(String(KEPT_RUNS + 2));
    expect(kept.at(-1)?.output).toBe('3');
  });
});
