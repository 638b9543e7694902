import { NO_BLOOD_BONUS, packBloodBonus } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { at, board, challenge, column, row, solve, team, teams } from './board-inputs';

/*
 * Every expected number below is worked out by hand in the comment beside it, never by calling the formula
 * under test. Dynamic value with O=1000, r=0.25, d=5:
 *   n<=1: 1000
 *   n=2:  1000 * (0.25 + 0.75 * e^-0.2) = 1000 * (0.25 + 0.75 * 0.818731) = 864.05 -> 864
 *   n=3:  1000 * (0.25 + 0.75 * e^-0.4) = 1000 * (0.25 + 0.75 * 0.670320) = 752.74 -> 752
 *   n=5:  1000 * (0.25 + 0.75 * e^-0.8) = 1000 * (0.25 + 0.75 * 0.449329) = 586.997 -> 586
 */

describe('computeScoreboard: dynamic score', () => {
  it('gives a lone solver the original score', () => {
    const result = board({
      game: { bloodBonus: NO_BLOOD_BONUS },
      challenges: [challenge(1)],
      teams: teams(1),
      solves: [solve(1, 1, 10)],
    });
    expect(column(result, 1)).toMatchObject({ score: 1000, solved: 1 });
    expect(row(result, 101)).toMatchObject({ score: 1000, rank: 1, lastSubmissionTime: at(10), solvedCount: 1 });
    expect(row(result, 101).solvedChallenges).toEqual([
      { id: 1, score: 1000, type: 'FirstBlood', userName: 'user 1', time: at(10) },
    ]);
  });

  it('gives both of 2 solvers the current value 864, retroactively', () => {
    const result = board({
      game: { bloodBonus: NO_BLOOD_BONUS },
      challenges: [challenge(1)],
      teams: teams(2),
      solves: [solve(1, 1, 10), solve(2, 1, 20)],
    });
    expect(column(result, 1)).toMatchObject({ score: 864, solved: 2 });
    // No bonus: the blood badges stay, the points do not change.
    expect(result.items.map((item) => [item.id, item.score, item.solvedChallenges[0]?.type])).toEqual([
      [101, 864, 'FirstBlood'],
      [102, 864, 'SecondBlood'],
    ]);
  });

  it('gives all 5 solvers 586', () => {
    const result = board({
      game: { bloodBonus: NO_BLOOD_BONUS },
      challenges: [challenge(1)],
      teams: teams(5),
      solves: [1, 2, 3, 4, 5].map((n) => solve(n, 1, n * 10)),
    });
    expect(column(result, 1)).toMatchObject({ score: 586, solved: 5 });
    expect(result.items.map((item) => item.score)).toEqual([586, 586, 586, 586, 586]);
    expect(result.items.map((item) => item.solvedChallenges[0]?.type)).toEqual([
      'FirstBlood',
      'SecondBlood',
      'ThirdBlood',
      'Normal',
      'Normal',
    ]);
  });
});

