import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../lib/clock';
import { BUS_RESYNC, MemoryEventBus } from '../lib/event-bus';
import type { ScoreboardRepository } from '../repositories/scoreboard.repository';
import { solveFingerprintOf } from '../scoring/solve-fingerprint';
import type { ScoreboardInput, ScoreboardSolveInput } from '../scoring/types';
import { createScoreboardService, type ScoreboardService } from './scoreboard.service';

const GAME = 7;
const start = Date.UTC(2030, 0, 1);

/** A repository over rows held here: the test plays the database, and counts the reads. */
function fakeRepository(solves: ScoreboardSolveInput[]) {
  const state = {
    reads: 0,
    checks: 0,
    fail: false,
    solves,
    gate: undefined as Promise<void> | undefined,
    teamPrefix: 'T',
  };
  const input = (): ScoreboardInput => ({
    game: { start, end: start + 86_400_000, bloodBonus: 0, practiceMode: false },
    challenges: [1, 2].map((id) => ({
      id,
      title: `C${id}`,
      category: 'Misc',
      originalScore: 100,
      minScoreRate: 1,
      difficulty: 5,
      disableBloodBonus: true,
      deadline: null,
      enabled: true,
    })),
    teams: [11, 12].map((participationId) => ({
      participationId,
      teamId: participationId * 10,
      name: `${state.teamPrefix}${participationId}`,
      avatar: null,
      bio: null,
      divisionId: null,
    })),
    divisions: [],
    solves: [...state.solves],
  });
  const game = { startAt: start, endAt: start + 86_400_000 };
  const repository: ScoreboardRepository = {
    async load() {
      state.reads++;
      // What the read sees is what was committed when it started; a gated read returns it only when opened.
      const rows = input();
      await state.gate;
      if (state.fail) throw new Error('database unavailable');
      return { input: rows, game };
    },
    async loadBoard() {
      if (state.fail) throw new Error('database unavailable');
      return { input: { ...input(), solves: [] }, game };
    },
    async solveFingerprint(_gameId, solvedBefore) {
      state.checks++;
      if (state.fail) throw new Error('database unavailable');
      return solveFingerprintOf(state.solves, solvedBefore);
    },
  };
  return { state, repository };
}

const solve = (participationId: number, challengeId: number, minutes: number): ScoreboardSolveInput => ({
  participationId,
  challengeId,
  userName: `u${participationId}`,
  time: start + minutes * 60_000,
});

const solvedBy = (board: Awaited<ReturnType<ScoreboardService['get']>>, teamId: number) =>
  board?.itemByTeam.get(teamId)?.solvedChallenges.map((c) => c.id) ?? [];

