import type { HintPlayerInfo } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { hintCostText, hintState } from './hint-cost';

const base: HintPlayerInfo = {
  id: 1,
  title: 'Nudge',
  kind: 'Points',
  cost: 50,
  freeAt: null,
  requiresHintId: null,
  unlocked: false,
  unlockedBy: null,
  unlockedAt: null,
  content: null,
};

describe('hint cost in words', () => {
  it('names points, a share of the reward and the time a hint comes free', () => {
    const time = (at: number) => `t${at}`;
    expect(hintCostText(base, time)).toEqual({ key: 'challenges.hints.cost.points', values: { count: 50 } });
    expect(hintCostText({ ...base, kind: 'RewardShare', cost: 25 }, time)).toEqual({
      key: 'challenges.hints.cost.share',
      values: { percent: 25 },
    });
    expect(hintCostText({ ...base, kind: 'FreeAfter', cost: 0, freeAt: 7 }, time)).toEqual({
      key: 'challenges.hints.cost.freeAt',
      values: { time: 't7' },
    });
  });
});

describe('hint state', () => {
  it('blocks a hint until the one it requires is unlocked; a FreeAfter hint waits for its time', () => {
    const first = { ...base, id: 1 };
    const second = { ...base, id: 2, requiresHintId: 1 };
    const later = { ...base, id: 3, kind: 'FreeAfter' as const };
    expect(hintState(second, [first, second])).toBe('blocked');
    expect(hintState(second, [{ ...first, unlocked: true }, second])).toBe('available');
    expect(hintState(first, [first])).toBe('available');
    expect(hintState(later, [later])).toBe('waiting');
    expect(hintState({ ...later, unlocked: true }, [later])).toBe('unlocked');
  });
});
