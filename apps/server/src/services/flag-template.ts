import { gameLimits } from '@flagpole/contract';
import { LOOKALIKES } from '../containers/dynamic-flag';
import { badRequest } from '../http/errors';

/** Which look-alike table turns a template's letters into a team's flag. */
export type LeetTable = 'basic' | 'complex';

/** Symbols the complex table (`[CLEET]`) adds on top of the basic look-alikes. */
const COMPLEX_EXTRAS: Record<string, string> = { a: '@', c: '(', e: '&', h: '#', i: '!', l: '|', q: '?', s: '$' };
/** Fewer bits than this and a team could guess another team's flag from the template. */
export const MIN_FLAG_TEMPLATE_BITS = 32;
const PLACEHOLDER_LENGTHS: Record<string, number> = { '[GUID]': 36, '[TEAM_HASH]': 12 };
const PLACEHOLDER = /\[GUID\]|\[TEAM_HASH\]/g;

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

/** How many characters `char` may become under the table. */
function choicesOf(char: string, table: LeetTable): number {
  const lower = char.toLowerCase();
  const basic = LOOKALIKES[lower]?.length ?? (/^[a-z]$/.test(lower) ? 2 : 1);
  return table === 'complex' ? basic + (COMPLEX_EXTRAS[lower]?.length ?? 0) : basic;
}

/**
 * Bits of variation the table gives a flag: the sum of log2 of each character's number of choices over the
 * text inside the outermost braces (the whole text when there are none), placeholders left out.
 */
export function leetEntropyBits(text: string, table: LeetTable): number {
  const open = text.indexOf('{');
  const close = text.lastIndexOf('}');
  const inside = open >= 0 && close > open ? text.slice(open + 1, close) : text;
  let bits = 0;
  for (const char of inside.replace(PLACEHOLDER, '')) bits += Math.log2(choicesOf(char, table));
  return bits;
}

/** The length of the flags the template makes: placeholders expanded, the prefix dropped. */
export function estimatedFlagLength(parsed: ParsedFlagTemplate): number {
  return parsed.text.replace(PLACEHOLDER, (placeholder) => ' '.repeat(PLACEHOLDER_LENGTHS[placeholder] ?? 0)).length;
}

/**
 * Why a DynamicContainer template cannot be saved, or null when it can: its flags would be longer than a
 * player may submit, or, without a placeholder, too few bits would tell one team's flag from another's.
 */
export function flagTemplateProblem(template: string): 'tooLong' | 'tooGuessable' | null {
  const parsed = parseFlagTemplate(template);
  if (estimatedFlagLength(parsed) > gameLimits.flag.max) return 'tooLong';
  if (parsed.hasPlaceholder) return null;
  return leetEntropyBits(parsed.text, parsed.leet ?? 'basic') < MIN_FLAG_TEMPLATE_BITS ? 'tooGuessable' : null;
}

/** Refuses (400) a DynamicContainer template whose flags would be too long or too easy to guess. */
export function assertUsableFlagTemplate(template: string): void {
  const problem = flagTemplateProblem(template);
  if (problem === 'tooLong') throw badRequest('error.flagTemplateTooLong', { max: gameLimits.flag.max });
  if (problem === 'tooGuessable') throw badRequest('error.flagTemplateTooGuessable', { bits: MIN_FLAG_TEMPLATE_BITS });
}