describe('scoreboard service', () => {
  const services: ScoreboardService[] = [];
  afterEach(() => {
    for (const service of services.splice(0)) service.close();
  });

  function setUp(solves: ScoreboardSolveInput[] = [solve(11, 1, 5)], reloadAfterMs = 60_000) {
    const clock = new FakeClock(new Date(start + 3_600_000));
    const { state, repository } = fakeRepository(solves);
    const events = new MemoryEventBus();
    const service = createScoreboardService({
      repository,
      clock,
      events,
      log: pino({ level: 'silent' }),
      debounceMs: 5,
      reloadAfterMs,
    });
    services.push(service);
    const rebuilt = () => new Promise<void>((resolve) => service.onRebuilt(() => resolve()));
    return { clock, state, service, rebuilt, events };
  }

  it('checks the rows on a timer although nothing was announced, reading the solves only when they differ', async () => {
    const { state, service } = setUp([solve(11, 1, 5)], 100);
    await service.get(GAME);
    const heard: number[] = [];
    service.onRebuilt((gameId) => heard.push(gameId));
    // Unchanged rows: checked, not read again, nobody told.
    await vi.waitFor(() => expect(state.checks).toBeGreaterThanOrEqual(2));
    await service.settle();
    expect(state.reads).toBe(1);
    expect(heard).toEqual([]);
    // A solve another process recorded, whose announcement never arrived here, and no other change follows.
    state.solves.push(solve(12, 1, 40));
    await vi.waitFor(async () => expect(solvedBy(await service.get(GAME), 120)).toEqual([1]));
    expect(heard).toContain(GAME);
  });

  it('does not read every solve again for a solve recorded just now whose announcement may still be on its way', async () => {
    const { state, service } = setUp([solve(11, 1, 5)], 100);
    await service.get(GAME);
    state.solves.push(solve(12, 1, 60)); // the clock's now: recorded this instant, not announced (yet)
    await vi.waitFor(() => expect(state.checks).toBeGreaterThanOrEqual(2));
    await service.settle();
    expect(state.reads).toBe(1);
  });

  it('rebuilds from the held solves when only something else changed unannounced (a team renamed)', async () => {
    const { state, service } = setUp([solve(11, 1, 5)], 100);
    await service.get(GAME);
    state.teamPrefix = 'Renamed ';
    await vi.waitFor(async () => expect((await service.get(GAME))?.itemByTeam.get(110)?.name).toBe('Renamed 11'));
    expect(state.reads).toBe(1);
    expect(solvedBy(await service.get(GAME), 110)).toEqual([1]);
  });

  it('keeps merging announced solves while the periodic read runs, then builds from what it read', async () => {
    const { state, service, rebuilt } = setUp([solve(11, 1, 5)], 100);
    await service.get(GAME);
    const opened: Array<() => void> = [];
    const open = () => {
      for (const resolve of opened) resolve();
    };
    state.gate = new Promise<void>((resolve) => opened.push(resolve));
    // Recorded by another process without an announcement: the periodic read will find it.
    state.solves.push(solve(12, 1, 40));
    await vi.waitFor(() => expect(state.reads).toBe(2));
    const done = rebuilt();
    // Committed after the read began, and announced: the read does not see it, the announcement brings it. The
    // database holds it too, so a later periodic check finds the rows equal (a fake without it would make that
    // check read again and drop the solve, as happened under load).
    state.solves.push(solve(11, 2, 50));
    await service.solvesChanged(GAME, [solve(11, 2, 50)]);
    await done;
    // Built without waiting for the read.
    expect(solvedBy(await service.get(GAME), 110)).toEqual([1, 2]);
    expect(solvedBy(await service.get(GAME), 120)).toEqual([]);
    open();
    await vi.waitFor(async () => expect(solvedBy(await service.get(GAME), 120)).toEqual([1]));
    expect(solvedBy(await service.get(GAME), 110)).toEqual([1, 2]);
  });

  it('reads everything again at once after a resync (announcements may have been lost)', async () => {
    const { state, service, rebuilt, events } = setUp();
    await service.get(GAME);
    state.solves.push(solve(12, 2, 40));
    const done = rebuilt();
    await events.publish(BUS_RESYNC, {});
    await done;
    expect(state.reads).toBe(2);
    expect(solvedBy(await service.get(GAME), 120)).toEqual([2]);
  });

  it('merges announced solves into the rows it holds, without reading them again', async () => {
    const { state, service, rebuilt } = setUp();
    await service.get(GAME);
    expect(state.reads).toBe(1);

    const done = rebuilt();
    await service.solvesChanged(GAME, [solve(12, 2, 30)]);
    await done;
    const board = await service.get(GAME);
    expect(state.reads).toBe(1);
    expect(solvedBy(board, 120)).toEqual([2]);
    expect(solvedBy(board, 110)).toEqual([1]);
  });

  it('reads every row again after an invalidation', async () => {
    const { state, service, rebuilt } = setUp();
    await service.get(GAME);
    state.solves.push(solve(12, 1, 40));

    const done = rebuilt();
    await service.invalidate(GAME);
    await done;
    expect(state.reads).toBe(2);
    expect(solvedBy(await service.get(GAME), 120)).toEqual([1]);
  });

  it('reads the rows again once they are old, so a lost announcement heals', async () => {
    const { clock, state, service, rebuilt } = setUp();
    await service.get(GAME);
    // A solve another process recorded, whose announcement never arrived here.
    state.solves.push(solve(12, 1, 40));
    clock.advance(60_000);

    const done = rebuilt();
    // Committed after the read began, and announced: the read does not see it, the announcement brings it. The
    // database holds it too, so a later periodic check finds the rows equal (a fake without it would make that
    // check read again and drop the solve, as happened under load).
    state.solves.push(solve(11, 2, 50));
    await service.solvesChanged(GAME, [solve(11, 2, 50)]);
    await done;
    const board = await service.get(GAME);
    expect(state.reads).toBe(2);
    expect(solvedBy(board, 120)).toEqual([1]);
    expect(solvedBy(board, 110)).toEqual([1, 2]);
  });

  it('keeps announced solves and reads again after a failed read', async () => {
    const { state, service, rebuilt } = setUp();
    await service.get(GAME);
    state.fail = true;
    await service.invalidate(GAME);
    await service.settle();
    expect(state.reads).toBe(2);

    state.fail = false;
    const done = rebuilt();
    await service.solvesChanged(GAME, [solve(12, 2, 30)]);
    await done;
    expect(state.reads).toBe(3);
    expect(solvedBy(await service.get(GAME), 120)).toEqual([2]);
  });
});
