import type { FlagMatchType } from '@flagpole/contract';

/** The organiser's choice in the add-flags form; regular expressions have their own ignore-case switch. */
export type FlagKindChoice = 'Exact' | 'IgnoreCase' | 'Regex';

export const FLAG_KIND_CHOICES: readonly FlagKindChoice[] = ['Exact', 'IgnoreCase', 'Regex'];

/** The match type sent for a choice. */
export function matchTypeOf(kind: FlagKindChoice, regexIgnoreCase: boolean): FlagMatchType {
  if (kind !== 'Regex') return kind;
  return regexIgnoreCase ? 'RegexIgnoreCase' : 'Regex';
}
