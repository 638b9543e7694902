import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { FakeClock } from '../lib/clock';
import type { EvidenceRepository } from './evidence.repository';
import { createEvidenceService, EVIDENCE_COST_FACTOR, EVIDENCE_STALE_MS } from './evidence.service';

/** A repository keeping one game's claim in memory, the way the evidence_runs row decides it. */
function fakeRepository(clockMs: { elapsed: number }, costMs: number) {
  let computedAt: Date | null = null;
  let computations = 0;
  const repository = {
    activeGames: async () => [1],
    claim: async (_game: number, _owner: string, _now: Date, _until: Date, staleBefore: Date, force: boolean) =>
      force || computedAt === null || computedAt < staleBefore,
    input: async () => {
      clockMs.elapsed += costMs;
      computations += 1;
      return { wrongTeamFlags: [], wrongAnswers: [], solves: [], sessions: [], accesses: [], gatedChallengeIds: [] };
    },
    store: async (_game: number, _owner: string, _cases: unknown, now: Date) => {
      computedAt = now;
    },
    release: async () => undefined,
  };
  return { repository: repository as unknown as EvidenceRepository, computations: () => computations };
}

function serviceWith(costMs: number) {
  const clock = new FakeClock();
  const elapsed = { elapsed: 0 };
  const fake = fakeRepository(elapsed, costMs);
  const service = createEvidenceService({
    db: {} as Db,
    repository: fake.repository,
    clock,
    owner: 'p',
    elapsedMs: () => elapsed.elapsed,
  });
  return { clock, service, computations: fake.computations };
}

describe('the evidence tick', () => {
  it('recomputes a cheap game once a minute', async () => {
    const { clock, service, computations } = serviceWith(100);
    await service.tick();
    clock.advance(EVIDENCE_STALE_MS + 1);
    await service.tick();
    expect(computations()).toBe(2);
  });

  it('waits longer for a game whose computation is costly, so it never takes more than a small share', async () => {
    const costMs = 6_000;
    const { clock, service, computations } = serviceWith(costMs);
    await service.tick();
    clock.advance(EVIDENCE_STALE_MS + 1);
    await service.tick();
    expect(computations()).toBe(1);
    clock.advance(EVIDENCE_COST_FACTOR * costMs - EVIDENCE_STALE_MS);
    await service.tick();
    expect(computations()).toBe(2);
  });
});
