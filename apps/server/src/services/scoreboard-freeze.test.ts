import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../lib/clock';
import { MemoryEventBus } from '../lib/event-bus';
import type { ScoreboardRepository } from '../repositories/scoreboard.repository';
import { solveFingerprintOf } from '../scoring/solve-fingerprint';
import type { ScoreboardInput, ScoreboardSolveInput } from '../scoring/types';
import { createScoreboardService, type ScoreboardService } from './scoreboard.service';

/*
 * The frozen board beside the live one (docs/game-play.md, "Freeze and reveal"): players switch to it at freezeAt by
 * the clock alone, rebuilds after solves made during the freeze keep it, and a reveal ends it.
 */

const GAME = 3;
const start = Date.UTC(2030, 0, 1);
const end = start + 86_400_000;
const freezeAt = start + 3_600_000;

const solve = (participationId: number, minutes: number): ScoreboardSolveInput => ({
  participationId,
  challengeId: 1,
  userName: `u${participationId}`,
  time: start + minutes * 60_000,
});

function fakeRepository() {
  const state = { solves: [solve(11, 5)], revealed: false, reads: 0 };
  const input = (): ScoreboardInput => ({
    game: { start, end, bloodBonus: 0, practiceMode: false, freezeAt, revealed: state.revealed },
    challenges: [
      {
        id: 1,
        title: 'C1',
        category: 'Misc',
        originalScore: 500,
        minScoreRate: 0.2,
        difficulty: 1,
        disableBloodBonus: true,
        deadline: null,
        enabled: true,
      },
    ],
    teams: [11, 12].map((participationId) => ({
      participationId,
      teamId: participationId * 10,
      name: `T${participationId}`,
      avatar: null,
      bio: null,
      divisionId: null,
    })),
    divisions: [],
    solves: [...state.solves],
  });
  const game = { startAt: start, endAt: end };
  const repository: ScoreboardRepository = {
    async load() {
      state.reads++;
      return { input: input(), game };
    },
    async loadBoard() {
      return { input: { ...input(), solves: [] }, game };
    },
    async solveFingerprint(_gameId, solvedBefore) {
      return solveFingerprintOf(state.solves, solvedBefore);
    },
  };
  return { state, repository };
}

describe('scoreboard service during a freeze', () => {
  const services: ScoreboardService[] = [];
  afterEach(() => {
    for (const service of services.splice(0)) service.close();
  });

  function setUp() {
    const clock = new FakeClock(new Date(freezeAt - 60_000));
    const { state, repository } = fakeRepository();
    const events = new MemoryEventBus();
    const service = createScoreboardService({
      repository,
      clock,
      events,
      log: pino({ level: 'silent' }),
      debounceMs: 1,
      // No periodic full read within the test: the rebuild after a solve merges it into the held rows.
      reloadAfterMs: 3_600_000,
    });
    services.push(service);
    return { clock, state, service };
  }

  it('switches players to the frozen board at freezeAt without a rebuild, and keeps it through later solves', async () => {
    const { clock, state, service } = setUp();
    const live = await service.get(GAME);
    if (!live) throw new Error('no board');
    expect(service.forPlayers(live)).toBe(live);
    clock.set(new Date(freezeAt));
    const frozen = service.forPlayers(live);
    expect(frozen).not.toBe(live);
    expect(frozen.frozen()).toBeNull();
    expect(frozen.model.items.find((item) => item.id === 110)?.solvedCount).toBe(1);
    expect(state.reads).toBe(1);

    // A solve during the freeze: the live board has it, the players' board is the same object as before.
    clock.advance(60_000);
    const late = solve(12, 61);
    state.solves.push(late);
    await service.solvesChanged(GAME, [late]);
    await service.settle();
    const rebuilt = await service.get(GAME);
    if (!rebuilt) throw new Error('no board');
    expect(rebuilt).not.toBe(live);
    expect(rebuilt.itemByTeam.get(120)?.solvedCount).toBe(1);
    expect(service.forPlayers(rebuilt)).toBe(frozen);
    expect(frozen.itemByTeam.get(120)?.solvedCount).toBe(0);
    expect(frozen.scoreByChallenge.get(1)).toBe(500);
    expect(rebuilt.scoreByChallenge.get(1)).toBeLessThan(500);
    expect((await service.view(GAME, false))?.etag).toBe(frozen.etag);
    expect((await service.view(GAME, true))?.etag).toBe(rebuilt.etag);
  });

  it('stays frozen after the end until the reveal, then players get the live board', async () => {
    const { clock, state, service } = setUp();
    state.solves.push(solve(12, 90));
    clock.set(new Date(end + 60_000));
    const board = await service.get(GAME);
    if (!board) throw new Error('no board');
    expect(service.forPlayers(board).itemByTeam.get(120)?.solvedCount).toBe(0);
    state.revealed = true;
    await service.invalidate(GAME);
    await service.settle();
    const revealed = await service.get(GAME);
    if (!revealed) throw new Error('no board');
    expect(service.forPlayers(revealed)).toBe(revealed);
    expect(revealed.itemByTeam.get(120)?.solvedCount).toBe(1);
  });
});
