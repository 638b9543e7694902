import type { ScoreboardModel, SubmissionType } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client';
import { ok, signUp, signUpAdmin } from './game-fixtures';
import { createTestContext, json, type TestContext } from './harness';

/**
 * One small game built entirely through the API, and its whole scoreboard compared with a board worked out
 * by hand from the rules in src/scoring/README.md (every item, every field).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The game starts at T and ends at T + 4 h; it is in practice mode, so solves after the end are accepted. */
const T = Date.UTC(2031, 0, 1);

let ctx: TestContext;
let admin: TestClient;
let gameId: number;
const challenge: Record<string, number> = {};
const team: Record<string, number> = {};
const player: Record<string, TestClient> = {};

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('missing fixture');
  return value;
}

async function createChallenge(title: string, category: string, settings: Record<string, unknown>): Promise<number> {
  const url = `/api/edit/games/${gameId}/challenges`;
  const { id } = ok<{ id: number }>(await admin.post(url, { title, category }));
  ok(await admin.post(`${url}/${id}/flags`, [{ flag: `flag{${title}}` }]));
  ok(await admin.put(`${url}/${id}`, settings));
  return id;
}

async function solve(who: string, title: string, at: number): Promise<void> {
  ctx.clock.set(new Date(at));
  const response = await player[who]?.post(`/api/game/${gameId}/challenges/${challenge[title]}`, {
    flag: `flag{${title}}`,
  });
  expect(response?.statusCode, response?.body).toBe(200);
  await ctx.app.services.play.flagChecker.drain();
}

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(new Date(T - HOUR));
  admin = await signUpAdmin(ctx, 'whole_admin');
  const game = ok<{ id: number }>(
    await admin.post('/api/edit/games', {
      title: 'Whole board',
      start: T,
      end: T + 4 * HOUR,
      practiceMode: true,
      acceptWithoutReview: true,
    }),
  );
  gameId = game.id;
  challenge.Alpha = await createChallenge('Alpha', 'Web', {
    isEnabled: true,
    originalScore: 500,
    minScoreRate: 0.5,
    difficulty: 2,
  });
  challenge.Bravo = await createChallenge('Bravo', 'Pwn', { isEnabled: true, deadlineUtc: T + 2 * HOUR });
  challenge.Charlie = await createChallenge('Charlie', 'Crypto', {
    isEnabled: true,
    originalScore: 300,
    disableBloodBonus: true,
  });
  challenge.Delta = await createChallenge('Delta', 'Misc', { isEnabled: true });
  challenge.Echo = await createChallenge('Echo', 'Misc', { isEnabled: false });
  for (const name of ['A', 'B', 'C', 'D', 'E']) {
    const client = await signUp(ctx, `whole_${name.toLowerCase()}`);
    const created = ok<{ id: number }>(await client.post('/api/team', { name: `Team ${name}`, bio: `Bio ${name}` }));
    ok(await client.post(`/api/game/${gameId}`, { teamId: created.id }));
    player[name] = client;
    team[name] = created.id;
  }

  await solve('A', 'Alpha', T + 1 * MINUTE);
  await solve('D', 'Alpha', T + 2 * MINUTE);
  await solve('B', 'Alpha', T + 3 * MINUTE);
  await solve('B', 'Bravo', T + 5 * MINUTE);
  await solve('E', 'Charlie', T + 6 * MINUTE);
  await solve('C', 'Charlie', T + 7 * MINUTE);
  await solve('D', 'Bravo', T + 8 * MINUTE);
  await solve('A', 'Charlie', T + 9 * MINUTE);
  // After Bravo's deadline, and after the end of the game (practice mode).
  await solve('C', 'Bravo', T + 3 * HOUR);
  await solve('E', 'Delta', T + 5 * HOUR);

  ctx.clock.set(new Date(T + 6 * HOUR));
  const entries = ok<Array<{ id: number; team: { id: number } }>>(
    await admin.get(`/api/game/${gameId}/participations`),
  );
  const suspended = entries.find((entry) => entry.team.id === team.D);
  ok(await admin.put(`/api/admin/participation/${suspended?.id}`, { status: 'Suspended' }));
  await ctx.app.services.play.scoreboard.settle();
});
afterAll(() => ctx.close());

