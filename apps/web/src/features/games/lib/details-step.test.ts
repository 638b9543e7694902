import type { ChallengeInfo, GameDetailModel, ScoreboardDelta, ScoreboardItem } from '@flagpole/contract';
import { packBloodBonus } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { detailsStep } from './details-step';

const T0 = Date.UTC(2026, 5, 1, 8);

const column = (id: number, score: number, solved: number): ChallengeInfo => ({
  id,
  title: `Challenge ${id}`,
  category: 'Web',
  score,
  solved,
  deadline: null,
  bloods: [],
  disableBloodBonus: false,
});

/** The caller's team (id 5): a first blood of challenge 1 and a plain solve of challenge 2, both at 1000. */
const mine: ScoreboardItem = {
  id: 5,
  name: 'mine',
  bio: null,
  divisionId: null,
  avatar: null,
  score: 2050,
  rank: 3,
  divisionRank: null,
  lastSubmissionTime: T0 + 2000,
  solvedChallenges: [
    { id: 1, score: 1050, type: 'FirstBlood', userName: 'me', time: T0 + 1000 },
    { id: 2, score: 1000, type: 'Normal', userName: 'me', time: T0 + 2000 },
  ],
  solvedCount: 2,
};

const held: GameDetailModel = {
  challenges: { Web: [column(1, 1000, 3), column(2, 1000, 4), column(3, 1000, 0)] },
  challengeCount: 3,
  rank: mine,
  teamToken: 'token',
  writeupRequired: false,
  writeupDeadline: T0,
};

const delta = (challenges: ChallengeInfo[], rows: ScoreboardDelta['rows'] = []): ScoreboardDelta => ({
  base: 'v1',
  version: 'v2',
  updateTimeUtc: T0 + 5000,
  challenges,
  rows,
});

/** The delta's row of team 9, which just solved challenge `id`. */
const otherTeamSolved = (id: number): ScoreboardDelta['rows'] => [
  {
    id: 9,
    lastSubmissionTime: T0 + 5000,
    solvedChallenges: [{ id, score: 900, type: 'Normal', userName: 'them', time: T0 + 5000 }],
  },
];

const bonus = packBloodBonus({ first: 50, second: 30, third: 10 });

describe('detailsStep: what a scoreboard message does to the player board', () => {
  it('updates the solved challenge’s card from the delta when another team solved it, without a request', () => {
    const step = detailsStep(
      held,
      { gameId: 1, version: 'v2', delta: delta([column(3, 900, 1)], otherTeamSolved(3)) },
      bonus,
    );
    expect(step.kind).toBe('update');
    if (step.kind !== 'update') return;
    expect(step.details.challenges.Web?.map((info) => [info.id, info.score, info.solved])).toEqual([
      [1, 1000, 3],
      [2, 1000, 4],
      [3, 900, 1],
    ]);
    // The team's row is untouched: it has no solve of challenge 3.
    expect(step.details.rank).toBe(mine);
  });

  it('re-prices the team’s own solves of a challenge whose value fell, bloods with the game’s bonus', () => {
    const change = { gameId: 1, delta: delta([column(1, 900, 4), column(2, 800, 5)], otherTeamSolved(1)) };
    const step = detailsStep(held, change, bonus);
    expect(step.kind).toBe('update');
    if (step.kind !== 'update') return;
    expect(step.details.rank?.solvedChallenges.map((solve) => solve.score)).toEqual([945, 800]);
    expect(step.details.rank?.score).toBe(1745);
    expect(step.details.rank?.rank).toBe(3);
  });

  it('re-prices a plain solve without knowing the blood bonus, but fetches when one of the team’s bloods moves', () => {
    const plain = detailsStep(held, { gameId: 1, delta: delta([column(2, 800, 5)], otherTeamSolved(2)) }, undefined);
    expect(plain.kind === 'update' && plain.details.rank?.score).toBe(1850);
    const blood = detailsStep(held, { gameId: 1, delta: delta([column(1, 900, 4)], otherTeamSolved(1)) }, undefined);
    expect(blood).toEqual({ kind: 'refetch' });
  });

  it('keeps the team’s awards and hint deductions in its total when its solves are re-priced', () => {
    const award = { kind: 'Award' as const, points: -50, reason: 'flag sharing', challengeId: null, time: T0 };
    const penalised = { ...held, rank: held.rank && { ...held.rank, adjustments: [award] } };
    const change = { gameId: 1, delta: delta([column(2, 800, 5)], otherTeamSolved(2)) };
    const step = detailsStep(penalised, change, bonus);
    expect(step.kind === 'update' && step.details.rank?.score).toBe(1800);
  });

  it('fetches again when the team itself solved', () => {
    const rows = [{ id: 5, lastSubmissionTime: T0 + 5000, solvedChallenges: [...mine.solvedChallenges] }];
    expect(detailsStep(held, { gameId: 1, delta: delta([column(3, 1000, 1)], rows) }, bonus)).toEqual({
      kind: 'refetch',
    });
  });

  it('fetches again when the change is not one of solves (no delta: a challenge added, enabled or edited)', () => {
    expect(detailsStep(held, { gameId: 1, version: 'v3' }, bonus)).toEqual({ kind: 'refetch' });
    expect(detailsStep(held, { gameId: 1 }, bonus)).toEqual({ kind: 'refetch' });
  });

  it('keeps the board when the change touches only challenges the team does not see, or none is held', () => {
    expect(detailsStep(held, { gameId: 1, delta: delta([column(42, 700, 9)], otherTeamSolved(42)) }, bonus)).toEqual({
      kind: 'keep',
    });
    expect(detailsStep(undefined, { gameId: 1, delta: delta([column(3, 900, 1)]) }, bonus)).toEqual({ kind: 'keep' });
  });

  it('updates an organiser’s preview (no team row) from the delta', () => {
    const preview = { ...held, rank: null, preview: true };
    const step = detailsStep(preview, { gameId: 1, delta: delta([column(1, 900, 4)], otherTeamSolved(1)) }, undefined);
    expect(step.kind === 'update' && step.details.challenges.Web?.[0]?.score).toBe(900);
  });
});
