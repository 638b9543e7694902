import type { GameEvent, Submission } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { eventMatches, feedSearch, submissionMatches } from './feed-search';

const submission: Submission = {
  answer: 'flag{50%_off}',
  status: 'WrongAnswer',
  time: 0,
  user: 'alice',
  team: 'Null Pointers',
  challenge: 'Rusty RSA',
};
const event: GameEvent = {
  time: 0,
  user: 'bob',
  team: 'Segfaults',
  type: 'FlagSubmit',
  values: ['Accepted', 'flag{yes}', 'Cookie Jar', '3'],
};

describe('feedSearch', () => {
  it('trims, and sends nothing for a blank box', () => {
    expect(feedSearch('  rsa ')).toBe('rsa');
    expect(feedSearch('   ')).toBeNull();
    expect(feedSearch('x'.repeat(150))).toHaveLength(100);
  });
});

describe('live rows under a search', () => {
  it('keep a submission whose team, user, challenge or answer contains the text, in any case', () => {
    for (const text of ['null', 'ALICE', 'rusty', '50%_']) expect(submissionMatches(submission, text)).toBe(true);
    expect(submissionMatches(submission, 'bob')).toBe(false);
    expect(submissionMatches(submission, null)).toBe(true);
  });

  it('keep an event whose team, user or values contain the text', () => {
    for (const text of ['segfault', 'Bob', 'cookie jar', 'flag{yes']) expect(eventMatches(event, text)).toBe(true);
    expect(eventMatches(event, 'alice')).toBe(false);
  });
});
