import { describe, expect, it } from 'vitest';
import {
  CLOSE_WINDOW_MS,
  closeSequenceStrength,
  combineStrength,
  computeCases,
  crowdScaled,
  type EvidenceInput,
  longestIncreasing,
  normaliseAnswer,
} from './evidence-rules';

const MIN = 60_000;
const empty: EvidenceInput = {
  wrongTeamFlags: [],
  wrongAnswers: [],
  solves: [],
  sessions: [],
  accesses: [],
  gatedChallengeIds: [],
};

describe('strength', () => {
  it('combines signals as a noisy or', () => {
    expect(combineStrength([])).toBe(0);
    expect(combineStrength([0.5])).toBe(0.5);
    expect(combineStrength([0.5, 0.5])).toBe(0.75);
    expect(combineStrength([0.95, 0.3])).toBe(0.965);
  });
  it('weakens a value shared by a crowd and drops it beyond CROWD teams', () => {
    expect(crowdScaled(0.3, 2)).toBe(0.3);
    expect(crowdScaled(0.3, 4)).toBe(0.15);
    expect(crowdScaled(0.3, 5)).toBe(0);
    expect(crowdScaled(0.3, 1)).toBe(0);
  });
  it('grows with the number of close solves', () => {
    expect(closeSequenceStrength(2)).toBe(0);
    expect(closeSequenceStrength(3)).toBe(0.3);
    expect(closeSequenceStrength(5)).toBe(0.6);
    expect(closeSequenceStrength(20)).toBe(0.85);
  });
});

describe('signals', () => {
  it('a wrong-team flag is the strongest signal', () => {
    const cases = computeCases({
      ...empty,
      wrongTeamFlags: [{ submitParticipationId: 7, sourceParticipationId: 3, challengeId: 1, at: 5, answer: 'f' }],
    });
    expect(cases).toEqual([
      {
        key: '3-7',
        participationIds: [3, 7],
        strength: 0.95,
        signals: [{ kind: 'WrongTeamFlag', strength: 0.95, times: [5], challengeId: 1, detail: 'f' }],
      },
    ]);
  });

  it('the same wrong answer, normalised, from two teams; not from one team twice, not a crowd guess', () => {
    expect(normaliseAnswer('  Flag{ A  b }\n')).toBe('flag{ a b }');
    const wrong = (participationId: number, answer: string, challengeId = 1) => ({
      participationId,
      challengeId,
      answer,
      at: participationId * MIN,
    });
    const cases = computeCases({
      ...empty,
      wrongAnswers: [
        wrong(1, 'flag{typo}'),
        wrong(2, ' FLAG{typo} '),
        wrong(1, 'flag{mine}'),
        wrong(1, 'flag{mine}'),
        wrong(3, 'flag{typo}', 2),
        ...[4, 5, 6, 7, 8].map((p) => wrong(p, 'flag{test}')),
      ],
    });
    expect(cases.map((c) => [c.key, c.signals.map((s) => [s.kind, s.detail, s.times])])).toEqual([
      ['1-2', [['SameWrongAnswer', 'flag{typo}', [MIN, 2 * MIN]]]],
    ]);
  });

  it('sessions from one address or one fingerprint; a campus NAT shared by many teams is not a signal', () => {
    const session = (participationId: number, ip: string, userAgent: string | null, language: string | null) => ({
      participationId,
      ip,
      userAgent,
      language,
      at: participationId,
    });
    const cases = computeCases({
      ...empty,
      sessions: [
        session(1, '10.0.0.1', 'UA-1', 'de'),
        session(2, '10.0.0.1', 'UA-2', 'de'),
        session(3, '10.0.0.3', 'UA-1', 'de'),
        session(4, '10.0.0.4', 'UA-1', 'fr'),
        session(10, '10.0.0.10', 'UA-9', null),
        session(11, '10.0.0.11', 'UA-9', null),
        ...[5, 6, 7, 8, 9].map((p) => session(p, '192.168.0.1', null, null)),
      ],
    });
    expect(cases.map((c) => [c.key, c.strength, c.signals.map((s) => s.kind)])).toEqual([
      ['1-2', 0.3, ['SharedAddress']],
      ['1-3', 0.1, ['SharedFingerprint']],
    ]);
  });

  it('a gated challenge solved before any access, paired with the solve just before it', () => {
    const cases = computeCases({
      ...empty,
      gatedChallengeIds: [1],
      solves: [
        { participationId: 1, challengeId: 1, at: 10 * MIN },
        { participationId: 2, challengeId: 1, at: 12 * MIN },
        { participationId: 3, challengeId: 1, at: 30 * MIN },
        { participationId: 4, challengeId: 1, at: 1 * MIN },
        { participationId: 5, challengeId: 2, at: 1 * MIN },
      ],
      accesses: [
        { participationId: 1, challengeId: 1, at: 9 * MIN },
        { participationId: 2, challengeId: 1, at: 13 * MIN },
        { participationId: 3, challengeId: 1, at: 20 * MIN },
      ],
    });
    const before = cases.filter((c) => c.signals.some((s) => s.kind === 'SolveBeforeAccess'));
    expect(before.map((c) => [c.key, c.signals[0]?.detail, c.signals[0]?.times])).toEqual([
      ['1-2', 'before', [12 * MIN, 13 * MIN, 10 * MIN]],
      ['4', 'never', [MIN]],
    ]);
  });

  it('close solves in the same order: k ≥ 3 within the window', () => {
    const solve = (participationId: number, challengeId: number, minute: number) => ({
      participationId,
      challengeId,
      at: minute * MIN,
    });
    const cases = computeCases({
      ...empty,
      solves: [
        ...[1, 2, 3, 4].map((c) => solve(1, c, c * 20)),
        ...[1, 2, 3, 4].map((c) => solve(2, c, c * 20 + 2)),
        // teams 5 and 6: three solves each within the window of the other's, but in the reverse order
        ...[11, 12, 13].map((c) => solve(5, c, c)),
        ...[11, 12, 13].map((c) => solve(6, c, 26 - c)),
      ],
    });
    const close = cases.filter((c) => c.signals.some((s) => s.kind === 'CloseSolveSequence'));
    expect(close.map((c) => [c.key, c.strength, c.signals[0]?.detail])).toEqual([['1-2', 0.45, '4']]);
    expect(longestIncreasing([3, 1, 2, 5, 4])).toBe(3);
    expect(CLOSE_WINDOW_MS).toBe(5 * MIN);
  });

  it('a quiet game has no case', () => {
    expect(computeCases(empty)).toEqual([]);
  });
});
