import { DEFAULT_BLOOD_BONUS, GamePermission, type ScoreboardModel } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { at, board, challenge, column, END, row, START, solve, team } from './board-inputs';
import { computeScoreboard } from './compute-scoreboard';
import { mergeSolves } from './merge-solves';
import type { ScoreboardDivisionInput, ScoreboardInput, ScoreboardSolveInput } from './types';

/*
 * Divisions on the board. Hand-worked values with O=1000, r=0.25, d=5 and the default blood bonus (+5/+3/+1 %):
 *   n=1: 1000, first blood 1050
 *   n=2: 864,  first blood 864 × 1.05 = 907.2 -> 907, second 864 × 1.03 = 889.92 -> 890
 *   n=3: 752,  first blood 752 × 1.05 = 789.6 -> 790, second 752 × 1.03 = 774.56 -> 775, third 752 × 1.01 = 759.52 -> 760
 */

const { All, RankOverall, ViewChallenge, SubmitFlags, GetScore, GetBlood, AffectDynamicScore } = GamePermission;

function division(
  id: number,
  defaultPermissions: number,
  configs: Record<number, number> = {},
): ScoreboardDivisionInput {
  return {
    id,
    name: `division ${id}`,
    defaultPermissions,
    challengeConfigs: Object.entries(configs).map(([challengeId, permissions]) => ({
      challengeId: Number(challengeId),
      permissions,
    })),
  };
}

function input(parts: Omit<ScoreboardInput, 'game'>): ScoreboardInput {
  return { game: { start: START, end: END, bloodBonus: DEFAULT_BLOOD_BONUS, practiceMode: false }, ...parts };
}

/** Boards here are read at the end of the game. */
const boardAtEnd = (parts: Omit<ScoreboardInput, 'game'>): ScoreboardModel => board(parts, END);

const timeline = (result: ScoreboardModel, divisionId: number) =>
  result.timelines.find((line) => line.divisionId === divisionId)?.teams.map((line) => line.id);

describe('computeScoreboard: division permissions', () => {
  it('leaves an observer division out of the score, the bloods and the dynamic count, but lists its solve', () => {
    const observers = All & ~(GetScore | GetBlood | AffectDynamicScore | RankOverall);
    const result = boardAtEnd({
      challenges: [challenge(1)],
      teams: [team(1), team(2, 10), team(3)],
      divisions: [division(10, observers)],
      solves: [solve(2, 1, 5), solve(1, 1, 10), solve(3, 1, 20)],
    });
    // n = 2 (teams 1 and 3): 864; team 2 solved first but takes no blood.
    expect(column(result, 1)).toMatchObject({ score: 864, solved: 2 });
    expect(column(result, 1).bloods.map((blood) => blood.id)).toEqual([101, 103]);
    expect(row(result, 101)).toMatchObject({ score: 907, rank: 1, divisionId: null, divisionRank: null });
    expect(row(result, 103)).toMatchObject({ score: 890, rank: 2 });
    expect(row(result, 102)).toMatchObject({
      score: 0,
      rank: 0,
      divisionId: 10,
      divisionRank: 1,
      lastSubmissionTime: 0,
      solvedCount: 1,
      solvedChallenges: [{ id: 1, score: 0, type: 'Normal', userName: 'user 2', time: at(5) }],
    });
    expect(timeline(result, 0)).toEqual([101, 103]);
    // The division's own curve has no step: nothing it solved scored.
    expect(result.timelines.find((line) => line.divisionId === 10)?.teams).toEqual([
      { id: 102, name: 'team 2', items: [] },
    ]);
  });

  it('gives a blood slot to a team that may not score, at 0 points, and the next bloods to the others', () => {
    const unofficial = All & ~GetScore;
    const result = boardAtEnd({
      challenges: [challenge(1)],
      teams: [team(1), team(2, 20), team(3)],
      divisions: [division(20, unofficial)],
      solves: [solve(2, 1, 5), solve(1, 1, 10), solve(3, 1, 20)],
    });
    // n = 3 (team 2 still affects the value): 752.
    expect(column(result, 1)).toMatchObject({ score: 752, solved: 3 });
    expect(column(result, 1).bloods.map((blood) => blood.id)).toEqual([102, 101, 103]);
    expect(row(result, 102).solvedChallenges[0]).toMatchObject({ type: 'FirstBlood', score: 0 });
    expect(row(result, 101)).toMatchObject({ score: 775, rank: 1 });
    expect(row(result, 103)).toMatchObject({ score: 760, rank: 2 });
    // RankOverall is still in the division's permissions: ranked last with 0 points.
    expect(row(result, 102)).toMatchObject({ score: 0, rank: 3, divisionRank: 1, lastSubmissionTime: 0 });
  });

  it('applies a per-challenge override instead of the default, and lists it in `divisions`', () => {
    const viewOnly = ViewChallenge | SubmitFlags;
    const result = boardAtEnd({
      challenges: [challenge(1), challenge(2)],
      teams: [team(1, 30), team(2)],
      divisions: [division(30, All, { 2: viewOnly })],
      solves: [solve(1, 1, 10), solve(1, 2, 20), solve(2, 2, 30)],
    });
    // Challenge 1: team 1 alone, 1050. Challenge 2: only team 2 counts (n = 1) and takes the first blood.
    expect(column(result, 2)).toMatchObject({ score: 1000, solved: 1 });
    expect(column(result, 2).bloods.map((blood) => blood.id)).toEqual([102]);
    expect(row(result, 101).solvedChallenges.map((s) => [s.id, s.type, s.score])).toEqual([
      [1, 'FirstBlood', 1050],
      [2, 'Normal', 0],
    ]);
    // Equal scores: team 1's last scoring solve (minute 10, not 20) is earlier.
    expect(result.items.map((item) => [item.id, item.score, item.rank])).toEqual([
      [101, 1050, 1],
      [102, 1050, 2],
    ]);
    expect(row(result, 101).lastSubmissionTime).toBe(at(10));
    expect(result.divisions).toEqual([
      {
        id: 30,
        name: 'division 30',
        defaultPermissions: All,
        challengeConfigs: { '2': { challengeId: 2, permissions: viewOnly } },
      },
    ]);
  });
});

