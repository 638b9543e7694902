import type { ChallengeCategory, ChallengeInfo, ChallengeItem, ScoreboardItem } from '@flagpole/contract';
import { ChallengeCategory as CategoryEnum } from '@flagpole/contract';

/** The scoreboard's division filter: every team (`all`) or one division's teams, by id. */
export type DivisionView = 'all' | number;

/** The teams a division view shows, in board order. */
export function teamsInView(items: readonly ScoreboardItem[], view: DivisionView): ScoreboardItem[] {
  return view === 'all' ? [...items] : items.filter((item) => item.divisionId === view);
}

/** The place a row shows: its division rank in a division's view, else its overall rank; null for none. */
export function placeInView(item: Pick<ScoreboardItem, 'rank' | 'divisionRank'>, view: DivisionView): number | null {
  const place = view === 'all' ? item.rank : item.divisionRank;
  return place !== null && place > 0 ? place : null;
}

/** The timeline (top-10 curves) of a view: `divisionId` 0 is the overall one. */
export function timelineOf<T extends { divisionId: number }>(
  timelines: readonly T[],
  view: DivisionView,
): T | undefined {
  return timelines.find((line) => line.divisionId === (view === 'all' ? 0 : view));
}

/** Case- and accent-insensitive comparison form of a name. */
export function foldName(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** Every row's folded name, in row order: built once per board, so a keystroke only compares strings. */
export function searchKeys(items: readonly Pick<ScoreboardItem, 'name'>[]): string[] {
  return items.map((item) => foldName(item.name));
}

/**
 * Teams whose name contains `query` (trimmed, case- and accent-insensitive; empty matches all), in scoreboard
 * order. `keys` are the rows' folded names from `searchKeys`, when the caller keeps them.
 */
export function filterTeams<T extends Pick<ScoreboardItem, 'name'>>(
  items: readonly T[],
  query: string,
  keys: readonly string[] = searchKeys(items),
): T[] {
  const needle = foldName(query.trim());
  if (!needle) return [...items];
  const found: T[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (item !== undefined && keys[i]?.includes(needle)) found.push(item);
  }
  return found;
}

/** Where the team with `teamId` stands in `rows` (0-based), or null when it is not among them. */
export function indexOfTeam(rows: readonly Pick<ScoreboardItem, 'id'>[], teamId: number): number | null {
  const index = rows.findIndex((row) => row.id === teamId);
  return index < 0 ? null : index;
}

export interface CategoryColumns {
  category: ChallengeCategory;
  challenges: ChallengeInfo[];
}

/** Challenge columns grouped by category, in the canonical category order. */
export function challengeColumns(challenges: Partial<Record<ChallengeCategory, ChallengeInfo[]>>): CategoryColumns[] {
  return CategoryEnum.options.flatMap((category) => {
    const list = challenges[category];
    return list && list.length > 0 ? [{ category, challenges: list }] : [];
  });
}

/** A team's solves indexed by challenge id, for O(1) matrix cells. */
export function solvesById(item: Pick<ScoreboardItem, 'solvedChallenges'>): Map<number, ChallengeItem> {
  return new Map(item.solvedChallenges.map((solve) => [solve.id, solve]));
}

/** Up to two letters for a team without a picture: the first letters of its first two words, or of its one word. */
export function avatarInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? words.slice(0, 2).map((word) => [...word][0]) : [...(words[0] ?? '')].slice(0, 2);
  return letters.join('').toUpperCase();
}

/** Palette names an initials avatar is drawn in: the same list, in the same order, as Mantine's avatars use. */
const AVATAR_COLORS = ['blue', 'cyan', 'grape', 'green', 'indigo', 'lime', 'orange', 'pink', 'red', 'teal', 'violet'];

/**
 * The palette colour of a name's initials avatar, picked by the same 32-bit string hash as Mantine's avatars, so a
 * team has one colour on the scoreboard and on its team page.
 */
export function avatarColor(name: string): string {
  let hash = 0;
  for (let i = 0; i < name.length; i++) hash = (Math.imul(hash, 31) + name.charCodeAt(i)) | 0;
  return AVATAR_COLORS[Math.abs(hash) % AVATAR_COLORS.length] ?? 'gray';
}
