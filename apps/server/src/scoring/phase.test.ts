import { GamePermission } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { at, challenge, column, END, NOW, row, START, solve, team, teams } from './board-inputs';
import { computeScoreboard } from './compute-scoreboard';
import { frozenInput } from './freeze';
import { phaseInput } from './phase';
import type { ScoreboardInput } from './types';

const WEEK_1 = 1;
const WEEK_2 = 2;

/** Challenges 1 and 2 in week 1, 3 in week 2, 4 in no phase; three teams. */
function input(solves: ScoreboardInput['solves'], overrides: Partial<ScoreboardInput> = {}): ScoreboardInput {
  return {
    game: { start: START, end: END, bloodBonus: 0, practiceMode: false },
    challenges: [
      challenge(1, { phaseId: WEEK_1 }),
      challenge(2, { phaseId: WEEK_1 }),
      challenge(3, { phaseId: WEEK_2 }),
      challenge(4),
    ],
    teams: teams(3),
    divisions: [],
    solves,
    phases: [
      { id: WEEK_1, title: 'Week 1', start: START },
      { id: WEEK_2, title: 'Week 2', start: at(300) },
    ],
    ...overrides,
  };
}

function phaseBoard(source: ScoreboardInput, phaseId: number) {
  const phased = phaseInput(source, phaseId);
  if (!phased) throw new Error(`no phase ${phaseId}`);
  return computeScoreboard(phased, { now: NOW });
}

describe('phase boards', () => {
  // Team 1 wins the whole game on week 2 and the phase-less challenge; team 2 wins week 1.
  const solves = [solve(2, 1, 10), solve(2, 2, 20), solve(1, 1, 30), solve(1, 3, 310), solve(1, 4, 320)];

  it('ranks the teams on the phase challenges only', () => {
    const whole = computeScoreboard(input(solves), { now: NOW });
    expect(whole.items.map((item) => [item.id, item.rank])).toEqual([
      [101, 1],
      [102, 2],
      [103, 3],
    ]);
    const week1 = phaseBoard(input(solves), WEEK_1);
    expect(week1.items.map((item) => [item.id, item.rank])).toEqual([
      [102, 1],
      [101, 2],
      [103, 3],
    ]);
    expect(week1.challengeCount).toBe(2);
    expect(
      Object.values(week1.challenges)
        .flat()
        .map((c) => c.id),
    ).toEqual([1, 2]);
    // Team 1's row holds its week-1 solve only, and its score is that solve's value.
    expect(row(week1, 101).solvedChallenges.map((s) => s.id)).toEqual([1]);
    expect(row(week1, 101).score).toBe(column(week1, 1).score);
    // Timelines follow the phase: team 1's curve has one step.
    const curve = week1.timelines.find((t) => t.divisionId === 0)?.teams.find((t) => t.id === 101);
    expect(curve?.items).toHaveLength(1);

    const week2 = phaseBoard(input(solves), WEEK_2);
    expect(week2.items.map((item) => [item.id, item.rank, item.score])).toEqual([
      [101, 1, column(week2, 3).score],
      [102, 2, 0],
      [103, 3, 0],
    ]);
  });

  it('keeps the values and bloods of the whole game (they depend on the challenge, not on the phase)', () => {
    const whole = computeScoreboard(input(solves), { now: NOW });
    const week1 = phaseBoard(input(solves), WEEK_1);
    expect(column(week1, 1)).toEqual(column(whole, 1));
    expect(column(week1, 2)).toEqual(column(whole, 2));
  });

  it('leaves the whole board as it was without phases (the computation ignores them)', () => {
    const plain = input(solves, { phases: undefined });
    const withoutPhases = { ...plain, challenges: plain.challenges.map(({ phaseId: _, ...rest }) => rest) };
    expect(JSON.stringify(computeScoreboard(input(solves), { now: NOW }))).toBe(
      JSON.stringify(computeScoreboard(withoutPhases, { now: NOW })),
    );
  });

  it('is null for a phase the game does not have, and empty for a phase without challenges', () => {
    expect(phaseInput(input(solves), 99)).toBeNull();
    expect(phaseInput(input(solves, { phases: undefined }), WEEK_1)).toBeNull();
    const empty = phaseBoard(input(solves, { phases: [{ id: 7, title: 'Later', start: at(500) }] }), 7);
    expect(empty.challengeCount).toBe(0);
    expect(empty.items.every((item) => item.score === 0)).toBe(true);
  });

  it('ranks divisions on the phase challenges only', () => {
    const divided = input(solves, {
      teams: [team(1, 1), team(2, 1), team(3)],
      divisions: [{ id: 1, name: 'students', defaultPermissions: GamePermission.All, challengeConfigs: [] }],
    });
    const week1 = phaseBoard(divided, WEEK_1);
    expect(row(week1, 102).divisionRank).toBe(1);
    expect(row(week1, 101).divisionRank).toBe(2);
    expect(row(computeScoreboard(divided, { now: NOW }), 101).divisionRank).toBe(1);
  });

  it('applies the freeze first: the players\u2019 phase board during a freeze has only the solves before it', () => {
    const freezeAt = at(25);
    const frozen = phaseBoard(frozenInput(input(solves), freezeAt), WEEK_1);
    // Team 1's week-1 solve at minute 30 is after the freeze.
    expect(row(frozen, 101).solvedChallenges).toEqual([]);
    expect(column(frozen, 1).solved).toBe(1);
  });
});
