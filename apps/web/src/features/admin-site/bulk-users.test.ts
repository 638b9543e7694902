import { describe, expect, it } from 'vitest';
import { parseBulkUsers, toCreateModels } from './bulk-users';

describe('parseBulkUsers', () => {
  it('reads comma- and tab-separated lines with optional columns, skipping blanks and comments', () => {
    const { users, errors } = parseBulkUsers(
      [
        '# name, password, email',
        'alice, Secret-1, alice@example.org, Alice Liddell, 2024001, +1 555 0100, Wonder',
        '',
        'bob\tPass-word-2\tbob@example.org\tBob, Jr.',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
    expect(users).toEqual([
      {
        line: 2,
        userName: 'alice',
        password: 'Secret-1',
        email: 'alice@example.org',
        realName: 'Alice Liddell',
        stdNumber: '2024001',
        phone: '+1 555 0100',
        teamName: 'Wonder',
      },
      {
        line: 4,
        userName: 'bob',
        password: 'Pass-word-2',
        email: 'bob@example.org',
        realName: 'Bob, Jr.',
        stdNumber: null,
        phone: null,
        teamName: null,
      },
    ]);
  });

  it('reports every bad line with its number and problem', () => {
    const { users, errors } = parseBulkUsers(
      [
        'ab, Secret-1, ab@example.org',
        'carol, short, carol@example.org',
        'dave, Secret-1, not-an-email',
        'erin, Secret-1',
        'frank, Secret-1, f@example.org, , , call me',
        'grace, Secret-1, g@example.org, , , , a-team-name-far-too-long',
        'heidi, Secret-1, h@example.org',
        'HEIDI, Secret-1, h2@example.org',
        'ivan, Secret-1, H@example.org',
      ].join('\n'),
    );
    expect(errors).toEqual([
      { line: 1, problem: 'userName' },
      { line: 2, problem: 'password' },
      { line: 3, problem: 'email' },
      { line: 4, problem: 'columns' },
      { line: 5, problem: 'phone' },
      { line: 6, problem: 'teamName' },
      { line: 8, problem: 'duplicateUserName' },
      { line: 9, problem: 'duplicateEmail' },
    ]);
    expect(users.map((user) => user.userName)).toEqual(['heidi']);
  });

  it('rejects lines with too many columns and reads Windows line endings', () => {
    const { users, errors } = parseBulkUsers(
      'a1b2c, Secret-1, a@example.org, r, s, 1234, t, extra\r\nzed, Secret-1, z@example.org\r\n',
    );
    expect(errors).toEqual([{ line: 1, problem: 'columns' }]);
    expect(users).toHaveLength(1);
  });

  it('sends the users without their line numbers', () => {
    const { users } = parseBulkUsers('zed, Secret-1, z@example.org');
    expect(toCreateModels(users)).toEqual([
      {
        userName: 'zed',
        password: 'Secret-1',
        email: 'z@example.org',
        realName: null,
        stdNumber: null,
        phone: null,
        teamName: null,
      },
    ]);
  });
});
