import { gameLimits } from '@flagpole/contract';
import {
  type LeetTable,
  leetSpan,
  lookalikesOf,
  type ParsedFlagTemplate,
  PLACEHOLDER,
  parseFlagTemplate,
} from '../containers/dynamic-flag';
import { badRequest } from '../http/errors';

/** Fewer bits than this and a team could guess another team's flag from the template. */
export const MIN_FLAG_TEMPLATE_BITS = 32;
const PLACEHOLDER_LENGTHS: Record<string, number> = { '[GUID]': 36, '[TEAM_HASH]': 12 };

/**
 * Bits of variation the table gives a flag: the sum of log2 of each character's number of choices over the
 * text inside the outermost braces (the whole text when there are none), placeholders left out.
 */
export function leetEntropyBits(text: string, table: LeetTable): number {
  const { start, end } = leetSpan(text);
  let bits = 0;
  for (const char of text.slice(start, end).replace(PLACEHOLDER, '')) {
    bits += Math.log2(lookalikesOf(char, table).length);
  }
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
