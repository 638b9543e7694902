import { describe, expect, it } from 'vitest';
import { accessByChallenge, accessOf, isUnlocked, type PrerequisiteRule, prerequisiteProblem } from './prerequisites';

const all = (ids: number[], hidden = false): PrerequisiteRule => ({ requiredIds: ids, count: null, hidden });
const any = (count: number, ids: number[], hidden = false): PrerequisiteRule => ({ requiredIds: ids, count, hidden });

describe('prerequisites', () => {
  it('opens a challenge without a rule or with an empty one', () => {
    expect(isUnlocked(undefined, new Set())).toBe(true);
    expect(isUnlocked(all([]), new Set())).toBe(true);
  });

  it('needs every required challenge in mode all', () => {
    expect(isUnlocked(all([1, 2]), new Set([1]))).toBe(false);
    expect(isUnlocked(all([1, 2]), new Set([1, 2, 7]))).toBe(true);
  });

  it('needs any N in mode any N, and N above the list means all', () => {
    expect(isUnlocked(any(2, [1, 2, 3]), new Set([3]))).toBe(false);
    expect(isUnlocked(any(2, [1, 2, 3]), new Set([3, 1]))).toBe(true);
    expect(isUnlocked(any(5, [1, 2]), new Set([1]))).toBe(false);
    expect(isUnlocked(any(5, [1, 2]), new Set([1, 2]))).toBe(true);
  });

  it('tells locked from hidden until met, then open', () => {
    expect(accessOf(all([1]), new Set())).toBe('locked');
    expect(accessOf(all([1], true), new Set())).toBe('hidden');
    expect(accessOf(all([1], true), new Set([1]))).toBe('open');
    const rules = new Map([
      [4, all([1])],
      [5, any(1, [1, 2], true)],
      [6, all([1, 2], true)],
    ]);
    expect([...accessByChallenge(rules, new Set([2]))]).toEqual([
      [4, 'locked'],
      [5, 'open'],
      [6, 'hidden'],
    ]);
  });

  it('refuses self-reference, other games and cycles on save', () => {
    const game = new Set([1, 2, 3, 4]);
    const rules = new Map([
      [2, all([1])],
      [3, all([2])],
    ]);
    expect(prerequisiteProblem(1, [1], rules, game)).toBe('self');
    expect(prerequisiteProblem(1, [99], rules, game)).toBe('unknown');
    expect(prerequisiteProblem(1, [3], rules, game)).toBe('cycle');
    expect(prerequisiteProblem(4, [3], rules, game)).toBeNull();
    // Replacing 2's own rule is not a cycle through its old rule.
    expect(prerequisiteProblem(2, [4], rules, game)).toBeNull();
  });
});
