import { GamePermission } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import {
  divisionFlags,
  dropOverride,
  formValuesOf,
  missingChallengeFlags,
  nameProblem,
  randomInviteCode,
  startOverride,
  toModel,
  withFlag,
} from './division-form';

const { All, JoinGame, RankOverall, ViewChallenge, SubmitFlags, GetBlood } = GamePermission;

describe('division form', () => {
  it('starts a new division with every permission and reads an existing one', () => {
    expect(formValuesOf()).toEqual({ name: '', inviteCode: '', defaultPermissions: All, overrides: {} });
    expect(
      formValuesOf({
        id: 4,
        name: 'Guests',
        inviteCode: null,
        defaultPermissions: JoinGame,
        challengeConfigs: [{ challengeId: 9, permissions: ViewChallenge }],
      }),
    ).toEqual({ name: 'Guests', inviteCode: '', defaultPermissions: JoinGame, overrides: { '9': ViewChallenge } });
  });

  it('changes only the bit of the flag, keeping bits the editor does not show', () => {
    const cleared = withFlag(All, 'RankOverall', false);
    expect(cleared).toBe(All - RankOverall);
    expect(withFlag(cleared, 'RankOverall', true)).toBe(All);
    expect(withFlag(0, 'GetBlood', true)).toBe(GetBlood);
  });

  it('starts an override from the defaults, drops it, and sends only overrides of existing challenges', () => {
    const values = { name: ' Open ', inviteCode: ' ', defaultPermissions: JoinGame | ViewChallenge, overrides: {} };
    const withOverride = startOverride(values, 3);
    expect(withOverride.overrides).toEqual({ '3': JoinGame | ViewChallenge });
    expect(dropOverride(withOverride, 3).overrides).toEqual({});
    expect(toModel({ ...withOverride, overrides: { '3': SubmitFlags, '99': 0 } }, [3, 4])).toEqual({
      name: 'Open',
      inviteCode: '',
      defaultPermissions: JoinGame | ViewChallenge,
      challengeConfigs: [{ challengeId: 3, permissions: SubmitFlags }],
    });
  });

  it('checks names like the server', () => {
    expect(nameProblem('  ', [])).toBe('required');
    expect(nameProblem('x'.repeat(32), [])).toBe('tooLong');
    expect(nameProblem('open', [{ name: 'Open' }])).toBe('taken');
    expect(nameProblem('Open', [{ name: 'Guests' }])).toBeNull();
  });

  it('summarises flags for the card', () => {
    expect(divisionFlags(JoinGame | ViewChallenge)).toEqual(['JoinGame']);
    expect(missingChallengeFlags(All & ~GetBlood)).toEqual(['GetBlood']);
    expect(randomInviteCode()).toMatch(/^[0-9a-f]{16}$/);
  });
});
