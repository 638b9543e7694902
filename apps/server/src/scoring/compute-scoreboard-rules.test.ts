import { DEFAULT_BLOOD_BONUS, NO_BLOOD_BONUS } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { at, board, challenge, column, NOW, row, START, solve, teams } from './board-inputs';
import { computeScoreboard } from './compute-scoreboard';
import type { ScoreboardInput, ScoreboardSolveInput } from './types';

/*
 * Which solves and challenges make the board, and in what order: the game window and deadlines, duplicate
 * and disabled entries, the columns, the timelines, and the order solves arrive in. Values as in
 * compute-scoreboard-scores.test.ts (O=1000, r=0.25, d=5: n=1 1000, n=2 864, n=3 752).
 */

describe('computeScoreboard: time rules', () => {
  it('counts a solve at the deadline, not one after it, and leaves the late one out of n', () => {
    const result = board({
      challenges: [challenge(1, { deadline: at(30) })],
      teams: teams(3),
      solves: [solve(1, 1, 10), solve(2, 1, 30), solve(3, 1, 31)],
    });
    // n = 2 -> 864; first 864 * 1.05 = 907.2 -> 907; second 864 * 1.03 = 889.92 -> 890
    expect(column(result, 1)).toMatchObject({ score: 864, solved: 2, deadline: at(30) });
    expect(result.items.map((item) => [item.id, item.score])).toEqual([
      [101, 907],
      [102, 890],
      [103, 0],
    ]);
    expect(row(result, 103)).toMatchObject({ lastSubmissionTime: 0, solvedCount: 1 });
    expect(row(result, 103).solvedChallenges).toEqual([
      { id: 1, score: 0, type: 'Normal', userName: 'user 3', time: at(31) },
    ]);
  });

  it('counts solves in [start, end) only; the others are listed with 0 points', () => {
    const result = board({
      game: { practiceMode: true },
      challenges: [challenge(1, { disableBloodBonus: true }), challenge(2, { disableBloodBonus: true })],
      teams: teams(3),
      solves: [
        solve(1, 1, -1), // a minute before the start: does not count
        solve(2, 1, 0), // exactly at the start: counts
        solve(3, 1, 600), // exactly at the end: does not count (end is exclusive)
        solve(3, 2, 599), // the last minute: counts
        solve(2, 2, 900), // practice after the end: does not count
      ],
    });
    // Each challenge has one counted solve and keeps its 1000.
    expect(column(result, 1)).toMatchObject({ score: 1000, solved: 1 });
    expect(column(result, 2)).toMatchObject({ score: 1000, solved: 1 });
    expect(row(result, 102)).toMatchObject({ score: 1000, lastSubmissionTime: at(0), solvedCount: 2 });
    expect(row(result, 102).solvedChallenges.map((item) => [item.id, item.score])).toEqual([
      [1, 1000],
      [2, 0],
    ]);
    expect(row(result, 103)).toMatchObject({ score: 1000, lastSubmissionTime: at(599) });
    expect(row(result, 101)).toMatchObject({ score: 0, rank: 3, lastSubmissionTime: 0, solvedCount: 1 });
    // Team 2 (start) ranks above team 3 (last minute); the after-end solve adds no timeline step.
    expect(result.items.map((item) => item.id)).toEqual([102, 103, 101]);
    expect(result.timelines[0]?.teams[0]).toEqual({ id: 102, name: 'team 2', items: [{ time: at(0), score: 1000 }] });
  });

  it('keeps only the earliest solve when a team appears twice for one challenge', () => {
    const result = board({
      challenges: [challenge(1)],
      teams: teams(1),
      solves: [solve(1, 1, 40), solve(1, 1, 20)],
    });
    expect(row(result, 101).solvedChallenges).toEqual([
      { id: 1, score: 1050, type: 'FirstBlood', userName: 'user 1', time: at(20) },
    ]);
    expect(column(result, 1).solved).toBe(1);
  });
});

describe('computeScoreboard: challenges', () => {
  it('leaves disabled challenges and their solves off the board', () => {
    const result = board({
      challenges: [challenge(1), challenge(2, { enabled: false, category: 'Pwn' })],
      teams: teams(1),
      solves: [solve(1, 1, 10), solve(1, 2, 20)],
    });
    expect(result.challengeCount).toBe(1);
    expect(Object.keys(result.challenges)).toEqual(['Web']);
    expect(row(result, 101)).toMatchObject({ score: 1050, solvedCount: 1 });
  });

  it('groups columns by category in enum order and orders each group by title', () => {
    const result = board({
      challenges: [
        challenge(1, { category: 'Crypto', title: 'rsa' }),
        challenge(2, { category: 'Misc', title: 'sanity' }),
        challenge(3, { category: 'Crypto', title: 'aes' }),
        challenge(4, { category: 'Web', title: 'xss' }),
      ],
      teams: teams(1),
      solves: [],
    });
    // ChallengeCategory order: Misc, Crypto, Pwn, Web, ...
    expect(Object.entries(result.challenges).map(([category, list]) => [category, list.map((c) => c.id)])).toEqual([
      ['Misc', [2]],
      ['Crypto', [3, 1]],
      ['Web', [4]],
    ]);
    expect(column(result, 1)).toEqual({
      id: 1,
      title: 'rsa',
      category: 'Crypto',
      score: 1000,
      solved: 0,
      deadline: null,
      bloods: [],
      disableBloodBonus: false,
    });
    expect(result).toMatchObject({ updateTimeUtc: NOW, divisions: [], challengeCount: 4 });
  });
});

