import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import { teamNameFrom } from './ctftime-team';
import { userNameBase, userNameCandidates } from './new-account';
import { ProviderUnavailableError, personFromClaims, personFromCtftime } from './providers';
import { failureOf, SignInFailed } from './sign-in-failure';

describe('user names of new single sign-on accounts', () => {
  it('keeps letters, digits, _ . - of the wish, within 3 to 15 characters', () => {
    expect(userNameBase('alice')).toBe('alice');
    expect(userNameBase('Zoë Müller')).toBe('ZoëMüller');
    expect(userNameBase('a b\u202Ec')).toBe('abc');
    expect(userNameBase('x')).toBe('xplayer');
    expect(userNameBase('')).toBe('player');
    expect(userNameBase('averyveryverylongname')).toBe('averyveryverylo');
  });

  it('tries the name, then the name with a number inside the limit, then a random one', () => {
    const names = userNameCandidates('averyveryverylo', () => 0.5);
    expect(names[0]).toBe('averyveryverylo');
    expect(names[1]).toBe('averyveryve5500');
    expect(names.every((name) => name.length <= 15 && name.length >= 3)).toBe(true);
    expect(names.at(-1)).toMatch(/^p[0-9a-f]{14}$/);
  });
});

describe('the person a provider describes', () => {
  it('takes the user name from preferred_username, nickname, the address, then the name', () => {
    expect(personFromClaims({ sub: '1', preferred_username: 'neo', email: 'n@x.org' }).userName).toBe('neo');
    expect(personFromClaims({ sub: '1', nickname: 'trin', email: 't@x.org' }).userName).toBe('trin');
    expect(personFromClaims({ sub: '1', email: 'morpheus@x.org', name: 'M' }).userName).toBe('morpheus');
    expect(personFromClaims({ sub: '1', name: 'Oracle' }).userName).toBe('Oracle');
  });

  it('calls an address verified only when the provider says email_verified true', () => {
    expect(personFromClaims({ sub: '1', email: 'a@x.org', email_verified: true })).toMatchObject({
      email: 'a@x.org',
      emailVerified: true,
    });
    expect(personFromClaims({ sub: '1', email: 'a@x.org', email_verified: 'true' }).emailVerified).toBe(false);
    expect(personFromClaims({ sub: '1' })).toMatchObject({ emailVerified: false, displayName: '1' });
  });

  it("reads CTFtime's user and team, and a user without a team", () => {
    const team = { id: 77, name: 'Pwners', country: 'DE', logo: '' };
    expect(personFromCtftime({ id: 5, name: 'ann', team })).toMatchObject({
      subject: '5',
      userName: 'ann',
      team: { id: 77, name: 'Pwners', country: 'DE' },
    });
    expect(personFromCtftime({ id: 6, name: 'solo' }).team).toBeUndefined();
    expect(() => personFromCtftime({ team })).toThrow();
  });

  it('names a CTFtime team within 20 characters and without control characters', () => {
    expect(teamNameFrom('Überlänge Pwners of the North')).toBe('Überlänge Pwners of');
    expect(teamNameFrom('\u0007evil\u202Eteam')).toBe('evilteam');
    expect(teamNameFrom('   ')).toBe('CTFtime team');
  });
});

describe('the reason a sign-in failed', () => {
  it('tells the player what happened', () => {
    expect(failureOf(new SignInFailed('emailTaken'))).toBe('emailTaken');
    expect(failureOf(new ProviderUnavailableError('down'))).toBe('providerUnavailable');
    const params = new URLSearchParams({ error: 'access_denied', state: 's' });
    const denied = new client.AuthorizationResponseError('denied', { cause: params });
    expect(failureOf(denied)).toBe('denied');
    expect(failureOf(new Error('bad ID token signature'))).toBe('failed');
  });
});
