import { describe, expect, it } from 'vitest';
import { at, board, challenge, column, END, NOW, row, START, solve, teams } from './board-inputs';
import { computeScoreboard } from './compute-scoreboard';
import { frozenInput, frozenSolvesKey, isFrozen } from './freeze';
import type { ScoreboardInput } from './types';

const FREEZE = at(300);

function input(solves: ScoreboardInput['solves']): ScoreboardInput {
  return {
    game: { start: START, end: END, bloodBonus: 0, practiceMode: false, freezeAt: FREEZE, revealed: false },
    challenges: [challenge(1), challenge(2)],
    teams: teams(3),
    divisions: [],
    solves,
  };
}

describe('scoreboard freeze', () => {
  it('is frozen from freezeAt (inclusive) until revealed, and never without a freeze', () => {
    expect(isFrozen({ freezeAt: FREEZE, revealed: false }, FREEZE - 1)).toBe(false);
    expect(isFrozen({ freezeAt: FREEZE, revealed: false }, FREEZE)).toBe(true);
    // After the end it stays frozen until an organiser reveals it.
    expect(isFrozen({ freezeAt: FREEZE, revealed: false }, NOW)).toBe(true);
    expect(isFrozen({ freezeAt: FREEZE, revealed: true }, NOW)).toBe(false);
    expect(isFrozen({ freezeAt: null, revealed: false }, NOW)).toBe(false);
    expect(isFrozen({}, NOW)).toBe(false);
  });

  it('shows the game as it stood at the freeze: values, solved counts, bloods, scores and ranks', () => {
    const before = [solve(1, 1, 10), solve(2, 2, 20)];
    // During the freeze: team 3 takes the lead, and challenge 1 gets two more solvers (its value would decay).
    const during = [solve(3, 1, 300), solve(3, 2, 310), solve(2, 1, 320)];
    const frozen = computeScoreboard(frozenInput(input([...before, ...during]), FREEZE), { now: NOW });
    const asAtFreeze = board({
      challenges: [challenge(1), challenge(2)],
      teams: teams(3),
      solves: before,
      game: { bloodBonus: 0 },
    });
    expect(column(frozen, 1)).toEqual(column(asAtFreeze, 1));
    expect(column(frozen, 1).solved).toBe(1);
    expect(column(frozen, 1).bloods.map((b) => b.id)).toEqual([101]);
    expect(row(frozen, 103)).toMatchObject({ score: 0, solvedCount: 0, solvedChallenges: [] });
    expect(frozen.items.map((item) => [item.id, item.rank, item.score])).toEqual(
      asAtFreeze.items.map((item) => [item.id, item.rank, item.score]),
    );
    expect(frozen.timelines).toEqual(asAtFreeze.timelines);
    // The live board moved on.
    const live = computeScoreboard(input([...before, ...during]), { now: NOW });
    expect(column(live, 1).solved).toBe(3);
    expect(column(live, 1).score).toBeLessThan(column(frozen, 1).score);
  });

  it('counts a solve at the freeze instant as after it', () => {
    const frozen = frozenInput(input([solve(1, 1, 299), solve(2, 1, 300)]), FREEZE);
    expect(frozen.solves.map((s) => s.participationId)).toEqual([1]);
  });

  it('keys the frozen board on the solves before the freeze only', () => {
    const before = [solve(1, 1, 10)];
    const key = frozenSolvesKey(before, FREEZE);
    expect(frozenSolvesKey([...before, solve(2, 1, 400)], FREEZE)).toBe(key);
    expect(frozenSolvesKey([...before, solve(2, 1, 200)], FREEZE)).not.toBe(key);
    // A solve moved earlier (an earlier correct submission judged late) changes it too.
    expect(frozenSolvesKey([solve(1, 1, 5)], FREEZE)).not.toBe(key);
  });
});
