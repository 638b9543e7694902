import { DEFAULT_BLOOD_BONUS, NO_BLOOD_BONUS, packBloodBonus, ScoreboardModel } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { computeScoreboard } from './compute-scoreboard';
import type {
  ScoreboardChallengeInput,
  ScoreboardGameInput,
  ScoreboardInput,
  ScoreboardSolveInput,
  ScoreboardTeamInput,
} from './types';

/*
 * Every expected number below is worked out by hand in the comment beside it, never by calling the formula
 * under test. Dynamic value with O=1000, r=0.25, d=5:
 *   n<=1: 1000
 *   n=2:  1000 * (0.25 + 0.75 * e^-0.2) = 1000 * (0.25 + 0.75 * 0.818731) = 864.05 -> 864
 *   n=3:  1000 * (0.25 + 0.75 * e^-0.4) = 1000 * (0.25 + 0.75 * 0.670320) = 752.74 -> 752
 *   n=5:  1000 * (0.25 + 0.75 * e^-0.8) = 1000 * (0.25 + 0.75 * 0.449329) = 586.997 -> 586
 */

const MINUTE = 60_000;
const START = Date.UTC(2026, 2, 1, 9);
const END = START + 600 * MINUTE;
const NOW = START + 700 * MINUTE;

/** Minutes after the start of the game, as a Unix-ms timestamp. */
const at = (minutes: number): number => START + minutes * MINUTE;

function challenge(id: number, overrides: Partial<ScoreboardChallengeInput> = {}): ScoreboardChallengeInput {
  return {
    id,
    title: `challenge ${id}`,
    category: 'Web',
    originalScore: 1000,
    minScoreRate: 0.25,
    difficulty: 5,
    disableBloodBonus: false,
    deadline: null,
    enabled: true,
    ...overrides,
  };
}

/** Team `n` has participation id n, team id 100 + n and name `team n`. */
function team(n: number): ScoreboardTeamInput {
  return { participationId: n, teamId: 100 + n, name: `team ${n}`, avatar: null, bio: null, divisionId: null };
}

function solve(participationId: number, challengeId: number, minutes: number): ScoreboardSolveInput {
  return { participationId, challengeId, userName: `user ${participationId}`, time: at(minutes) };
}

function board(
  parts: Omit<ScoreboardInput, 'game' | 'divisions'> & {
    game?: Partial<ScoreboardGameInput>;
    divisions?: ScoreboardInput['divisions'];
  },
): ReturnType<typeof computeScoreboard> {
  const game: ScoreboardGameInput = {
    start: START,
    end: END,
    bloodBonus: DEFAULT_BLOOD_BONUS,
    practiceMode: false,
    ...parts.game,
  };
  const result = computeScoreboard({ divisions: [], ...parts, game }, { now: NOW });
  // Every board must be a valid response.
  expect(ScoreboardModel.safeParse(result).success).toBe(true);
  return result;
}

function teams(count: number): ScoreboardTeamInput[] {
  return Array.from({ length: count }, (_, index) => team(index + 1));
}

function row(result: ScoreboardModel, teamId: number) {
  const item = result.items.find((candidate) => candidate.id === teamId);
  if (item === undefined) throw new Error(`team ${teamId} is not on the board`);
  return item;
}

function column(result: ScoreboardModel, challengeId: number) {
  const info = Object.values(result.challenges)
    .flat()
    .find((candidate) => candidate.id === challengeId);
  if (info === undefined) throw new Error(`challenge ${challengeId} is not on the board`);
  return info;
}

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
