import type { ScoreboardItem } from '@flagpole/contract';

/** What the page knows about the caller's team in this game. */
export interface MyTeamHints {
  /** The name of the team the caller plays this game with; null when not taking part. */
  teamName: string | null;
  /** The team id from the caller's own board (`/details`), readable only while the team may play. */
  teamId: number | null;
  /** Ids of every team the caller belongs to, for when the own board is closed (after the game). */
  myTeamIds: readonly number[] | null;
}

/**
 * The caller's row on the scoreboard. Team names are not unique, so rows are matched by team id: the id from the
 * own board, or else the one team of the caller's that is on the board under the name it plays with (a user plays
 * a game in one team only, but may belong to other teams that play it without them).
 */
export function findMyTeam(items: readonly ScoreboardItem[], hints: MyTeamHints): ScoreboardItem | null {
  if (hints.teamName === null) return null;
  if (hints.teamId !== null) return items.find((item) => item.id === hints.teamId) ?? null;
  const mine = new Set(hints.myTeamIds ?? []);
  const candidates = items.filter((item) => mine.has(item.id) && item.name === hints.teamName);
  return candidates.length === 1 ? (candidates[0] ?? null) : null;
}
