import type { ChallengeInfoModel, Division, GameNotice, ParticipationInfoModel } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { matchChallenges } from './challenges-page';
import { shownDivisions } from './game-divisions-page';
import { shownNotices } from './game-notices-page';
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

describe('shownNotices', () => {
  const notice = (id: number, time: number, text: string): GameNotice => ({ id, time, type: 'Normal', values: [text] });
  const list = [notice(1, 10, 'Welcome'), notice(2, 30, 'Hint for Rusty RSA'), notice(3, 20, 'Server restart')];
  it('shows the newest first and keeps those containing the text, in any case', () => {
    expect(shownNotices(list, '').map((item) => item.id)).toEqual([2, 3, 1]);
    expect(shownNotices(list, 'RSA').map((item) => item.id)).toEqual([2]);
    expect(shownNotices(list, '  ')).toHaveLength(3);
  });
});

describe('shownDivisions', () => {
  const division = (id: number, name: string, inviteCode: string | null) =>
    ({ id, name, inviteCode, defaultPermissions: 0, challengeConfigs: [] }) as Division;
  const list = [division(1, 'Students', 'uni-2026'), division(2, 'Open', null), division(3, 'Juniors', null)];
  it("keeps the organiser's order and matches name or invitation code in any case", () => {
    expect(shownDivisions(list, '').map((item) => item.id)).toEqual([1, 2, 3]);
    expect(shownDivisions(list, 'UNI-20').map((item) => item.id)).toEqual([1]);
    expect(shownDivisions(list, 'n').map((item) => item.id)).toEqual([1, 2, 3]);
    expect(shownDivisions(list, 'open').map((item) => item.id)).toEqual([2]);
  });
});
