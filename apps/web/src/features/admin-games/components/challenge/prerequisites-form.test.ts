import type { ChallengeInfoModel } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { prerequisiteOptions, prerequisitesInput, prerequisiteValues } from './prerequisites-form';

describe('prerequisites form', () => {
  it('reads the saved rule: all, or any N', () => {
    expect(prerequisiteValues(null)).toEqual({ challengeIds: [], mode: 'all', count: 1, hidden: false });
    expect(prerequisiteValues({ challengeIds: [3, 4, 5], count: 2, hidden: true })).toEqual({
      challengeIds: ['3', '4', '5'],
      mode: 'any',
      count: 2,
      hidden: true,
    });
  });

  it('sends all, any N, or nothing to remove them', () => {
    const base = { challengeIds: ['3', '4', '5'], mode: 'all' as const, count: 2, hidden: false };
    expect(prerequisitesInput(base)).toEqual({ challengeIds: [3, 4, 5], count: null, hidden: false });
    expect(prerequisitesInput({ ...base, mode: 'any', hidden: true })).toEqual({
      challengeIds: [3, 4, 5],
      count: 2,
      hidden: true,
    });
    // Any 3 of 3 is all of them.
    expect(prerequisitesInput({ ...base, mode: 'any', count: 3 }).count).toBeNull();
    expect(prerequisitesInput({ ...base, challengeIds: [], hidden: true })).toEqual({
      challengeIds: [],
      count: null,
      hidden: false,
    });
  });

  it('offers the other challenges of the game by title', () => {
    const challenge = (id: number, title: string) => ({ id, title, category: 'Web' }) as ChallengeInfoModel;
    expect(prerequisiteOptions([challenge(1, 'Self'), challenge(2, 'Zed'), challenge(3, 'Alpha')], 1)).toEqual([
      { value: '3', label: 'Alpha (Web)' },
      { value: '2', label: 'Zed (Web)' },
    ]);
  });
});
