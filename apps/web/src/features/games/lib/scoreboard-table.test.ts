import type { ChallengeInfo, ScoreboardItem } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import {
  avatarColor,
  avatarInitials,
  challengeColumns,
  filterTeams,
  indexOfTeam,
  placeInView,
  searchKeys,
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

describe('filterTeams on a large board', () => {
  const big = Array.from({ length: 10_000 }, (_, i) => team(i + 1, `Team ${i + 1}`));
  const keys = searchKeys(big);

  it('finds a team deep in the list, keeping board order', () => {
    expect(filterTeams(big, 'team 9876', keys).map((t) => t.id)).toEqual([9876]);
    expect(filterTeams(big, 'TEAM 999', keys).map((t) => t.id)).toEqual([
      999, 9990, 9991, 9992, 9993, 9994, 9995, 9996, 9997, 9998, 9999,
    ]);
  });

  it('gives the same answer with and without kept keys', () => {
    expect(filterTeams(big, ' 123 ', keys)).toEqual(filterTeams(big, ' 123 '));
  });

  it('returns every row for an empty query and none for a miss', () => {
    expect(filterTeams(big, '   ', keys)).toHaveLength(10_000);
    expect(filterTeams(big, 'zzz', keys)).toEqual([]);
  });
});

describe('searchKeys', () => {
  it('folds case and accents once per row', () => {
    expect(searchKeys([team(1, 'Ünïcode CAFÉ'), team(2, 'ｆｕｌｌ')])).toEqual(['unicode cafe', 'full']);
  });
});

describe('indexOfTeam', () => {
  it('finds where a team stands among the shown rows', () => {
    expect(indexOfTeam(board, 1)).toBe(0);
    expect(indexOfTeam(board, 120)).toBe(119);
    expect(indexOfTeam(filterTeams(board, 'team 11'), 110)).toBe(1);
    expect(indexOfTeam(board, 999)).toBeNull();
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

describe('team avatars without a picture', () => {
  it('take the first letters of the first two words, or the first two of one word, in capitals', () => {
    expect(avatarInitials('Team 4 Wolves')).toBe('T4');
    expect(avatarInitials('  red   herring ')).toBe('RH');
    expect(avatarInitials('owls')).toBe('OW');
    expect(avatarInitials('Ünïcode 狐狸')).toBe('Ü狐');
    expect(avatarInitials('')).toBe('');
  });

  it('take a colour of the palette by the name, always the same for one name', () => {
    // The colours Mantine's avatars give these names on the team pages.
    expect(avatarColor('Team 4 Wolves')).toBe(avatarColor('Team 4 Wolves'));
    expect(['Owls', 'Team 1', 'Team 2', 'Red Herring'].map(avatarColor)).toEqual(['pink', 'cyan', 'blue', 'green']);
  });
});
