import type { EvidenceCase, EvidenceSignal } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { signalTimes, sortSignals, splitCases, strengthColor, strengthPercent, teamsLabel } from './evidence-cases';

const signal = (strength: number, times: number[]): EvidenceSignal => ({
  kind: 'SameWrongAnswer',
  strength,
  times,
  challengeId: 1,
  challenge: 'Web',
  detail: 'flag{x}',
});

const evidence = (key: string, strength: number, dismissed = false, updatedAt = 0): EvidenceCase => ({
  key,
  teams: [],
  strength,
  signals: [],
  dismissed,
  updatedAt,
});

describe('evidence cases', () => {
  it('puts the strongest open case first and the dismissed ones apart', () => {
    const { open, dismissed } = splitCases([
      evidence('1-2', 0.4),
      evidence('3-4', 0.9, true),
      evidence('5-6', 0.95),
      evidence('7', 0.4, false, 10),
    ]);
    expect(open.map((c) => c.key)).toEqual(['5-6', '7', '1-2']);
    expect(dismissed.map((c) => c.key)).toEqual(['3-4']);
  });

  it('shows strength as a clamped percentage with a colour by band', () => {
    expect(strengthPercent(0.955)).toBe(96);
    expect(strengthPercent(1.2)).toBe(100);
    expect([strengthColor(0.8), strengthColor(0.5), strengthColor(0.49)]).toEqual(['red', 'orange', 'yellow']);
  });

  it('orders signals by strength, then the earliest first, and their times once each', () => {
    const sorted = sortSignals([signal(0.3, [50]), signal(0.6, [90]), signal(0.3, [20, 5])]);
    expect(sorted.map((s) => s.times[0])).toEqual([90, 20, 50]);
    expect(signalTimes(signal(0.3, [30, 10, 30]))).toEqual([10, 30]);
  });

  it('names the teams of a case', () => {
    const pair = evidence('1-2', 0.5);
    pair.teams = [
      { participationId: 1, teamId: 10, name: 'Red', status: 'Accepted', divisionId: null },
      { participationId: 2, teamId: 20, name: 'Blue', status: 'Suspended', divisionId: 3 },
    ];
    expect(teamsLabel(pair)).toBe('Red / Blue');
  });
});
