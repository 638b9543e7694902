import { createHash, randomInt, randomUUID } from 'node:crypto';

/** Look-alike characters a letter may turn into, so each team's flag differs from the template. */
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

/** Symbols the complex table (`[CLEET]`) adds on top of the basic look-alikes. */
export const COMPLEX_EXTRAS: Record<string, string> = {
  a: '@',
  c: '(',
  e: '&',
  h: '#',
  i: '!',
  l: '|',
  q: '?',
  s: '$',
};

/** Which look-alike table turns a template's letters into a team's flag. */
export type LeetTable = 'basic' | 'complex';

export const PLACEHOLDER = /\[GUID\]|\[TEAM_HASH\]/g;

export interface ParsedFlagTemplate {
  /** The template without its `[LEET]`/`[CLEET]` prefix. */
  text: string;
  /** The table applied, or null when the flag is made from placeholders alone. */
  leet: LeetTable | null;
  hasPlaceholder: boolean;
}

/**
 * `[LEET]` and `[CLEET]` in front choose the table; without a prefix the basic table applies unless the
 * template has a `[GUID]` or `[TEAM_HASH]` placeholder, which makes each team's flag unique on its own.
 */
export function parseFlagTemplate(template: string): ParsedFlagTemplate {
  const prefix = /^\[(C?LEET)\]/.exec(template);
  const text = prefix ? template.slice(prefix[0].length) : template;
  const hasPlaceholder = new RegExp(PLACEHOLDER.source).test(text);
  const chosen: LeetTable | null = prefix ? (prefix[1] === 'CLEET' ? 'complex' : 'basic') : null;
  return { text, leet: chosen ?? (hasPlaceholder ? null : 'basic'), hasPlaceholder };
}

/** What `char` may become under the table (itself only, for characters without look-alikes). */
export function lookalikesOf(char: string, table: LeetTable): string {
  const lower = char.toLowerCase();
  const basic = LOOKALIKES[lower] ?? (/^[a-z]$/.test(lower) ? `${lower}${lower.toUpperCase()}` : char);
  return table === 'complex' ? basic + (COMPLEX_EXTRAS[lower] ?? '') : basic;
}

/** The part of a template the look-alikes apply to: inside the outermost braces, or all of it without braces. */
export function leetSpan(text: string): { start: number; end: number } {
  const open = text.indexOf('{');
  const close = text.lastIndexOf('}');
  return open >= 0 && close > open ? { start: open + 1, end: close } : { start: 0, end: text.length };
}

function scramble(text: string, table: LeetTable): string {
  let out = '';
  for (const char of text) {
    const choices = char === ' ' ? '_' : lookalikesOf(char, table);
    out += choices[randomInt(choices.length)] as string;
  }
  return out;
}

/**
 * A team's flag for a dynamic container challenge, from the challenge's template:
 * - no template: `flag{<random GUID>}`;
 * - `[GUID]` becomes a random GUID and `[TEAM_HASH]` 12 hex characters for the team and challenge;
 * - with a look-alike table (see `parseFlagTemplate`), every other letter inside the outermost braces is
 *   swapped for a random look-alike and spaces become underscores.
 */
export function generateDynamicFlag(template: string | null, team: { challengeId: number; participationId: number }) {
  if (!template || template.trim() === '') return `flag{${randomUUID()}}`;
  const { text, leet } = parseFlagTemplate(template);
  const teamHash = createHash('sha256')
    .update(`${team.challengeId}::${team.participationId}::${randomUUID()}`)
    .digest('hex')
    .slice(12, 24);
  const expand = (part: string) => part.replaceAll('[GUID]', () => randomUUID()).replaceAll('[TEAM_HASH]', teamHash);
  if (!leet) return expand(text);
  const { start, end } = leetSpan(text);
  // Placeholders are kept whole: only the text between them is scrambled.
  const inside = text
    .slice(start, end)
    .split(/(\[GUID\]|\[TEAM_HASH\])/)
    .map((part, index) => (index % 2 === 1 ? part : scramble(part, leet)))
    .join('');
  return expand(text.slice(0, start) + inside + text.slice(end));
}

/** The flag an administrator's test container receives. */
export const TEST_FLAG = 'flag{flagpole_dynamic_flag_test}';
