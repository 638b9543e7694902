import { describe, expect, it } from 'vitest';
import { inviteCodeNeeded, joinRequirements } from './join-divisions';

const open = { id: 1, name: 'Open', inviteCodeRequired: false };
const coded = { id: 2, name: 'Coded', inviteCodeRequired: true };
const closed = { id: 3, name: 'Closed', inviteCodeRequired: false };
const game = { divisions: [open, coded, closed], inviteCodeRequired: true };
const check = { joinedTeams: [], joinableDivisions: [1, 2] };

describe('joinRequirements', () => {
  it('offers the joinable divisions and requires one', () => {
    expect(joinRequirements(game, check, 7)).toEqual({ choices: [open, coded], fixed: null, divisionRequired: true });
  });

  it('asks for no division when none is joinable, or before the check has loaded', () => {
    expect(joinRequirements(game, { joinedTeams: [], joinableDivisions: [] }, 7).divisionRequired).toBe(false);
    expect(joinRequirements({ divisions: null }, undefined, 7)).toEqual({
      choices: [],
      fixed: null,
      divisionRequired: false,
    });
  });

  it('keeps the division of a team whose entry stands, and lets a rejected team choose again', () => {
    const joined = (status: 'Pending' | 'Rejected', division: number | null) => ({
      joinedTeams: [{ id: 7, division, name: 'Seven', status, players: [] }],
      joinableDivisions: [1, 2],
    });
    expect(joinRequirements(game, joined('Pending', 3), 7)).toEqual({
      choices: [],
      fixed: { division: closed },
      divisionRequired: false,
    });
    expect(joinRequirements(game, joined('Pending', null), 7).fixed).toEqual({ division: null });
    expect(joinRequirements(game, joined('Rejected', 3), 7).fixed).toBeNull();
    expect(joinRequirements(game, joined('Pending', 3), 8).fixed).toBeNull();
  });
});

describe('inviteCodeNeeded', () => {
  const requirements = joinRequirements(game, check, 7);
  it('asks for the division’s code, else the game’s', () => {
    expect(inviteCodeNeeded(game, requirements, coded)).toBe('division');
    expect(inviteCodeNeeded(game, requirements, open)).toBe('game');
    expect(inviteCodeNeeded({ inviteCodeRequired: false }, requirements, open)).toBeNull();
    expect(inviteCodeNeeded({ inviteCodeRequired: false }, requirements, null)).toBeNull();
  });

  it('asks for nothing when the team’s entry stands', () => {
    const standing = joinRequirements(
      game,
      { joinedTeams: [{ id: 7, division: 2, name: 'S', status: 'Accepted', players: [] }], joinableDivisions: [] },
      7,
    );
    expect(inviteCodeNeeded(game, standing, coded)).toBeNull();
  });
});
