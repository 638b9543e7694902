import type { ParticipationInfoModel } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { awardBody, awardTeamOptions, emptyAward } from './award-form';

describe('award form', () => {
  it('names the first field that is missing or wrong', () => {
    expect(awardBody(emptyAward)).toBe('team');
    expect(awardBody({ ...emptyAward, teamId: '4' })).toBe('points');
    expect(awardBody({ ...emptyAward, teamId: '4', points: 0 })).toBe('points');
    expect(awardBody({ ...emptyAward, teamId: '4', points: 2.5 })).toBe('points');
    expect(awardBody({ ...emptyAward, teamId: '4', points: 2_000_000 })).toBe('points');
    expect(awardBody({ ...emptyAward, teamId: '4', points: -20, reason: '   ' })).toBe('reason');
  });

  it('sends negative points as a penalty, with the reason trimmed', () => {
    expect(awardBody({ teamId: '4', points: -20, reason: ' flag sharing ', countsForTieBreak: true })).toEqual({
      teamId: 4,
      points: -20,
      reason: 'flag sharing',
      countsForTieBreak: true,
    });
  });

  it('offers accepted teams only, by name', () => {
    const participation = (id: number, name: string, status: string) =>
      ({ id, status, team: { id: id * 10, name } }) as unknown as ParticipationInfoModel;
    const options = awardTeamOptions([
      participation(1, 'Zeta', 'Accepted'),
      participation(2, 'Alpha', 'Accepted'),
      participation(3, 'Pending team', 'Pending'),
    ]);
    expect(options).toEqual([
      { value: '20', label: 'Alpha' },
      { value: '10', label: 'Zeta' },
    ]);
  });
});
