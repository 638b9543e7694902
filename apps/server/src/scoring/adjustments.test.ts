import { describe, expect, it } from 'vitest';
import { at, board, challenge, row, solve, teams } from './board-inputs';
import { frozenInput } from './freeze';
import type { ScoreboardAwardInput, ScoreboardHintChargeInput } from './types';

/*
 * Hand-computed boards for hint costs and awards (adjustments.ts). Challenges are worth 1000 with blood bonuses off,
 * and each is solved once, so every solve is worth exactly 1000 (dynamicScore with n = 1).
 */
const plain = (id: number) => challenge(id, { disableBloodBonus: true });

function charge(
  participationId: number,
  challengeId: number,
  kind: 'Points' | 'RewardShare',
  cost: number,
  minutes: number,
  allowNegative = false,
): ScoreboardHintChargeInput {
  return { participationId, challengeId, kind, cost, allowNegative, time: at(minutes) };
}

function award(
  participationId: number,
  points: number,
  minutes: number,
  countsForTieBreak = false,
): ScoreboardAwardInput {
  return { participationId, points, reason: `reason ${points}`, countsForTieBreak, time: at(minutes) };
}

describe('reward-share hints', () => {
  it('take their percentage of the reward only from a solve made after the unlock', () => {
    const result = board({
      challenges: [plain(1), plain(2), plain(3), plain(4)],
      teams: teams(4),
      solves: [solve(1, 1, 10), solve(2, 2, 15), solve(4, 4, 30)],
      hintCharges: [
        charge(1, 1, 'RewardShare', 30, 5), // before the solve: 1000 - 300
        charge(2, 2, 'RewardShare', 50, 20), // after the solve: free
        charge(3, 3, 'RewardShare', 40, 5), // never solved: free
        charge(4, 4, 'RewardShare', 60, 1), // 60 + 50 = 110, capped at 100: the solve is worth 0
        charge(4, 4, 'RewardShare', 50, 2),
      ],
    });
    expect(row(result, 101).score).toBe(700);
    expect(row(result, 101).adjustments).toEqual([
      { kind: 'HintShare', points: -300, reason: null, challengeId: 1, time: at(10) },
    ]);
    expect(row(result, 101).solvedChallenges[0]?.score).toBe(1000);
    expect(row(result, 102).score).toBe(1000);
    expect(row(result, 102).adjustments).toBeUndefined();
    expect(row(result, 103).score).toBe(0);
    expect(row(result, 104).score).toBe(0);
    expect(result.items.map((item) => item.id)).toEqual([102, 101, 104, 103]);
  });
});

describe('points hints', () => {
  it('take their cost at once, but not below zero unless the hint allows it', () => {
    const result = board({
      challenges: [plain(1)],
      teams: teams(3),
      solves: [solve(1, 1, 10)],
      hintCharges: [
        charge(1, 1, 'Points', 300, 5),
        charge(2, 1, 'Points', 100, 5), // 0 held: charged 0
        charge(3, 1, 'Points', 100, 6, true), // allowed: -100
      ],
    });
    expect(row(result, 101).score).toBe(700);
    expect(row(result, 102).score).toBe(0);
    expect(row(result, 102).adjustments).toEqual([
      { kind: 'HintPoints', points: 0, reason: null, challengeId: 1, time: at(5) },
    ]);
    expect(row(result, 103).score).toBe(-100);
    expect(result.items.map((item) => item.id)).toEqual([101, 102, 103]);
  });

  it('stop at zero across several charges, in time order', () => {
    const result = board({
      challenges: [plain(1), plain(2)],
      teams: teams(1),
      solves: [solve(1, 1, 10)],
      hintCharges: [charge(1, 2, 'Points', 600, 20), charge(1, 2, 'Points', 600, 30)],
    });
    expect(row(result, 101).score).toBe(0);
    expect(row(result, 101).adjustments?.map((adjustment) => adjustment.points)).toEqual([-600, -400]);
  });

  it('cost nothing for a challenge that is disabled or not released yet', () => {
    const result = board(
      {
        challenges: [plain(1), challenge(2, { enabled: false }), challenge(3, { release: at(500) })],
        teams: teams(1),
        solves: [solve(1, 1, 10)],
        hintCharges: [charge(1, 2, 'Points', 100, 20), charge(1, 3, 'Points', 100, 20)],
      },
      at(100),
    );
    expect(row(result, 101).score).toBe(1000);
    expect(row(result, 101).adjustments).toBeUndefined();
  });
});

