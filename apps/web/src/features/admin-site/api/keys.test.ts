import { describe, expect, it } from 'vitest';
import { isListKey, pageQuery } from './keys';

describe('admin list keys', () => {
  it('turns a page number into count and skip', () => {
    expect(pageQuery(1)).toBe('count=20&skip=0');
    expect(pageQuery(3, 50)).toBe('count=50&skip=100');
    expect(pageQuery(0)).toBe('count=20&skip=0');
  });

  it('matches every page and search of one list, and nothing else', () => {
    const users = isListKey('/api/admin/users');
    expect(users('/api/admin/users?count=20&skip=40')).toBe(true);
    expect(users(['/api/admin/users', 'search', 'alice'])).toBe(true);
    expect(users('/api/admin/users/0f0e')).toBe(false);
    expect(users('/api/admin/teams?count=20&skip=0')).toBe(false);
    expect(users(['/api/admin/teams', 'search', 'alice'])).toBe(false);
  });
});
