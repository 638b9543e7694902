import type { ScoreboardItem } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { computeScoreboard } from './compute-scoreboard';
import { mergeSolves } from './merge-solves';
import { newSolves, plainTeams, type random, randomGame, START } from './test-games';
import type { ScoreboardInput as Input } from './types';

/*
 * A board computed with the previous board given (reusing its equal rows) must be exactly the board computed
 * from scratch, whatever changed in between, and must leave the previous board as it was.
 */

/** Now and then a change that is not a solve: a team renamed or gone, a challenge re-valued or disabled. */
function otherChange(input: Input, rng: ReturnType<typeof random>): Input {
  const roll = rng.next();
  if (roll < 0.9 || input.teams.length < 3) return input;
  if (roll < 0.93) {
    const renamed = rng.int(input.teams.length);
    return { ...input, teams: input.teams.map((team, index) => (index === renamed ? { ...team, name: 'new' } : team)) };
  }
  if (roll < 0.96) return { ...input, teams: input.teams.filter((_, index) => index !== rng.int(input.teams.length)) };
  const edited = rng.int(input.challenges.length);
  return {
    ...input,
    challenges: input.challenges.map((challenge, index) =>
      index === edited
        ? { ...challenge, originalScore: challenge.originalScore + 100, enabled: rng.next() < 0.8 }
        : challenge,
    ),
  };
}

describe('computeScoreboard with the previous board', () => {
  it('equals a from-scratch compute over random games and steps, and leaves the previous board unchanged', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const { input, rng } = randomGame(seed);
      const clock = { time: START };
      let current: Input = input;
      let previous = computeScoreboard(current, { now: START });
      for (let step = 0; step < 50; step++) {
        current = otherChange(current, rng);
        current = { ...current, solves: mergeSolves(current.solves, newSolves(current, rng, clock)) };
        const previousJson = JSON.stringify(previous);
        const now = START + step + 1;
        const incremental = computeScoreboard(current, { now, previous });
        const scratch = computeScoreboard(current, { now });
        // Same content and the same JSON (field order included): the body served is identical.
        expect(incremental, `seed ${seed} step ${step}`).toEqual(scratch);
        expect(JSON.stringify(incremental)).toBe(JSON.stringify(scratch));
        expect(JSON.stringify(previous)).toBe(previousJson);
        previous = incremental;
      }
    }
  });

  it('reuses the rows and team rows a new solve does not change instead of allocating them again', () => {
    const { input } = randomGame(5);
    const teams = plainTeams(100);
    // A value that never decays (min rate 1): a new solve changes no other row.
    const challenge = { ...(input.challenges[0] as Input['challenges'][number]), enabled: true, deadline: null };
    const fixed = { ...challenge, id: 1, minScoreRate: 1 };
    const solves = teams.map((team, index) => ({
      participationId: team.participationId,
      challengeId: 1,
      userName: null,
      time: START + index * 1000,
    }));
    const base: Input = { ...input, divisions: [], teams, challenges: [fixed], solves: solves.slice(0, 50) };
    const before = computeScoreboard(base, { now: START });
    const next: Input = { ...base, solves: mergeSolves(base.solves, solves.slice(50, 51)) };
    const after = computeScoreboard(next, { now: START + 1, previous: before });
    expect(after).toEqual(computeScoreboard(next, { now: START + 1 }));

    const oldRows = new Set(before.items.flatMap((item) => item.solvedChallenges));
    const newRows = after.items.flatMap((item) => item.solvedChallenges).filter((row) => !oldRows.has(row));
    expect(newRows).toHaveLength(1);
    // The new solver was already 51st (first of the teams without a solve, by participation id): it keeps its
    // place, so every other team row is the previous board's.
    const oldItems = new Set<ScoreboardItem>(before.items);
    expect(after.items.filter((item) => oldItems.has(item))).toHaveLength(99);
  });
});
