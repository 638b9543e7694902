import type { ChallengeInfoModel, ParticipationInfoModel } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { matchChallenges } from './challenges-page';
import { orderParticipations } from './game-review-page';

const entry = (id: number, name: string, status: ParticipationInfoModel['status']) =>
  ({ id, status, team: { name } }) as unknown as ParticipationInfoModel;

describe('orderParticipations', () => {
  const list = [entry(1, 'beta', 'Accepted'), entry(2, 'Alpha', 'Pending'), entry(3, 'gamma', 'Accepted')];
  it('puts entries waiting for review first, newest first within a status', () => {
    expect(orderParticipations(list, 'pending').map((item) => item.id)).toEqual([2, 3, 1]);
  });
  it('orders by newest entry or by team name, ignoring case', () => {
    expect(orderParticipations(list, 'newest').map((item) => item.id)).toEqual([3, 2, 1]);
    expect(orderParticipations(list, 'name').map((item) => item.id)).toEqual([2, 1, 3]);
  });
});

describe('matchChallenges', () => {
  const challenge = (title: string, category: string) =>
    ({ title, category, type: 'StaticAttachment' }) as unknown as ChallengeInfoModel;
  it('matches title or category in any case, all for a blank text', () => {
    const list = [challenge('Baby RSA', 'Crypto'), challenge('Login', 'Web')];
    expect(matchChallenges(list, 'rsa').map((item) => item.title)).toEqual(['Baby RSA']);
    expect(matchChallenges(list, 'WEB').map((item) => item.title)).toEqual(['Login']);
    expect(matchChallenges(list, '  ')).toHaveLength(2);
  });
});
