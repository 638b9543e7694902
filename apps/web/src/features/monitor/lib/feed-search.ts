import type { GameEvent, Submission } from '@flagpole/contract';

/** The longest search the monitor's feeds accept (the API refuses more). */
export const FEED_SEARCH_MAX = 100;

/** The text sent as `search`: trimmed, null when blank (then the feeds answer every row). */
export function feedSearch(input: string): string | null {
  const text = input.trim().slice(0, FEED_SEARCH_MAX);
  return text === '' ? null : text;
}

const contains = (values: readonly string[], search: string) => {
  const needle = search.toLowerCase();
  return values.some((value) => value.toLowerCase().includes(needle));
};

/**
 * Whether a live submission belongs in a searched list: the server's rule (team, user, challenge or answer
 * contains the text, any case), so a pushed row appears exactly when the next refresh would show it.
 */
export function submissionMatches(row: Submission, search: string | null): boolean {
  return search === null || contains([row.team, row.user, row.challenge, row.answer], search);
}

/** The same for a live event: its team, user or any of its values (challenge, answer, teams). */
export function eventMatches(event: GameEvent, search: string | null): boolean {
  return search === null || contains([event.team, event.user, ...event.values], search);
}