describe('awards and penalties', () => {
  it('add signed points; one counting for tie-breaks moves the last scoring time', () => {
    const base = {
      challenges: [plain(1), plain(2)],
      teams: teams(2),
      solves: [solve(1, 1, 10), solve(2, 2, 15)],
    };
    // Both end on 1000: team 1 by its solve at 10, team 2 by 1000 + 500 - 500 with the tie-break award at 5.
    const early = board({ ...base, awards: [award(2, 500, 5, true), award(2, -500, 30)] });
    expect(row(early, 102).score).toBe(1000);
    expect(row(early, 102).lastSubmissionTime).toBe(at(15));
    expect(early.items.map((item) => item.id)).toEqual([101, 102]);
    // The same award at 40, counting for tie-breaks: team 2's last scoring time is 40, still after team 1.
    const late = board({ ...base, awards: [award(2, 500, 40, true), award(2, -500, 30)] });
    expect(row(late, 102).lastSubmissionTime).toBe(at(40));
    expect(row(late, 102).adjustments?.map((adjustment) => adjustment.points)).toEqual([-500, 500]);
    // A penalty on team 1 puts team 2 first.
    const penalised = board({ ...base, awards: [award(1, -1, 50)] });
    expect(penalised.items.map((item) => item.id)).toEqual([102, 101]);
    expect(row(penalised, 101).adjustments?.[0]?.reason).toBe('reason -1');
  });

  it('are ignored for a team not on the board', () => {
    const result = board({ challenges: [plain(1)], teams: teams(1), solves: [], awards: [award(9, 100, 5)] });
    expect(row(result, 101).score).toBe(0);
  });
});

describe('the freeze', () => {
  it('hides hint charges and awards made from the freeze on, like solves', () => {
    const input = {
      challenges: [plain(1)],
      teams: teams(1),
      solves: [solve(1, 1, 10)],
      hintCharges: [charge(1, 1, 'Points', 100, 20), charge(1, 1, 'Points', 200, 40)],
      awards: [award(1, 50, 25), award(1, 70, 30)],
    };
    const frozen = frozenInput(
      { ...input, game: { start: 0, end: 1, bloodBonus: 0, practiceMode: false }, divisions: [] },
      at(30),
    );
    const result = board({ ...input, hintCharges: frozen.hintCharges, awards: frozen.awards });
    expect(row(result, 101).score).toBe(1000 - 100 + 50);
  });
});

describe('phase boards', () => {
  it('keep the hint charges of the phase’s challenges and leave awards to the whole game', async () => {
    const { phaseInput } = await import('./phase');
    const input = {
      game: { start: at(0), end: at(600), bloodBonus: 0, practiceMode: false },
      divisions: [],
      challenges: [challenge(1, { phaseId: 7, disableBloodBonus: true }), challenge(2, { disableBloodBonus: true })],
      teams: teams(1),
      solves: [solve(1, 1, 10), solve(1, 2, 11)],
      phases: [{ id: 7, title: 'Week 1', start: at(0) }],
      hintCharges: [charge(1, 1, 'Points', 100, 20), charge(1, 2, 'Points', 200, 20)],
      awards: [award(1, 50, 25)],
    };
    const phased = phaseInput(input, 7);
    if (!phased) throw new Error('no phase');
    const result = board({ ...phased, game: undefined });
    expect(row(result, 101).score).toBe(1000 - 100);
  });
});
