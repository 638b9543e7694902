import { limits, passwordProblems } from '@flagpole/contract';

export type Translate = (key: ValidationKey, options?: Record<string, unknown>) => string;

type ValidationKey =
  | 'account.validation.required'
  | 'account.validation.userNameLength'
  | 'account.validation.email'
  | 'account.validation.passwordLength'
  | 'account.validation.passwordLower'
  | 'account.validation.passwordUpper'
  | 'account.validation.passwordDigit'
  | 'account.validation.passwordMismatch';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function required(t: Translate) {
  return (value: string) => (value.trim() ? null : t('account.validation.required'));
}

export function validateUserName(t: Translate) {
  return (value: string) => {
    const length = value.trim().length;
    return length >= limits.userName.min && length <= limits.userName.max
      ? null
      : t('account.validation.userNameLength', { min: limits.userName.min, count: limits.userName.max });
  };
}

export function validateEmail(t: Translate) {
  return (value: string) =>
    EMAIL.test(value.trim()) && value.length <= limits.email.max ? null : t('account.validation.email');
}

/** The first rule a new password breaks, worded for the user. */
export function validateNewPassword(t: Translate) {
  return (value: string) => {
    const [problem] = passwordProblems(value);
    switch (problem) {
      case undefined:
        return null;
      case 'length':
        return t('account.validation.passwordLength', { min: limits.password.min, count: limits.password.max });
      case 'lower':
        return t('account.validation.passwordLower');
      case 'upper':
        return t('account.validation.passwordUpper');
      case 'digit':
        return t('account.validation.passwordDigit');
    }
  };
}

export function matchesPassword(t: Translate) {
  return (value: string, values: { password: string }) =>
    value === values.password ? null : t('account.validation.passwordMismatch');
}

/** A path inside this site to return to after sign-in; anything else (other sites, odd schemes) goes home. */
export function safeRedirect(from: string | null): string {
  if (!from?.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  if (from.toLowerCase().startsWith('/account/login')) return '/';
  return from;
}

/**
 * `token` and `email` from a mail link, passed to the server unchanged. Parsed by hand because
 * URLSearchParams turns a literal '+' (common in Base64) into a space.
 */
export function mailLinkParams(search: string): { token: string; email: string } | null {
  const values = new Map<string, string>();
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const separator = pair.indexOf('=');
    if (separator <= 0) continue;
    try {
      values.set(pair.slice(0, separator), decodeURIComponent(pair.slice(separator + 1)));
    } catch {
      // A malformed escape makes the link unusable; treat the value as missing.
    }
  }
  const token = values.get('token');
  const email = values.get('email');
  return token && email ? { token, email } : null;
}
