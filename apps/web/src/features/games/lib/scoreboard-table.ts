import type { ChallengeCategory, ChallengeInfo, ChallengeItem, ScoreboardItem } from '@flagpole/contract';
import { ChallengeCategory as CategoryEnum } from '@flagpole/contract';

export const SCOREBOARD_PAGE_SIZE = 50;

export interface ScoreboardPage {
  rows: ScoreboardItem[];
  /** Teams matching the search. */
  total: number;
  /** 1-based page actually shown (clamped into range). */
  page: number;
  pageCount: number;
}

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
function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** Teams whose name contains `query` (trimmed; empty matches all), in scoreboard order. */
export function filterTeams(items: readonly ScoreboardItem[], query: string): ScoreboardItem[] {
  const needle = fold(query.trim());
  if (!needle) return [...items];
  return items.filter((item) => fold(item.name).includes(needle));
}

/** One page of the filtered board; `page` is 1-based and clamped to the available pages. */
export function pageTeams(
  items: readonly ScoreboardItem[],
  query: string,
  page: number,
  pageSize = SCOREBOARD_PAGE_SIZE,
): ScoreboardPage {
  const matching = filterTeams(items, query);
  const pageCount = Math.max(1, Math.ceil(matching.length / pageSize));
  const current = Math.min(pageCount, Math.max(1, Math.floor(page) || 1));
  const from = (current - 1) * pageSize;
  return { rows: matching.slice(from, from + pageSize), total: matching.length, page: current, pageCount };
}

/** The page (1-based) that shows the team with `teamId` in the unfiltered board, or null. */
export function pageOfTeam(
  items: readonly ScoreboardItem[],
  teamId: number,
  pageSize = SCOREBOARD_PAGE_SIZE,
): number | null {
  const index = items.findIndex((item) => item.id === teamId);
  return index < 0 ? null : Math.floor(index / pageSize) + 1;
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
