import type { LogMessageModel } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { hasTextOrStatusFilter, logFilterQuery, matchesFilter, NO_LOG_FILTER } from './log-filter';

const entry: LogMessageModel = {
  time: 1,
  level: 'Warning',
  name: 'Alice',
  ip: '10.1.2.3',
  msg: 'account.signIn: sign in (POST /api/account/login → 401)',
  status: 'Denied',
};

describe('log page filter', () => {
  it('asks the server for the level always and for the other filters only when set', () => {
    expect(logFilterQuery(NO_LOG_FILTER)).toBe('level=All');
    expect(
      logFilterQuery({ level: 'Warning', status: 'Denied', user: ' ali ', ip: '', search: 'account.sign in' }),
    ).toBe('level=Warning&status=Denied&user=ali&search=account.sign+in');
  });

  it('lets a pushed entry through by the rule the server applies to stored ones', () => {
    expect(matchesFilter(entry, NO_LOG_FILTER)).toBe(true);
    expect(matchesFilter(entry, { ...NO_LOG_FILTER, level: 'Warning', status: 'Denied' })).toBe(true);
    expect(matchesFilter(entry, { ...NO_LOG_FILTER, level: 'Information' })).toBe(false);
    expect(matchesFilter(entry, { ...NO_LOG_FILTER, status: 'Success' })).toBe(false);
    expect(matchesFilter(entry, { ...NO_LOG_FILTER, user: 'ALI', ip: '10.1.', search: 'ACCOUNT.signOut' })).toBe(false);
    expect(matchesFilter(entry, { ...NO_LOG_FILTER, user: 'ALI', ip: '10.1.', search: 'ACCOUNT.SIGNIN' })).toBe(true);
    expect(matchesFilter({ ...entry, name: null }, { ...NO_LOG_FILTER, user: 'a' })).toBe(false);
  });

  it('knows when there is anything besides the level to clear', () => {
    expect(hasTextOrStatusFilter({ ...NO_LOG_FILTER, level: 'Error' })).toBe(false);
    expect(hasTextOrStatusFilter({ ...NO_LOG_FILTER, search: '  ' })).toBe(false);
    expect(hasTextOrStatusFilter({ ...NO_LOG_FILTER, ip: '10.' })).toBe(true);
    expect(hasTextOrStatusFilter({ ...NO_LOG_FILTER, status: 'Failed' })).toBe(true);
  });
});
