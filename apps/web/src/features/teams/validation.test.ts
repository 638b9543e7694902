import { describe, expect, it } from 'vitest';
import {
  captainedCount,
  normaliseInviteCode,
  parseInviteCode,
  teamRights,
  validateInviteCode,
  validateTeamBio,
  validateTeamName,
} from './validation';

const TOKEN = '0123456789abcdef0123456789abcdef';
const t = (key: string) => key;

describe('parseInviteCode', () => {
  it('reads name, id and token', () => {
    expect(parseInviteCode(`Red Team:12:${TOKEN}`)).toEqual({ teamName: 'Red Team', teamId: 12, token: TOKEN });
  });

  it('keeps colons inside the team name', () => {
    expect(parseInviteCode(`a:b:7:${TOKEN}`)).toEqual({ teamName: 'a:b', teamId: 7, token: TOKEN });
  });

  it('ignores surrounding spaces and quotes', () => {
    expect(parseInviteCode(`  "x:3:${TOKEN.toUpperCase()}"  `)).toEqual({ teamName: 'x', teamId: 3, token: TOKEN });
  });

  it.each([
    '',
    'garbage',
    `:12:${TOKEN}`,
    `x:12:${TOKEN.slice(1)}`,
    `x:12:${TOKEN}0`,
    `x:ab:${TOKEN}`,
    `x:0:${TOKEN}`,
    `x:99999999999:${TOKEN}`,
    `x:12:${'g'.repeat(32)}`,
    `${'n'.repeat(200)}:1:${TOKEN}`,
  ])('rejects %j', (code) => {
    expect(parseInviteCode(code)).toBeNull();
  });

  it('normalises what is sent', () => {
    expect(normaliseInviteCode(` "x:3:${TOKEN}" `)).toBe(`x:3:${TOKEN}`);
  });
});

describe('form validators', () => {
  it('team name: 1..20 characters after trimming', () => {
    const validate = validateTeamName(t);
    expect(validate('A')).toBeNull();
    expect(validate('x'.repeat(20))).toBeNull();
    expect(validate('   ')).toBe('teams.validation.nameLength');
    expect(validate('x'.repeat(21))).toBe('teams.validation.nameLength');
  });

  it('team bio: at most 72 characters', () => {
    const validate = validateTeamBio(t);
    expect(validate('')).toBeNull();
    expect(validate('x'.repeat(72))).toBeNull();
    expect(validate('x'.repeat(73))).toBe('teams.validation.bioLength');
  });

  it('invite code', () => {
    const validate = validateInviteCode(t);
    expect(validate(`x:1:${TOKEN}`)).toBeNull();
    expect(validate('x:1:abc')).toBe('teams.validation.inviteCode');
  });
});

describe('teamRights', () => {
  const captain = { id: 'c', userName: 'cap', bio: null, avatar: null, captain: true };
  const member = { id: 'm', userName: 'mem', bio: null, avatar: null, captain: false };

  it('captain of an unlocked team may do everything but leave', () => {
    expect(teamRights({ locked: false, members: [captain, member] }, 'c')).toEqual({
      isCaptain: true,
      canManage: true,
      canKick: true,
      canDelete: true,
      canLeave: false,
      canTransfer: true,
    });
  });

  it('the lock forbids kick, delete and leave but not management', () => {
    const captainRights = teamRights({ locked: true, members: [captain, member] }, 'c');
    expect(captainRights).toMatchObject({ canManage: true, canKick: false, canDelete: false, canTransfer: true });
    expect(teamRights({ locked: true, members: [captain, member] }, 'm').canLeave).toBe(false);
  });

  it('a member may only leave', () => {
    expect(teamRights({ locked: false, members: [captain, member] }, 'm')).toEqual({
      isCaptain: false,
      canManage: false,
      canKick: false,
      canDelete: false,
      canLeave: true,
      canTransfer: false,
    });
  });

  it('a lone captain has nobody to transfer to', () => {
    expect(teamRights({ locked: false, members: [captain] }, 'c').canTransfer).toBe(false);
  });

  it('counts captained teams', () => {
    const teams = [{ members: [captain, member] }, { members: [member] }, {}];
    expect(captainedCount(teams, 'c')).toBe(1);
    expect(captainedCount(teams, undefined)).toBe(0);
  });
});
