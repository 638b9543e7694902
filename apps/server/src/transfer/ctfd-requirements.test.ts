import type { ImportNote } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { dropCycles, prerequisitesOf } from './ctfd-requirements';
import type { PlanChallenge } from './import-plan';
import { prerequisiteGraphProblem } from './transfer-prerequisites';

const rules = (entries: Array<[number, number[]]>) => new Map(entries);

describe('prerequisiteGraphProblem', () => {
  it('accepts chains and shared prerequisites', () => {
    expect(
      prerequisiteGraphProblem(
        rules([
          [1, []],
          [2, [1]],
          [3, [1, 2]],
        ]),
      ),
    ).toBeNull();
  });

  it('finds a challenge requiring itself, an unknown one and a cycle', () => {
    expect(prerequisiteGraphProblem(rules([[1, [1]]]))).toEqual({ kind: 'self', challenge: 1 });
    expect(prerequisiteGraphProblem(rules([[1, [7]]]))).toEqual({ kind: 'unknown', challenge: 1, id: 7 });
    expect(
      prerequisiteGraphProblem(
        rules([
          [1, []],
          [2, [3]],
          [3, [4]],
          [4, [2]],
        ]),
      ),
    ).toEqual({
      kind: 'cycle',
      challenge: 2,
    });
  });
});

describe('CTFd requirements', () => {
  const notes: string[] = [];
  const note = (_kind: string, detail = '') => notes.push(detail);
  const row = (requirements: unknown) => ({ id: 5, requirements }) as Parameters<typeof prerequisitesOf>[0];
  const ids = new Set([1, 2, 5]);

  it('reads all-of prerequisites, hidden unless anonymised, from an object or its JSON text', () => {
    expect(prerequisitesOf(row({ prerequisites: [1, 2] }), ids, note)).toEqual({
      requiredSourceIds: [1, 2],
      count: null,
      hidden: true,
    });
    expect(prerequisitesOf(row('{"prerequisites": [2], "anonymize": true}'), ids, note)).toEqual({
      requiredSourceIds: [2],
      count: null,
      hidden: false,
    });
    expect(prerequisitesOf(row(null), ids, note)).toBeNull();
    expect(prerequisitesOf(row('not json'), ids, note)).toBeNull();
    expect(notes).toEqual([]);
  });

  it('leaves out and notes ids of no challenge, the challenge itself and repeats', () => {
    expect(prerequisitesOf(row({ prerequisites: [9, 5, 1, 1, 'x'] }), ids, note)).toEqual({
      requiredSourceIds: [1],
      count: null,
      hidden: true,
    });
    expect(notes).toEqual(['9', '5', '1', 'x']);
  });

  it('drops the rules that close a cycle, noting each', () => {
    const challenge = (sourceId: number, required: number[]) =>
      ({
        sourceId,
        title: `C${sourceId}`,
        prerequisites: required.length ? { requiredSourceIds: required, count: null, hidden: true } : null,
      }) as PlanChallenge;
    const challenges = [challenge(1, [2]), challenge(2, [1]), challenge(3, [1])];
    const found: ImportNote[] = [];
    dropCycles(challenges, found);
    expect(found).toEqual([{ challenge: 'C1', kind: 'requirementsDropped', detail: 'cycle' }]);
    expect(challenges.map((c) => c.prerequisites?.requiredSourceIds ?? null)).toEqual([null, [1], [1]]);
  });
});
