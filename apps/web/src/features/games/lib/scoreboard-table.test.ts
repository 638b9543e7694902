import type { ChallengeInfo, ScoreboardItem } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import {
  challengeColumns,
  filterTeams,
  pageOfTeam,
  pageTeams,
  placeInView,
  solvesById,
  teamsInView,
  timelineOf,
} from './scoreboard-table';

const team = (id: number, name: string): ScoreboardItem => ({
  id,
  name,
  bio: null,
  divisionId: null,
  avatar: null,
  score: 1000 - id,
  rank: id,
  divisionRank: null,
  lastSubmissionTime: 0,
  solvedChallenges: [],
  solvedCount: 0,
});

const board = Array.from({ length: 120 }, (_, i) => team(i + 1, `Team ${i + 1}`));

describe('filterTeams', () => {
  it('matches case- and accent-insensitively, ignoring surrounding spaces', () => {
    const items = [team(1, 'Café Hackers'), team(2, 'NULLPTR'), team(3, 'other')];
    expect(filterTeams(items, ' cafe ').map((t) => t.id)).toEqual([1]);
    expect(filterTeams(items, 'nullptr').map((t) => t.id)).toEqual([2]);
    expect(filterTeams(items, '')).toHaveLength(3);
  });
});

describe('pageTeams', () => {
  it('pages 50 at a time', () => {
    const first = pageTeams(board, '', 1);
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]?.id).toBe(1);
    expect(first.pageCount).toBe(3);
    expect(first.total).toBe(120);
    const last = pageTeams(board, '', 3);
    expect(last.rows.map((t) => t.id)).toEqual(Array.from({ length: 20 }, (_, i) => 101 + i));
  });

  it('clamps the page into range', () => {
    expect(pageTeams(board, '', 9).page).toBe(3);
    expect(pageTeams(board, '', 0).page).toBe(1);
    expect(pageTeams(board, '', Number.NaN).page).toBe(1);
  });

  it('pages the search result', () => {
    const result = pageTeams(board, 'team 1', 1, 10);
    // Team 1, 10..19, 100..120 → 1 + 10 + 21 = 32 matches.
    expect(result.total).toBe(32);
    expect(result.pageCount).toBe(4);
    expect(result.rows[0]?.name).toBe('Team 1');
  });

  it('shows one empty page for no matches', () => {
    expect(pageTeams(board, 'zzz', 2)).toEqual({ rows: [], total: 0, page: 1, pageCount: 1 });
  });
});

describe('pageOfTeam', () => {
  it('finds the page that holds a team', () => {
    expect(pageOfTeam(board, 1)).toBe(1);
    expect(pageOfTeam(board, 50)).toBe(1);
    expect(pageOfTeam(board, 51)).toBe(2);
    expect(pageOfTeam(board, 999)).toBeNull();
  });
});

describe('challengeColumns', () => {
  const chal = (id: number, category: ChallengeInfo['category']): ChallengeInfo => ({
    id,
    title: `c${id}`,
    category,
    score: 100,
    solved: 0,
    deadline: null,
    bloods: [],
    disableBloodBonus: false,
  });

  it('orders categories canonically and skips empty ones', () => {
    const columns = challengeColumns({ Web: [chal(2, 'Web')], Misc: [chal(1, 'Misc')], Pwn: [] });
    expect(columns.map((c) => c.category)).toEqual(['Misc', 'Web']);
  });

  it('indexes solves by challenge id', () => {
    const item = { solvedChallenges: [{ id: 5, score: 10, type: 'Normal' as const, userName: 'u', time: 1 }] };
    expect(solvesById(item).get(5)?.score).toBe(10);
  });
});

describe('division views', () => {
  const inDivision = (id: number, divisionId: number | null, rank: number, divisionRank: number | null) => ({
    ...team(id, `Team ${id}`),
    divisionId,
    rank,
    divisionRank,
  });
  const items = [inDivision(1, 7, 0, 1), inDivision(2, null, 1, null), inDivision(3, 8, 2, 1), inDivision(4, 7, 0, 2)];

  it('shows every team, or one division’s teams in board order', () => {
    expect(teamsInView(items, 'all').map((item) => item.id)).toEqual([1, 2, 3, 4]);
    expect(teamsInView(items, 7).map((item) => item.id)).toEqual([1, 4]);
    expect(teamsInView(items, 99)).toEqual([]);
  });

  it('places a team by its overall rank, or by its division rank in a division', () => {
    expect(placeInView(items[0] as ScoreboardItem, 'all')).toBeNull();
    expect(placeInView(items[0] as ScoreboardItem, 7)).toBe(1);
    expect(placeInView(items[1] as ScoreboardItem, 'all')).toBe(1);
    expect(placeInView(items[1] as ScoreboardItem, 7)).toBeNull();
  });

  it('picks the overall timeline or the division’s', () => {
    const timelines = [{ divisionId: 0 }, { divisionId: 7 }];
    expect(timelineOf(timelines, 'all')).toEqual({ divisionId: 0 });
    expect(timelineOf(timelines, 7)).toEqual({ divisionId: 7 });
    expect(timelineOf(timelines, 8)).toBeUndefined();
  });
});
