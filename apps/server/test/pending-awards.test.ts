import type { AwardInfo, CtfdImportReport, PendingAwardInfo, ScoreboardModel } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client';
import { createGame, createTeam, expectError, ok, signUp, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { exportGame, importZip, jsonOf, zipOf } from './transfer-fixtures';

/*
 * Awards through imports (issue 28; docs/game-transfer.md, "Awards"): an import keeps each award pending under its
 * team's name, and the acceptance of a team of that name turns it into an award, once, whichever path accepts.
 */

let ctx: TestContext;
let admin: TestClient;
let captain: TestClient;
let teamId: number;
let sourceGame: number;
let exported: Buffer;

const awardsOf = (gameId: number) => admin.get(`/api/edit/games/${gameId}/awards`);
const pendingOf = (gameId: number) => admin.get(`/api/edit/games/${gameId}/awards/pending`);
const awardRows = (gameId: number) =>
  ctx.db.selectFrom('game_awards').select(['participation_id', 'points']).where('game_id', '=', gameId).execute();

beforeAll(async () => {
  ctx = await createTestContext({ LOG_LEVEL: 'silent' });
  admin = await signUpAdmin(ctx, 'pendadmin');
  captain = await signUp(ctx, 'pendcap');
  teamId = (await createTeam(captain, 'Pend Alpha')).id;
  sourceGame = (await createGame(ctx, admin, { title: 'Pending source', acceptWithoutReview: true })).id;
  ok(await captain.post(`/api/game/${sourceGame}`, { teamId }));
  ok(
    await admin.post(`/api/edit/games/${sourceGame}/awards`, {
      teamId,
      points: 40,
      reason: 'Best writeup',
      countsForTieBreak: true,
    }),
  );
  exported = (await exportGame(admin, sourceGame, 'teams')).response.rawPayload;
});
afterAll(() => ctx.close());

describe('a game package with awards.json', () => {
  let gameId: number;

  it('keeps each award pending under its team name, and a re-export keeps it', async () => {
    gameId = ok<number>(await importZip(admin, exported));
    expect(ok<AwardInfo[]>(await awardsOf(gameId))).toEqual([]);
    expect(ok<PendingAwardInfo[]>(await pendingOf(gameId))).toEqual([
      {
        id: expect.any(Number),
        teamName: 'Pend Alpha',
        points: 40,
        reason: 'Best writeup',
        countsForTieBreak: true,
        createdAt: expect.any(Number),
      },
    ]);
    const again = jsonOf<Array<Record<string, unknown>>>((await exportGame(admin, gameId, 'teams')).zip, 'awards.json');
    expect(again).toEqual([expect.objectContaining({ team: 'Pend Alpha', points: 40, teamId: null, pending: true })]);
  });

  it('applies it when the team of that name joins, and the board shows it', async () => {
    ok(await captain.post(`/api/game/${gameId}`, { teamId }));
    expect(ok<PendingAwardInfo[]>(await pendingOf(gameId))).toEqual([]);
    expect(ok<AwardInfo[]>(await awardsOf(gameId))).toEqual([
      expect.objectContaining({ teamId, teamName: 'Pend Alpha', points: 40, reason: 'Best writeup', createdBy: null }),
    ]);
    await expect
      .poll(async () => {
        const board = ok<ScoreboardModel>(await admin.get(`/api/game/${gameId}/scoreboard`));
        return board.items.find((item) => item.id === teamId)?.adjustments?.at(-1);
      })
      .toMatchObject({ kind: 'Award', points: 40, reason: 'Best writeup' });
  });

  it('lets an organiser remove a pending award, and only an organiser', async () => {
    const copy = ok<number>(await importZip(admin, exported));
    const [pending] = ok<PendingAwardInfo[]>(await pendingOf(copy));
    const path = `/api/edit/games/${copy}/awards/pending/${pending?.id}`;
    expectError(await captain.get(`/api/edit/games/${copy}/awards/pending`), 403);
    expectError(await captain.send('DELETE', path), 403);
    ok(await admin.send('DELETE', path));
    expectError(await admin.send('DELETE', path), 404);
    ok(await captain.post(`/api/game/${copy}`, { teamId }));
    expect(ok<AwardInfo[]>(await awardsOf(copy))).toEqual([]);
  });

  it('is applied once when two organisers accept the entry at the same time', async () => {
    const copy = ok<number>(await importZip(admin, exported));
    await ctx.db.updateTable('games').set({ accept_without_review: false }).where('id', '=', copy).execute();
    ok(await captain.post(`/api/game/${copy}`, { teamId }));
    const entry = await ctx.db
      .selectFrom('participations')
      .select(['id', 'status'])
      .where('game_id', '=', copy)
      .executeTakeFirstOrThrow();
    expect(entry.status).toBe('Pending');
    expect(await awardRows(copy)).toEqual([]);
    const second = await signUpAdmin(ctx, 'pendadmin2');
    const answers = await Promise.all(
      [admin, second].map((client) => client.put(`/api/admin/participation/${entry.id}`, { status: 'Accepted' })),
    );
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    expect(await awardRows(copy)).toEqual([{ participation_id: entry.id, points: 40 }]);
    expect(ok<PendingAwardInfo[]>(await pendingOf(copy))).toEqual([]);
  });
});

const table = (results: object[]) => JSON.stringify({ count: results.length, results, meta: {} });

describe('a CTFd export with awards', () => {
  it('keeps team awards by team name and user-mode awards by user name, skipping 0 points', async () => {
    const bytes = zipOf({
      'db/challenges.json': table([
        { id: 1, name: 'Warmup', description: '', value: 100, category: 'misc', type: 'standard', state: 'visible' },
      ]),
      'db/flags.json': table([{ id: 1, challenge_id: 1, type: 'static', content: 'flag{w}', data: '' }]),
      'db/teams.json': table([{ id: 7, name: 'Pend Alpha' }]),
      'db/users.json': table([
        { id: 3, name: 'pendcap' },
        { id: 4, name: 'soloist' },
      ]),
      'db/awards.json': table([
        {
          id: 1,
          user_id: 3,
          team_id: 7,
          name: 'Bug report',
          description: 'thanks',
          value: 25,
          date: '2024-05-01T10:00:00',
        },
        { id: 2, user_id: 4, team_id: null, name: 'Late', description: null, value: -10, date: '2024-05-01T11:00:00' },
        { id: 3, user_id: 3, team_id: 7, name: 'Badge', description: null, value: 0, date: null },
      ]),
    });
    const report = ok<CtfdImportReport>(
      await importZip(admin, bytes, { url: '/api/edit/games/import/ctfd', fileName: 'ctfd-backup.zip' }),
    );
    expect(report.pendingAwards).toBe(2);
    expect(report.notes.filter((n) => n.kind === 'awardSkipped')).toEqual([
      { challenge: null, kind: 'awardSkipped', detail: 'Badge: 0' },
    ]);
    const pending = ok<PendingAwardInfo[]>(await pendingOf(report.gameId));
    expect(pending.map((p) => [p.teamName, p.points, p.reason, p.countsForTieBreak, p.createdAt])).toEqual([
      ['Pend Alpha', 25, 'Bug report', true, Date.UTC(2024, 4, 1, 10)],
      ['soloist', -10, 'Late', true, Date.UTC(2024, 4, 1, 11)],
    ]);
  });
});
