/**
 * Flagpole: a game's flag format is a prefix such as `cc`, meaning answers look like `cc{...}`. Null means the
 * game names no format (the placeholder shows `flag{...}` and nothing is checked). The prefix is letters,
 * digits, `_` and `-` only, so it can be shown and compared without escaping.
 */
export const FLAG_FORMAT_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/** The prefix players see when a game names none. */
export const DEFAULT_FLAG_PREFIX = 'flag';

/** The example shown in the flag input: `cc{…}` for the prefix `cc`, `flag{…}` without one. */
export function flagPlaceholder(prefix: string | null | undefined): string {
  return `${prefix || DEFAULT_FLAG_PREFIX}{…}`;
}

/**
 * Whether an answer (already trimmed) has the game's format: the exact prefix (case as written), an opening
 * brace, at least one character, and a closing brace at the very end. Without a format every answer matches.
 */
export function matchesFlagFormat(answer: string, prefix: string | null | undefined): boolean {
  if (!prefix) return true;
  return answer.length > prefix.length + 2 && answer.startsWith(`${prefix}{`) && answer.endsWith('}');
}