describe('the whole scoreboard of a game built through the API', () => {
  it('equals the board worked out by hand', async () => {
    const response = await new TestClient(ctx.app, '10.66.0.1').get(`/api/game/${gameId}/scoreboard`);
    expect(response.statusCode).toBe(200);
    const [a, b, c, e] = [must(team.A), must(team.B), must(team.C), must(team.E)];
    const blood = (id: number, name: string, at: number) => ({ id, name, avatar: null, submitTimeUtc: at });
    const solved = (title: string, score: number, type: SubmissionType, user: string, at: number) => ({
      id: must(challenge[title]),
      score,
      type,
      userName: `whole_${user}`,
      time: at,
    });
    const row = (
      id: number,
      name: string,
      score: number,
      rank: number,
      last: number,
      solves: ScoreboardModel['items'][number]['solvedChallenges'],
    ) => ({
      id,
      name: `Team ${name}`,
      bio: `Bio ${name}`,
      divisionId: null,
      avatar: null,
      score,
      rank,
      divisionRank: null,
      lastSubmissionTime: last,
      solvedChallenges: solves,
      solvedCount: solves.length,
    });
    /*
     * Team D is suspended: its solves are gone, so B moves up to Alpha's second blood and Bravo has one solve.
     * Alpha: 500 points, rate 0.5, difficulty 2, n = 2: floor(500 × (0.5 + 0.5 × e^(-1/2))) = floor(401.63) = 401;
     *   first blood +5 %: 421.05 → 421; second blood +3 %: 413.03 → 413.
     * Bravo: 1000, n = 1 (C solved after the deadline): 1000; first blood 1050.
     * Charlie: 300, rate 0.25, difficulty 5, n = 3: floor(300 × (0.25 + 0.75 × e^(-2/5))) = floor(225.82) = 225;
     *   blood bonus disabled: every solver 225, no bloods.
     * Delta: solved only after the end (practice): 0 counted solves, worth 1000, listed on E's row with 0.
     * Echo is disabled and absent. Totals: B 413 + 1050 = 1463; A 421 + 225 = 646; E 225 and C 225 tie,
     * E first (last scoring solve at 6 min, C at 7 min).
     */
    const expected: ScoreboardModel = {
      updateTimeUtc: T + 6 * HOUR,
      bloodBonus: 52_459_530,
      timelines: [
        {
          divisionId: 0,
          teams: [
            {
              id: b,
              name: 'Team B',
              items: [
                { time: T + 3 * MINUTE, score: 413 },
                { time: T + 5 * MINUTE, score: 1463 },
              ],
            },
            {
              id: a,
              name: 'Team A',
              items: [
                { time: T + 1 * MINUTE, score: 421 },
                { time: T + 9 * MINUTE, score: 646 },
              ],
            },
            { id: e, name: 'Team E', items: [{ time: T + 6 * MINUTE, score: 225 }] },
            { id: c, name: 'Team C', items: [{ time: T + 7 * MINUTE, score: 225 }] },
          ],
        },
      ],
      items: [
        row(b, 'B', 1463, 1, T + 5 * MINUTE, [
          solved('Alpha', 413, 'SecondBlood', 'b', T + 3 * MINUTE),
          solved('Bravo', 1050, 'FirstBlood', 'b', T + 5 * MINUTE),
        ]),
        row(a, 'A', 646, 2, T + 9 * MINUTE, [
          solved('Alpha', 421, 'FirstBlood', 'a', T + 1 * MINUTE),
          solved('Charlie', 225, 'Normal', 'a', T + 9 * MINUTE),
        ]),
        row(e, 'E', 225, 3, T + 6 * MINUTE, [
          solved('Charlie', 225, 'Normal', 'e', T + 6 * MINUTE),
          solved('Delta', 0, 'Normal', 'e', T + 5 * HOUR),
        ]),
        row(c, 'C', 225, 4, T + 7 * MINUTE, [
          solved('Charlie', 225, 'Normal', 'c', T + 7 * MINUTE),
          solved('Bravo', 0, 'Normal', 'c', T + 3 * HOUR),
        ]),
      ],
      divisions: [],
      challenges: {
        Web: [
          {
            id: must(challenge.Alpha),
            title: 'Alpha',
            category: 'Web',
            score: 401,
            solved: 2,
            deadline: null,
            bloods: [blood(a, 'Team A', T + 1 * MINUTE), blood(b, 'Team B', T + 3 * MINUTE)],
            disableBloodBonus: false,
          },
        ],
        Pwn: [
          {
            id: must(challenge.Bravo),
            title: 'Bravo',
            category: 'Pwn',
            score: 1000,
            solved: 1,
            deadline: T + 2 * HOUR,
            bloods: [blood(b, 'Team B', T + 5 * MINUTE)],
            disableBloodBonus: false,
          },
        ],
        Crypto: [
          {
            id: must(challenge.Charlie),
            title: 'Charlie',
            category: 'Crypto',
            score: 225,
            solved: 3,
            deadline: null,
            bloods: [],
            disableBloodBonus: true,
          },
        ],
        Misc: [
          {
            id: must(challenge.Delta),
            title: 'Delta',
            category: 'Misc',
            score: 1000,
            solved: 0,
            deadline: null,
            bloods: [],
            disableBloodBonus: false,
          },
        ],
      },
      challengeCount: 4,
    };
    // Beyond the reference's fields: the content version live deltas apply to.
    expect(json(response)).toEqual({ ...expected, version: expect.stringMatching(/^[0-9a-f]{20}$/) });
  });
});
