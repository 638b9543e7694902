import type { ParticipationInfoModel } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { pendingOf, reviewEach } from './bulk-review';

const entry = (id: number, name: string, status: ParticipationInfoModel['status']) =>
  ({ id, status, divisionId: null, team: { name } }) as unknown as ParticipationInfoModel;

describe('pendingOf', () => {
  it('keeps only the entries waiting for review', () => {
    const list = [entry(1, 'a', 'Pending'), entry(2, 'b', 'Accepted'), entry(3, 'c', 'Pending')];
    expect(pendingOf(list).map((item) => item.id)).toEqual([1, 3]);
  });
});

describe('reviewEach', () => {
  it('reviews every entry, reports each one, and goes on after a refusal', async () => {
    const seen: number[] = [];
    const outcomes = await reviewEach(
      [entry(1, 'Alpha', 'Pending'), entry(2, 'Beta', 'Pending'), entry(3, 'Gamma', 'Pending')],
      'Accepted',
      async (item, to) => {
        seen.push(item.id);
        expect(to).toBe('Accepted');
        if (item.id === 2) throw new Error('already rejected');
      },
      (error) => (error as Error).message,
    );
    expect(seen).toEqual([1, 2, 3]);
    expect(outcomes).toEqual([
      { id: 1, team: 'Alpha', done: true, reason: null },
      { id: 2, team: 'Beta', done: false, reason: 'already rejected' },
      { id: 3, team: 'Gamma', done: true, reason: null },
    ]);
  });
});
