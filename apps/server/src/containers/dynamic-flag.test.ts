import { describe, expect, it } from 'vitest';
import { COMPLEX_EXTRAS, generateDynamicFlag, LOOKALIKES } from './dynamic-flag';

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

  it('drops a [LEET] or [CLEET] prefix and scrambles with its table', () => {
    const basic = new Set(Object.values(LOOKALIKES).join(''));
    const extras = Object.values(COMPLEX_EXTRAS).join('');
    const flags = Array.from({ length: 40 }, () => generateDynamicFlag('[CLEET]flag{aceils}', team));
    for (const flag of flags) expect(flag).toMatch(/^flag\{.{6}\}$/);
    // With 40 flags of 6 letters, the complex table's symbols show up; the basic table never makes them.
    expect(flags.some((flag) => [...flag.slice(5, -1)].some((char) => extras.includes(char)))).toBe(true);
    const plain = Array.from({ length: 40 }, () => generateDynamicFlag('[LEET]flag{aceils}', team));
    for (const flag of plain) {
      expect(flag).toMatch(/^flag\{.{6}\}$/);
      for (const char of flag.slice(5, -1)) expect(basic.has(char) || /[cC]/.test(char)).toBe(true);
    }
  });

  it('scrambles around placeholders when a table is chosen, leaving them whole', () => {
    const flag = generateDynamicFlag('[LEET]flag{secret_[TEAM_HASH]}', team);
    expect(flag).toMatch(/^flag\{[sS5][eE3][cC][rR][eE3][tT7]_[0-9a-f]{12}\}$/);
    expect(generateDynamicFlag('flag{secret_[TEAM_HASH]}', team)).toMatch(/^flag\{secret_[0-9a-f]{12}\}$/);
  });
});
