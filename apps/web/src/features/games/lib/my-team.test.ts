import type { ScoreboardItem } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { findMyTeam } from './my-team';

const row = (id: number, name: string): ScoreboardItem => ({
  id,
  name,
  bio: null,
  divisionId: null,
  avatar: null,
  score: 0,
  rank: id,
  divisionRank: null,
  lastSubmissionTime: 0,
  solvedChallenges: [],
  solvedCount: 0,
});

// Two teams share a name: only the id tells them apart.
const items = [row(1, 'Hackers'), row(2, 'Hackers'), row(3, 'Others')];

describe('findMyTeam', () => {
  it('matches the team id from the own board, not the name', () => {
    expect(findMyTeam(items, { teamName: 'Hackers', teamId: 2, myTeamIds: null })?.id).toBe(2);
  });

  it('finds nothing when the team is not on the board yet', () => {
    expect(findMyTeam(items, { teamName: 'Hackers', teamId: 9, myTeamIds: null })).toBeNull();
  });

  it('finds nothing for a caller who does not take part', () => {
    expect(findMyTeam(items, { teamName: null, teamId: null, myTeamIds: [1] })).toBeNull();
  });

  it('falls back to the caller’s own team ids when the own board is closed', () => {
    expect(findMyTeam(items, { teamName: 'Hackers', teamId: null, myTeamIds: [2, 7] })?.id).toBe(2);
  });

  it('ignores another of the caller’s teams that plays the game without them', () => {
    expect(findMyTeam(items, { teamName: 'Hackers', teamId: null, myTeamIds: [3, 2] })?.id).toBe(2);
  });

  it('gives up rather than guess when the ids leave more than one row', () => {
    expect(findMyTeam(items, { teamName: 'Hackers', teamId: null, myTeamIds: [1, 2] })).toBeNull();
    expect(findMyTeam(items, { teamName: 'Hackers', teamId: null, myTeamIds: null })).toBeNull();
  });
});
