import { describe, expect, it } from 'vitest';
import { isEmailDomainAllowed } from './account-policy';
import { AccountPolicy } from './settings.service';

const policy = (emailDomainList: string) => AccountPolicy.parse({ emailDomainList });

describe('isEmailDomainAllowed', () => {
  it('allows everything with an empty list', () => {
    expect(isEmailDomainAllowed(policy(''), 'a@anything.example')).toBe(true);
    expect(isEmailDomainAllowed(policy(' , '), 'a@anything.example')).toBe(true);
  });

  it('matches whole domains exactly, ignoring case and spaces', () => {
    const list = policy('school.edu, Example.org');
    expect(isEmailDomainAllowed(list, 'a@SCHOOL.edu')).toBe(true);
    expect(isEmailDomainAllowed(list, 'a@example.org')).toBe(true);
    expect(isEmailDomainAllowed(list, 'a@sub.school.edu')).toBe(false);
    expect(isEmailDomainAllowed(list, 'a@school.edu.evil.com')).toBe(false);
    expect(isEmailDomainAllowed(list, 'school.edu@evil.com')).toBe(false);
  });
});
