import { CtftimeFeed, type ScoreboardItem, type ScoreboardModel } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { asciiJson, buildCtftimeFeed } from './ctftime-feed';

const T0 = 1_352_640_000_000;

function challenge(id: number, title: string) {
  return {
    id,
    title,
    category: 'Web' as const,
    score: 100,
    solved: 1,
    deadline: null,
    bloods: [],
    disableBloodBonus: false,
  };
}

function item(
  id: number,
  name: string,
  rank: number,
  score: number,
  solves: [number, number, number][],
  extra: Partial<ScoreboardItem> = {},
): ScoreboardItem {
  return {
    id,
    name,
    bio: null,
    divisionId: null,
    avatar: null,
    score,
    rank,
    divisionRank: null,
    lastSubmissionTime: solves.length ? Math.max(...solves.map((s) => s[2])) : 0,
    solvedChallenges: solves.map(([cid, points, time]) => ({
      id: cid,
      score: points,
      type: 'Normal' as const,
      userName: 'u',
      time,
    })),
    solvedCount: solves.length,
    ...extra,
  };
}

function model(items: ScoreboardItem[]): ScoreboardModel {
  return {
    updateTimeUtc: T0,
    bloodBonus: 0,
    timelines: [],
    items,
    divisions: [],
    challenges: { Web: [challenge(1, 'PPC 100'), challenge(2, 'Web 200')] },
    challengeCount: 2,
  };
}

describe('CTFtime feed', () => {
  it("matches CTFtime's published full Jeopardy example field by field (times in Unix seconds)", () => {
    const feed = buildCtftimeFeed(
      model([
        item(7, 'Pwners', 1, 304, [
          [1, 103, 1_352_647_482_000],
          [2, 201, 1_352_652_183_900],
        ]),
      ]),
    );
    expect(feed).toEqual({
      tasks: ['PPC 100', 'Web 200'],
      standings: [
        {
          pos: 1,
          team: 'Pwners',
          score: 304,
          taskStats: {
            'PPC 100': { points: 103, time: 1352647482 },
            'Web 200': { points: 201, time: 1352652183 },
          },
          lastAccept: 1352652183,
        },
      ],
    });
    expect(CtftimeFeed.parse(feed)).toEqual(feed);
  });

  it('gives every team taskStats (empty without solves) and no lastAccept without an accepted task', () => {
    const feed = buildCtftimeFeed(model([item(1, 'A', 1, 0, [])]));
    expect(feed.standings[0]).toEqual({ pos: 1, team: 'A', score: 0, taskStats: {} });
  });

  it('keeps tied ranks as the board gives them', () => {
    const feed = buildCtftimeFeed(
      model([item(1, 'A', 1, 100, [[1, 100, T0]]), item(2, 'B', 1, 100, [[1, 100, T0]]), item(3, 'C', 3, 0, [])]),
    );
    expect(feed.standings.map((s) => s.pos)).toEqual([1, 1, 3]);
  });

  it('marks teams that do not rank overall as outward, placed where a ranked team would stand', () => {
    const feed = buildCtftimeFeed(
      model([
        item(1, 'A', 1, 300, [], { divisionId: 1, divisionRank: 1 }),
        item(2, 'Guest', 0, 200, [], { divisionId: 2, divisionRank: 1 }),
        item(3, 'B', 2, 100, [], { divisionId: 1, divisionRank: 2 }),
      ]),
    );
    expect(feed.standings.map((s) => [s.team, s.pos, s.outward])).toEqual([
      ['A', 1, undefined],
      ['Guest', 2, true],
      ['B', 2, undefined],
    ]);
    expect('outward' in (feed.standings[0] ?? {})).toBe(false);
  });

  it('ranks within a division with the division rank and no outward teams', () => {
    const feed = buildCtftimeFeed(
      model([
        item(1, 'A', 1, 300, [], { divisionId: 1, divisionRank: 1 }),
        item(2, 'Guest', 0, 200, [], { divisionId: 2, divisionRank: 1 }),
        item(3, 'B', 2, 100, [], { divisionId: 1, divisionRank: 2 }),
      ]),
      2,
    );
    expect(feed.standings).toEqual([{ pos: 1, team: 'Guest', score: 200, taskStats: {} }]);
  });

  it('numbers challenges that share a title so each keeps its own column', () => {
    const m = model([item(1, 'A', 1, 200, [[3, 100, T0]])]);
    m.challenges = { Web: [challenge(1, 'Same'), challenge(3, 'Same')] };
    const feed = buildCtftimeFeed(m);
    expect(feed.tasks).toEqual(['Same', 'Same (2)']);
    expect(Object.keys(feed.standings[0]?.taskStats ?? {})).toEqual(['Same (2)']);
  });

  it('writes non-ASCII characters as \\u escapes, surrogate pairs above U+FFFF', () => {
    const text = asciiJson(buildCtftimeFeed(model([item(1, 'Équipe é 中 🚩', 1, 0, [])])));
    expect(text).toMatch(/^[\x20-\x7e]*$/);
    expect(text).toContain('"team":"\\u00c9quipe \\u00e9 \\u4e2d \\ud83d\\udea9"');
    expect(JSON.parse(text).standings[0].team).toBe('Équipe é 中 🚩');
  });
});
