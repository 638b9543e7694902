import { describe, expect, it } from 'vitest';
import { parseBuildInfo } from './build-info';

const valid = { tag: 'v1.2.3', commit: 'a'.repeat(40), timestamp: '2025-09-15T08:00:00Z' };

describe('parseBuildInfo', () => {
  it('accepts a release tag, a 40-character commit and a 20-character timestamp', () => {
    expect(parseBuildInfo(valid)).toEqual(valid);
    expect(parseBuildInfo({ ...valid, tag: 'develop' })).not.toBeNull();
  });

  it.each([
    ['short commit', { ...valid, commit: 'abc123' }],
    ['timestamp with milliseconds', { ...valid, timestamp: '2025-09-15T08:00:00.000Z' }],
    ['tag without v', { ...valid, tag: '1.2.3' }],
    ['branch name as tag', { ...valid, tag: 'main' }],
    ['missing fields', {}],
    ['not an object', 'develop'],
  ])('rejects %s', (_, raw) => {
    expect(parseBuildInfo(raw)).toBeNull();
  });
});
