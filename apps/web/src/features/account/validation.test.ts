import { describe, expect, it } from 'vitest';
import {
  mailLinkParams,
  matchesPassword,
  safeRedirect,
  validateEmail,
  validateNewPassword,
  validateUserName,
} from './validation';

const t = (key: string) => key;

describe('account validation', () => {
  it('checks user names and e-mails', () => {
    expect(validateUserName(t)('ab')).toBe('account.validation.userNameLength');
    expect(validateUserName(t)('alice')).toBeNull();
    expect(validateEmail(t)('alice@example.org')).toBeNull();
    expect(validateEmail(t)('alice@')).toBe('account.validation.email');
  });

  it('explains the first password problem', () => {
    expect(validateNewPassword(t)('Ab1')).toBe('account.validation.passwordLength');
    expect(validateNewPassword(t)('ABCDEF1')).toBe('account.validation.passwordLower');
    expect(validateNewPassword(t)('abcdef1')).toBe('account.validation.passwordUpper');
    expect(validateNewPassword(t)('Abcdefg')).toBe('account.validation.passwordDigit');
    expect(validateNewPassword(t)('Abcdef1')).toBeNull();
    expect(matchesPassword(t)('x', { password: 'y' })).toBe('account.validation.passwordMismatch');
  });

  it('only redirects inside the site', () => {
    expect(safeRedirect('/games/1')).toBe('/games/1');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('/account/login')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });

  it('passes mail link values through unchanged', () => {
    expect(mailLinkParams('?token=YWJj%2B%2F%3D&email=dXNlcg==')).toEqual({ token: 'YWJj+/=', email: 'dXNlcg==' });
    expect(mailLinkParams('?token=ab+c/d==&email=eA==')).toEqual({ token: 'ab+c/d==', email: 'eA==' });
    expect(mailLinkParams('?token=abc')).toBeNull();
    expect(mailLinkParams('?token=%E0%A4%A&email=x')).toBeNull();
  });
});
