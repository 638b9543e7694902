import { createHash, randomInt, randomUUID } from 'node:crypto';

/** Look-alike characters a letter or digit may turn into, so each team's flag differs from the template. */
export const LOOKALIKES: Record<string, string> = {
  a: 'aA4',
  b: 'bB8',
  e: 'eE3',
  g: 'gG9',
  i: 'iI1',
  l: 'lL1',
  o: 'oO0',
  s: 'sS5',
  t: 'tT7',
  z: 'zZ2',
};

function scramble(text: string): string {
  let out = '';
  for (const char of text) {
    const lower = char.toLowerCase();
    const choices = LOOKALIKES[lower] ?? (/[a-z]/.test(lower) ? `${lower}${lower.toUpperCase()}` : undefined);
    out += char === ' ' ? '_' : choices ? (choices[randomInt(choices.length)] as string) : char;
  }
  return out;
}

/**
 * A team's flag for a dynamic container challenge, from the challenge's template:
 * - no template: `flag{<random GUID>}`;
 * - `[GUID]` becomes a random GUID and `[TEAM_HASH]` 12 hex characters derived from the team and challenge;
 * - a template with neither has the letters inside its outermost braces swapped for random look-alikes.
 */
export function generateDynamicFlag(template: string | null, team: { challengeId: number; participationId: number }) {
  if (!template || template.trim() === '') return `flag{${randomUUID()}}`;
  if (template.includes('[GUID]') || template.includes('[TEAM_HASH]')) {
    const teamHash = createHash('sha256')
      .update(`${team.challengeId}::${team.participationId}::${randomUUID()}`)
      .digest('hex')
      .slice(12, 24);
    return template.replaceAll('[GUID]', () => randomUUID()).replaceAll('[TEAM_HASH]', teamHash);
  }
  const open = template.indexOf('{');
  const close = template.lastIndexOf('}');
  if (open < 0 || close <= open) return scramble(template);
  return template.slice(0, open + 1) + scramble(template.slice(open + 1, close)) + template.slice(close);
}

/** The flag an administrator's test container receives. */
export const TEST_FLAG = 'flag{flagpole_dynamic_flag_test}';