describe('computeScoreboard: ranks and timelines per division', () => {
  // No decay and no bloods, so each team's score is the value of the one challenge it solved.
  const flat = (id: number, originalScore: number) =>
    challenge(id, { originalScore, minScoreRate: 1, disableBloodBonus: true });
  const result = boardAtEnd({
    challenges: [flat(1, 400), flat(2, 300), flat(3, 200), flat(4, 100)],
    teams: [team(1, 1), team(2, 2), team(3, 1), team(4)],
    divisions: [division(2, All & ~RankOverall), division(1, All), division(3, All)],
    solves: [solve(2, 1, 1), solve(1, 2, 2), solve(4, 3, 3), solve(3, 4, 4)],
  });

  it('ranks overall only the teams whose division has RankOverall, and every team inside its division', () => {
    expect(result.items.map((item) => [item.id, item.score, item.rank, item.divisionId, item.divisionRank])).toEqual([
      [102, 400, 0, 2, 1],
      [101, 300, 1, 1, 1],
      [104, 200, 2, null, null],
      [103, 100, 3, 1, 2],
    ]);
  });

  it('draws the overall top of ranked teams and one top per division that has teams', () => {
    expect(result.timelines.map((line) => line.divisionId)).toEqual([0, 1, 2]);
    expect(timeline(result, 0)).toEqual([101, 104, 103]);
    expect(timeline(result, 1)).toEqual([101, 103]);
    expect(timeline(result, 2)).toEqual([102]);
    expect(result.divisions.map((item) => item.id)).toEqual([1, 2, 3]);
  });

  it('treats a team naming an unknown division as having none', () => {
    const stray = boardAtEnd({
      challenges: [challenge(1)],
      teams: [team(1, 99)],
      divisions: [],
      solves: [solve(1, 1, 1)],
    });
    expect(row(stray, 101)).toMatchObject({ divisionId: null, divisionRank: null, rank: 1, score: 1050 });
  });
});

describe('computeScoreboard: divisions and merged solves', () => {
  it('gives the same board from rows read at once and from solves merged in later', () => {
    const teams = Array.from({ length: 12 }, (_, index) => team(index + 1, [null, 5, 6][index % 3] ?? null));
    const divisions = [
      division(5, All & ~(GetBlood | RankOverall)),
      division(6, All, { 2: All & ~AffectDynamicScore }),
    ];
    const challenges = [challenge(1), challenge(2), challenge(3, { deadline: at(300) })];
    const solves: ScoreboardSolveInput[] = [];
    let minute = 0;
    for (let c = 1; c <= 3; c++) {
      for (let t = 1; t <= 12; t++) {
        if ((t + c) % 4 === 0) continue;
        minute += 7;
        solves.push(solve(t, c, minute));
      }
    }
    const whole = computeScoreboard(input({ challenges, teams, divisions, solves }), { now: END });
    const half = Math.floor(solves.length / 2);
    const merged = mergeSolves(solves.slice(0, half), solves.slice(half).reverse());
    expect(computeScoreboard(input({ challenges, teams, divisions, solves: merged }), { now: END })).toEqual(whole);
  });
});
