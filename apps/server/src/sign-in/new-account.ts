import { limits } from '@flagpole/contract';
import type { UserRow } from '../db/schema';
import { randomHex } from '../lib/crypto';
import type { UserRepository } from '../repositories/user.repository';
import type { ProviderPerson } from './providers';

/** The stored password of an account made by a single sign-on: no hash matches it, so no password opens it. */
export const NO_PASSWORD = '';

/** A valid user name from the provider's wish: letters, digits, `_`, `.` and `-`, cut to the allowed length. */
export function userNameBase(wish: string): string {
  const cleaned = wish.normalize('NFKC').replace(/[^\p{L}\p{N}_.-]/gu, '');
  const padded = cleaned.length >= limits.userName.min ? cleaned : `${cleaned}player`;
  return padded.slice(0, limits.userName.max);
}

/** The names tried in turn: the base, then the base with a number, then a random one. */
export function userNameCandidates(base: string, random: () => number = Math.random): string[] {
  const numbered = Array.from({ length: 5 }, () => {
    const suffix = String(1000 + Math.floor(random() * 9000));
    return `${base.slice(0, limits.userName.max - suffix.length)}${suffix}`;
  });
  return [base, ...numbered, `p${randomHex(7)}`];
}

/**
 * Creates the account of a person signing in for the first time (the caller has refused a verified address that
 * another account holds). The provider's address is kept, confirmed when the provider says it verified it; an
 * account without one, or whose unverified address another account holds, gets a placeholder under `.invalid`
 * (RFC 2606: never delivered) that the player can replace on the profile page.
 */
export async function createAccountFor(users: UserRepository, person: ProviderPerson): Promise<UserRow> {
  const free = person.email !== undefined && !(await users.findByEmail(person.email));
  const email = free && person.email ? person.email : `sso-${randomHex(8)}@sign-in.invalid`;
  for (const userName of userNameCandidates(userNameBase(person.userName))) {
    const created = await users.insert({
      user_name: userName,
      email,
      email_confirmed: person.emailVerified && email === person.email,
      password_hash: NO_PASSWORD,
      role: 'User',
    });
    if (created) return created;
    // The address was free when checked: a clash now is the name's, or a race on the address.
    if (await users.findByEmail(email)) break;
  }
  throw new Error('no free user name for a new single sign-on account');
}
