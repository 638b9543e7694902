import { memberProgress, NO_BLOOD_BONUS } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { at, board, challenge, row, team } from './board-inputs';
import type { ScoreboardSolveInput } from './types';

/*
 * Per-player progress (packages/contract/src/member-progress.ts) read from boards computed here. Hand-computed with
 * O=1000, r=0.25, d=5 and the default blood bonus (+5 %, +3 %, +1 %):
 *   challenge 1, two solvers: 1000 * (0.25 + 0.75 * e^-0.2) = 864.05 -> 864;
 *     first blood 864 * 1.05 = 907.2 -> 907; second blood 864 * 1.03 = 889.92 -> 890
 *   challenge 2, one solver: 1000; first blood 1000 * 1.05 = 1050
 *   challenge 3, solved after the end: listed with 0 points
 * Team 1 (alice, bob, dave): alice 907 + 0 (2 solves), bob 1050 (1 solve), dave nothing; team total 1957.
 */
const by = (participationId: number, challengeId: number, minutes: number, userName: string): ScoreboardSolveInput => ({
  participationId,
  challengeId,
  userName,
  time: at(minutes),
});

describe('memberProgress', () => {
  const result = board({
    challenges: [challenge(1), challenge(2), challenge(3)],
    teams: [team(1), team(2)],
    solves: [by(1, 1, 10, 'alice'), by(2, 1, 20, 'carol'), by(1, 2, 30, 'bob'), by(1, 3, 650, 'alice')],
  });

  it('credits each solve to its solver with the points the board gives it', () => {
    const progress = memberProgress(row(result, 101), ['alice', 'bob', 'dave']);
    expect(progress.map((m) => [m.userName, m.score, m.solvedCount])).toEqual([
      ['bob', 1050, 1],
      ['alice', 907, 2],
      ['dave', 0, 0],
    ]);
    expect(progress[1]?.solves.map((s) => [s.id, s.score, s.type])).toEqual([
      [1, 907, 'FirstBlood'],
      [3, 0, 'Normal'],
    ]);
    // The members' points add up to the team's.
    expect(row(result, 101).score).toBe(1957);
    expect(progress.reduce((sum, m) => sum + m.score, 0)).toBe(1957);
  });

  it('reads the other team apart', () => {
    expect(memberProgress(row(result, 102)).map((m) => [m.userName, m.score, m.solvedCount])).toEqual([
      ['carol', 890, 1],
    ]);
  });

  it('orders members with the same points by roster order, and leaves out solves of unknown solvers', () => {
    const even = board({
      game: { bloodBonus: NO_BLOOD_BONUS },
      challenges: [challenge(1), challenge(2), challenge(4)],
      teams: [team(1)],
      solves: [by(1, 1, 10, 'zoe'), by(1, 2, 20, 'adam')],
    });
    const item = row(even, 101);
    item.solvedChallenges.push({ id: 4, score: 1000, type: 'Normal', userName: null, time: at(30) });
    expect(memberProgress(item, ['zoe', 'adam']).map((m) => [m.userName, m.score])).toEqual([
      ['zoe', 1000],
      ['adam', 1000],
    ]);
    expect(memberProgress(item).map((m) => m.userName)).toEqual(['adam', 'zoe']);
  });
});
