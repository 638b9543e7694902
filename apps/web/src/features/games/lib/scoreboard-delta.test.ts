import type { ChallengeInfo, ScoreboardDelta, ScoreboardItem, ScoreboardModel } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { scoreboardStep } from './scoreboard-delta';

const T0 = Date.UTC(2026, 5, 1, 8);

const column = (score: number, solved: number): ChallengeInfo => ({
  id: 7,
  title: 'Seven',
  category: 'Web',
  score,
  solved,
  deadline: null,
  bloods: [{ id: 1, name: 'one', avatar: null, submitTimeUtc: T0 + 1000 }],
  disableBloodBonus: true,
});

const row = (id: number, score: number, time: number, rank: number): ScoreboardItem => ({
  id,
  name: `team ${id}`,
  bio: null,
  divisionId: null,
  avatar: null,
  score,
  rank,
  divisionRank: null,
  lastSubmissionTime: time,
  solvedChallenges: time === 0 ? [] : [{ id: 7, score, type: 'Normal', userName: null, time }],
  solvedCount: time === 0 ? 0 : 1,
});

const curve = (id: number, score: number, time: number) => ({ id, name: `team ${id}`, items: [{ time, score }] });

/** Team 1 solved challenge 7 alone (1000 points); team 2 has not. */
const before: ScoreboardModel = {
  updateTimeUtc: T0 + 1000,
  bloodBonus: 0,
  timelines: [{ divisionId: 0, teams: [curve(1, 1000, T0 + 1000)] }],
  items: [row(1, 1000, T0 + 1000, 1), row(2, 0, 0, 2)],
  divisions: [],
  challenges: { Web: [column(1000, 1)] },
  challengeCount: 1,
  version: 'v1',
};

/** Team 2 solves it too: the value drops to 800 for both. */
const after: ScoreboardModel = {
  ...before,
  updateTimeUtc: T0 + 2000,
  timelines: [{ divisionId: 0, teams: [curve(1, 800, T0 + 1000), curve(2, 800, T0 + 2000)] }],
  items: [row(1, 800, T0 + 1000, 1), row(2, 800, T0 + 2000, 2)],
  challenges: { Web: [column(800, 2)] },
  version: 'v2',
};

const delta: ScoreboardDelta = {
  base: 'v1',
  version: 'v2',
  updateTimeUtc: T0 + 2000,
  challenges: [column(800, 2)],
  rows: [{ id: 2, lastSubmissionTime: T0 + 2000, solvedChallenges: after.items[1]?.solvedChallenges ?? [] }],
};

describe('scoreboardStep', () => {
  it('applies a delta to the board it was made from, re-pricing the other solvers', () => {
    expect(scoreboardStep(before, { gameId: 1, version: 'v2', delta })).toEqual({ kind: 'apply', board: after });
  });

  it('keeps a board that already is the new version', () => {
    expect(scoreboardStep(after, { gameId: 1, version: 'v2', delta })).toEqual({ kind: 'keep' });
  });

  it('refetches after a gap, without a delta, without a board, or when the delta does not fit', () => {
    const older = { ...before, version: 'v0' };
    expect(scoreboardStep(older, { gameId: 1, version: 'v2', delta })).toEqual({ kind: 'refetch' });
    expect(scoreboardStep(before, { gameId: 1, version: 'v2' })).toEqual({ kind: 'refetch' });
    expect(scoreboardStep(before, { gameId: 1 })).toEqual({ kind: 'refetch' });
    expect(scoreboardStep(undefined, { gameId: 1, version: 'v2', delta })).toEqual({ kind: 'refetch' });
    expect(scoreboardStep({ ...before, version: undefined }, { gameId: 1, version: 'v2', delta })).toEqual({
      kind: 'refetch',
    });
    expect(scoreboardStep(before, { gameId: 1, version: 'v2', delta: { ...delta, order: [2, 9] } })).toEqual({
      kind: 'refetch',
    });
  });
});
