import { passwordProblems } from '@flagpole/contract';
import { badRequest } from '../http/errors';
import type { AccountPolicy } from './settings.service';

/** True when the address's domain is on the allow-list (exact, case-insensitive), or the list is empty. */
export function isEmailDomainAllowed(policy: AccountPolicy, email: string): boolean {
  const allowed = policy.emailDomainList
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter((d) => d.length > 0);
  if (allowed.length === 0) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return allowed.includes(domain);
}

export function ensureEmailDomainAllowed(policy: AccountPolicy, email: string): void {
  if (!isEmailDomainAllowed(policy, email)) throw badRequest('error.emailDomainNotAllowed');
}

/** 400 naming the rule when a new password is too weak. */
export function ensureStrongPassword(password: string): void {
  if (passwordProblems(password).length > 0) throw badRequest('error.weakPassword');
}
