import type { ProfileUserInfoModel, UserInfoModel } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { formatUserTime, userFacts } from './user-facts';

const profile: ProfileUserInfoModel = {
  userId: '0b7c1f2e-5d4a-4e8b-9c3d-2a1b0c9d8e7f',
  role: 'User',
  userName: 'alice',
  email: 'alice@example.com',
  bio: 'hi',
  phone: null,
  realName: 'Alice Liddell',
  stdNumber: '  ',
  avatar: null,
};

const row: UserInfoModel = {
  id: profile.userId,
  userName: 'alice',
  realName: 'Old name',
  stdNumber: null,
  phone: null,
  bio: null,
  registerTimeUtc: new Date(2026, 0, 2, 3, 4, 5).getTime(),
  lastVisitedUtc: 0,
  ip: '',
  email: 'alice@example.com',
  avatar: null,
  role: 'User',
  emailConfirmed: true,
};

describe('userFacts', () => {
  it('shows the loaded profile, with a dash for empty fields', () => {
    expect(userFacts(profile, null)).toEqual([
      { label: 'id', value: profile.userId, mono: true },
      { label: 'email', value: 'alice@example.com', mono: false },
      { label: 'realName', value: 'Alice Liddell', mono: false },
      { label: 'stdNumber', value: '—', mono: false },
      { label: 'phone', value: '—', mono: false },
    ]);
  });

  it('adds the activity of the list row, never seen as a dash', () => {
    const facts = userFacts(profile, row);
    expect(facts.find((fact) => fact.label === 'realName')?.value).toBe('Alice Liddell');
    expect(facts.slice(-2)).toEqual([
      { label: 'registered', value: '2026-01-02 03:04:05', mono: true },
      { label: 'lastSeen', value: '— · —', mono: true },
    ]);
    const seen = { ...row, lastVisitedUtc: new Date(2026, 0, 3, 4, 5, 6).getTime(), ip: '10.0.0.7' };
    expect(userFacts(profile, seen).at(-1)?.value).toBe('2026-01-03 04:05:06 · 10.0.0.7');
  });

  it('formats times, 0 meaning never', () => {
    expect(formatUserTime(0)).toBe('—');
    expect(formatUserTime(new Date(2026, 4, 6, 7, 8, 9).getTime())).toBe('2026-05-06 07:08:09');
  });
});
