import { describe, expect, it } from 'vitest';
import { generateDynamicFlag } from './dynamic-flag';

const team = { challengeId: 3, participationId: 7 };

describe('dynamic flags', () => {
  it('gives a GUID flag without a template', () => {
    expect(generateDynamicFlag(null, team)).toMatch(/^flag\{[0-9a-f-]{36}\}$/);
    expect(generateDynamicFlag('  ', team)).toMatch(/^flag\{[0-9a-f-]{36}\}$/);
  });

  it('fills the placeholders', () => {
    const flag = generateDynamicFlag('ctf{[TEAM_HASH]_[GUID]}', team);
    expect(flag).toMatch(/^ctf\{[0-9a-f]{12}_[0-9a-f-]{36}\}$/);
  });

  it('swaps letters inside the braces only and keeps the length', () => {
    const flags = new Set(
      Array.from({ length: 20 }, () => generateDynamicFlag('flag{this is a long secret text}', team)),
    );
    for (const flag of flags) {
      expect(flag.startsWith('flag{')).toBe(true);
      expect(flag).toHaveLength('flag{this is a long secret text}'.length);
      expect(flag).not.toContain(' ');
    }
    expect(flags.size).toBeGreaterThan(1);
  });
});