describe('computeScoreboard: blood bonus', () => {
  it('applies the default +5 %, +3 %, +1 % with round-half-to-even', () => {
    const result = board({
      challenges: [challenge(1), challenge(2, { originalScore: 750 }), challenge(3, { originalScore: 250 })],
      teams: teams(5),
      solves: [
        ...[1, 2, 3, 4, 5].map((n) => solve(n, 1, n * 10)),
        solve(1, 2, 100), // lone solver of 750: 750 * 1.05 = 787.5 -> 788 (even)
        solve(2, 3, 100), // lone solver of 250: 250 * 1.05 = 262.5 -> 262 (even)
      ],
    });
    // Challenge 1 is worth 586 with 5 solvers:
    //   first  586 * 1.05 = 615.3  -> 615
    //   second 586 * 1.03 = 603.58 -> 604
    //   third  586 * 1.01 = 591.86 -> 592
    //   fourth and fifth: 586
    const pointsOnChallenge1 = (teamId: number) => row(result, teamId).solvedChallenges.find((c) => c.id === 1)?.score;
    expect([101, 102, 103, 104, 105].map(pointsOnChallenge1)).toEqual([615, 604, 592, 586, 586]);
    expect(row(result, 101).score).toBe(615 + 788);
    expect(row(result, 102).score).toBe(604 + 262);
    expect(column(result, 1).bloods).toEqual([
      { id: 101, name: 'team 1', avatar: null, submitTimeUtc: at(10) },
      { id: 102, name: 'team 2', avatar: null, submitTimeUtc: at(20) },
      { id: 103, name: 'team 3', avatar: null, submitTimeUtc: at(30) },
    ]);
  });

  it('applies a custom packing (first +10 %, second 0, third +100 %)', () => {
    const bloodBonus = packBloodBonus({ first: 100, second: 0, third: 1000 });
    // 500 * (0.25 + 0.75 * e^-0.4) = 500 * 0.752740 = 376.37 -> 376 with 3 solvers
    const result = board({
      game: { bloodBonus },
      challenges: [challenge(1, { originalScore: 500 })],
      teams: teams(3),
      solves: [solve(3, 1, 5), solve(1, 1, 6), solve(2, 1, 7)],
    });
    expect(result.bloodBonus).toBe(104_858_600);
    expect(column(result, 1).score).toBe(376);
    // team 3 first: 376 * 1.1 = 413.6 -> 414; team 1 second: 376; team 2 third: 376 * 2 = 752
    expect(result.items.map((item) => [item.id, item.score])).toEqual([
      [102, 752],
      [103, 414],
      [101, 376],
    ]);
  });

  it('gives no blood at all on a challenge that disables the bonus', () => {
    const result = board({
      challenges: [challenge(1, { disableBloodBonus: true })],
      teams: teams(2),
      solves: [solve(1, 1, 10), solve(2, 1, 20)],
    });
    expect(column(result, 1)).toMatchObject({ score: 864, solved: 2, bloods: [], disableBloodBonus: true });
    expect(result.items.map((item) => [item.score, item.solvedChallenges[0]?.type])).toEqual([
      [864, 'Normal'],
      [864, 'Normal'],
    ]);
  });

  it('moves bloods up when the first solver is no longer an accepted participation', () => {
    const result = board({
      game: { bloodBonus: NO_BLOOD_BONUS },
      challenges: [challenge(1)],
      teams: [team(2), team(3)], // team 1 was suspended: its solve is ignored entirely
      solves: [solve(1, 1, 10), solve(2, 1, 20), solve(3, 1, 30)],
    });
    expect(column(result, 1).bloods.map((blood) => blood.id)).toEqual([102, 103]);
    expect(column(result, 1)).toMatchObject({ score: 864, solved: 2 });
  });
});

describe('computeScoreboard: ranking', () => {
  it('breaks score ties by the earlier last scoring solve, then by participation id; no solves rank last', () => {
    const result = board({
      game: { bloodBonus: NO_BLOOD_BONUS },
      challenges: [challenge(1), challenge(2)],
      teams: [team(5), team(4), team(1), team(2)],
      solves: [
        // Both challenges end with 2 solvers, 864 each, so teams 1 and 2 tie on 1728.
        solve(1, 1, 10),
        solve(1, 2, 50), // team 1 finishes at minute 50
        solve(2, 2, 20),
        solve(2, 1, 40), // team 2 finishes at minute 40 and so ranks first
      ],
    });
    expect(result.items.map((item) => [item.id, item.score, item.rank, item.lastSubmissionTime])).toEqual([
      [102, 1728, 1, at(40)],
      [101, 1728, 2, at(50)],
      // No solves: 0 points, lastSubmissionTime 0, in participation id order (4 before 5).
      [104, 0, 3, 0],
      [105, 0, 4, 0],
    ]);
    expect(result.items.every((item) => item.divisionId === null && item.divisionRank === null)).toBe(true);
  });

  it('orders identical scores and last-solve times by participation id', () => {
    const result = board({
      game: { bloodBonus: NO_BLOOD_BONUS },
      challenges: [challenge(1, { disableBloodBonus: true }), challenge(2, { disableBloodBonus: true })],
      teams: [team(9), team(3)],
      solves: [solve(9, 1, 10), solve(3, 2, 10)],
    });
    expect(result.items.map((item) => [item.id, item.score])).toEqual([
      [103, 1000],
      [109, 1000],
    ]);
  });
});
