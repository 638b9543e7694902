import { describe, expect, it } from 'vitest';
import { compareVersions } from './version';

describe('compareVersions', () => {
  it('compares parts as numbers and ignores a leading v', () => {
    expect(compareVersions('0.4', '0.4.0')).toBe(0);
    expect(compareVersions('v0.5.5', '0.4')).toBeGreaterThan(0);
    expect(compareVersions('0.10.0', '0.4')).toBeGreaterThan(0);
    expect(compareVersions('0.3.99', '0.4')).toBeLessThan(0);
    expect(compareVersions('1.0.0-beta', '0.4')).toBeGreaterThan(0);
  });
});