describe('computeScoreboard: timelines', () => {
  it('draws the cumulative score of the top 10 of 12 teams', () => {
    // 12 challenges worth a flat 100 (min rate 1: no decay), no bonus. Team k solves challenges
    // 1..(13 - k), one per minute from minute 10k, so team 1 has 1200 points, team 12 has 100.
    const flat = { originalScore: 100, minScoreRate: 1 };
    const solves: ScoreboardSolveInput[] = [];
    for (let k = 1; k <= 12; k++) {
      for (let c = 1; c <= 13 - k; c++) solves.push(solve(k, c, 10 * k + c));
    }
    const result = board({
      game: { bloodBonus: NO_BLOOD_BONUS },
      challenges: Array.from({ length: 12 }, (_, index) => challenge(index + 1, flat)),
      teams: teams(12),
      solves,
    });
    expect(result.items.map((item) => item.score)).toEqual([
      1200, 1100, 1000, 900, 800, 700, 600, 500, 400, 300, 200, 100,
    ]);
    expect(result.timelines).toHaveLength(1);
    const overall = result.timelines[0];
    expect(overall?.divisionId).toBe(0);
    expect(overall?.teams.map((line) => line.id)).toEqual([101, 102, 103, 104, 105, 106, 107, 108, 109, 110]);
    // Team 10 solves challenges 1..3 at minutes 101, 102, 103.
    expect(overall?.teams[9]).toEqual({
      id: 110,
      name: 'team 10',
      items: [
        { time: at(101), score: 100 },
        { time: at(102), score: 200 },
        { time: at(103), score: 300 },
      ],
    });
    // Team 1: 12 steps from minute 11 to minute 22, ending at 1200.
    expect(overall?.teams[0]?.items).toHaveLength(12);
    expect(overall?.teams[0]?.items.at(-1)).toEqual({ time: at(22), score: 1200 });
  });
});

describe('computeScoreboard: input order', () => {
  /** A deterministic shuffle (linear congruential), so the test is the same on every run. */
  function shuffled<T>(list: readonly T[]): T[] {
    const result = [...list];
    let state = 12345;
    for (let index = result.length - 1; index > 0; index--) {
      state = (state * 1103515245 + 12345) % 2147483648;
      const other = state % (index + 1);
      const here = result[index];
      const there = result[other];
      if (here === undefined || there === undefined) throw new Error('shuffle out of range');
      result[index] = there;
      result[other] = here;
    }
    return result;
  }

  function game(minutesApart: number): ScoreboardInput {
    const solves: ScoreboardSolveInput[] = [];
    let minute = 0;
    for (let k = 1; k <= 30; k++) {
      for (let c = 1; c <= 6; c++) {
        // Leave out about a quarter of the pairs so that teams end on different scores.
        if ((k * 7 + c * 3) % 4 === 0) continue;
        minute += minutesApart;
        solves.push(solve(k, c, minute));
      }
    }
    return {
      game: { start: START, end: at(minutesApart * 1000), bloodBonus: DEFAULT_BLOOD_BONUS, practiceMode: false },
      challenges: Array.from({ length: 6 }, (_, index) => challenge(index + 1)),
      teams: teams(30),
      divisions: [],
      solves,
    };
  }

  it('gives the same board for sorted and shuffled solves (radix sort path)', () => {
    const sorted = game(3);
    const expected = computeScoreboard(sorted, { now: NOW });
    expect(computeScoreboard({ ...sorted, solves: shuffled(sorted.solves) }, { now: NOW })).toEqual(expected);
  });

  it('gives the same board for sorted and shuffled solves spread over years (comparison sort path)', () => {
    // 400 days apart: the span of times exceeds 2^32 ms.
    const sorted = game(400 * 24 * 60);
    const expected = computeScoreboard(sorted, { now: NOW });
    expect(computeScoreboard({ ...sorted, solves: shuffled(sorted.solves) }, { now: NOW })).toEqual(expected);
  });

  it('awards the blood to the solve listed first when two share a millisecond', () => {
    const result = board({
      challenges: [challenge(1)],
      teams: teams(3),
      solves: [solve(3, 1, 20), solve(2, 1, 10), solve(1, 1, 10)],
    });
    expect(column(result, 1).bloods.map((blood) => blood.id)).toEqual([102, 101, 103]);
  });
});
