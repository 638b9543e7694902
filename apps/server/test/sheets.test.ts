import type { ScoreboardModel } from '@flagpole/contract';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client';
import { expectError, signUp, signUpAdmin } from './game-fixtures';
import { createTestContext, json, type TestContext } from './harness';
import { addFlag, createChallenge, createGame, createPlayer, type Player, userId } from './play-fixtures';

const HOUR = 3_600_000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let ctx: TestContext;
let monitor: TestClient;
let gameId: number;
let start: number;
let alpha: Player;
let beta: Player;
const challenge: Record<string, number> = {};

async function settle() {
  await ctx.app.services.play.flagChecker.drain();
  await ctx.app.services.play.scoreboard.settle();
}

async function submit(player: Player, title: string, flag: string, minute: number) {
  ctx.clock.set(new Date(start + minute * 60_000));
  const response = await player.client.post(`/api/game/${gameId}/challenges/${challenge[title]}`, { flag });
  expect(response.statusCode, response.body).toBe(200);
  await settle();
}

async function workbook(response: LightMyRequestResponse, index = 0): Promise<ExcelJS.Worksheet> {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe(XLSX);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
  const sheet = book.worksheets[index];
  if (!sheet) throw new Error('no worksheet');
  return sheet;
}

const rowValues = (sheet: ExcelJS.Worksheet, index: number) => (sheet.getRow(index).values as unknown[]).slice(1);

beforeAll(async () => {
  ctx = await createTestContext();
  monitor = await signUp(ctx, 'sheetmon');
  await ctx.db.updateTable('users').set({ role: 'Monitor' }).where('user_name', '=', 'sheetmon').execute();
  start = ctx.clock.now().getTime() - HOUR;
  gameId = await createGame(ctx.db, { start: new Date(start), end: new Date(start + 10 * HOUR), title: 'Quals 2030' });
  for (const [title, category] of [
    ['Easy web', 'Web'],
    ['Heap', 'Pwn'],
  ] as const) {
    challenge[title] = await createChallenge(ctx.db, gameId, { title, category });
    await addFlag(ctx.db, challenge[title] ?? 0, `flag{${title}}`);
  }
  alpha = await createPlayer(ctx.app, ctx.db, gameId, 'sheetalpha');
  beta = await createPlayer(ctx.app, ctx.db, gameId, 'sheetbeta');
  // A second member on alpha's roster.
  const second = await signUp(ctx, 'sheetsecond');
  const secondId = await userId(ctx.db, 'sheetsecond');
  await ctx.db.insertInto('team_members').values({ team_id: alpha.teamId, user_id: secondId }).execute();
  await ctx.db
    .insertInto('participation_members')
    .values({ participation_id: alpha.participationId, game_id: gameId, user_id: secondId })
    .execute();
  void second;

  await submit(alpha, 'Easy web', 'flag{Easy web}', 1);
  await submit(beta, 'Easy web', '=HYPERLINK("http://evil.example","x")', 2);
  await submit(beta, 'Heap', 'flag{Heap}', 3);
  await submit(alpha, 'Heap', 'flag{nope}', 4);
});
afterAll(() => ctx.close());

describe('scoreboard sheet', () => {
  it("holds the cached board's ranks, teams, rosters, scores and per-challenge points", async () => {
    const board = json<ScoreboardModel>(await ctx.app.inject({ url: `/api/game/${gameId}/scoreboard` }));
    const response = await monitor.get(`/api/game/${gameId}/scoreboardsheet`);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="Scoreboard-Quals_2030-\d{8}T\d{6}Z\.xlsx"/,
    );
    const sheet = await workbook(response);
    expect(rowValues(sheet, 1)).toEqual(['Rank', 'Team', 'Members', 'Score', 'Solved', '[Pwn] Heap', '[Web] Easy web']);
    // Both teams hold one first blood (1000 + 5 %); alpha solved first, so it ranks first.
    expect(rowValues(sheet, 2)).toEqual([1, 'T-sheetalpha', 'sheetalpha, sheetsecond', 1050, 1, undefined, 1050]);
    expect(rowValues(sheet, 3)).toEqual([2, 'T-sheetbeta', 'sheetbeta', 1050, 1, 1050]);
    expect(sheet.rowCount).toBe(1 + board.items.length);
    for (const [index, item] of board.items.entries()) {
      const values = rowValues(sheet, index + 2);
      expect(values.slice(0, 5)).toEqual([item.rank, item.name, expect.any(String), item.score, item.solvedCount]);
    }
  });

  it('is read from the scoreboard cache, not recomputed', async () => {
    await ctx.db
      .deleteFrom('solves')
      .where('game_id', '=', gameId)
      .where('participation_id', '=', beta.participationId)
      .execute();
    const sheet = await workbook(await monitor.get(`/api/game/${gameId}/scoreboardsheet`));
    expect(rowValues(sheet, 3)[3]).toBe(1050);
    await ctx.app.services.play.scoreboard.invalidate(gameId);
    await settle();
    const rebuilt = await workbook(await monitor.get(`/api/game/${gameId}/scoreboardsheet`));
    expect(rowValues(rebuilt, 3).slice(1, 4)).toEqual(['T-sheetbeta', 'sheetbeta', 0]);
  });

  it("writes the column titles in the caller's language", async () => {
    const sheet = await workbook(
      await monitor.get(`/api/game/${gameId}/scoreboardsheet`, { headers: { 'accept-language': 'de-DE' } }),
    );
    expect(rowValues(sheet, 1).slice(0, 5)).toEqual(['Rang', 'Team', 'Mitglieder', 'Punkte', 'Gelöst']);
    expect(sheet.name).toBe('Rangliste');
  });

  it('adds the adjustment total per team and a sheet listing each award, in the sheet language', async () => {
    const admin = await signUpAdmin(ctx, 'sheetadmin');
    ctx.clock.set(new Date(start + 6 * 60_000));
    const path = `/api/edit/games/${gameId}/awards`;
    const given = await admin.post(path, { teamId: alpha.teamId, points: -50, reason: 'flag sharing' });
    expect(given.statusCode, given.body).toBe(200);
    await settle();
    const url = `/api/game/${gameId}/scoreboardsheet`;
    const board = await workbook(await monitor.get(url));
    expect(rowValues(board, 1).slice(0, 6)).toEqual(['Rank', 'Team', 'Members', 'Score', 'Adjustments', 'Solved']);
    expect(rowValues(board, 2).slice(0, 6)).toEqual([1, 'T-sheetalpha', 'sheetalpha, sheetsecond', 1000, -50, 1]);
    expect(rowValues(board, 3).slice(3, 5)).toEqual([0, 0]);
    const list = await workbook(await monitor.get(url), 2);
    expect(list.name).toBe('Adjustments');
    expect(rowValues(list, 1)).toEqual(['Team', 'Kind', 'Challenge', 'Points', 'Reason', 'Time (UTC)']);
    expect(rowValues(list, 2)).toEqual([
      'T-sheetalpha',
      'Award or penalty',
      undefined,
      -50,
      'flag sharing',
      new Date(start + 6 * 60_000),
    ]);
    expect(list.rowCount).toBe(2);
    const german = await workbook(await monitor.get(url, { headers: { 'accept-language': 'de-DE' } }), 2);
    expect(german.name).toBe('Anpassungen');
    expect(rowValues(german, 2)[1]).toBe('Bonus oder Strafe');
  });
});

describe('submission sheet', () => {
  it('lists every submission oldest first with time, team, user, challenge, answer and status', async () => {
    const response = await monitor.get(`/api/game/${gameId}/submissionsheet`);
    expect(response.headers['content-disposition']).toMatch(/filename="Submissions-Quals_2030-/);
    const sheet = await workbook(response);
    expect(rowValues(sheet, 1)).toEqual(['Time (UTC)', 'Team', 'User', 'Challenge', 'Answer', 'Status']);
    const at = (minute: number) => new Date(start + minute * 60_000);
    expect([2, 3, 4, 5].map((i) => rowValues(sheet, i))).toEqual([
      [at(1), 'T-sheetalpha', 'sheetalpha', 'Easy web', 'flag{Easy web}', 'Accepted'],
      [at(2), 'T-sheetbeta', 'sheetbeta', 'Easy web', '=HYPERLINK("http://evil.example","x")', 'WrongAnswer'],
      [at(3), 'T-sheetbeta', 'sheetbeta', 'Heap', 'flag{Heap}', 'Accepted'],
      [at(4), 'T-sheetalpha', 'sheetalpha', 'Heap', 'flag{nope}', 'WrongAnswer'],
    ]);
    expect(sheet.rowCount).toBe(5);
  });

  it('keeps an answer that looks like a formula as plain text', async () => {
    const sheet = await workbook(await monitor.get(`/api/game/${gameId}/submissionsheet`));
    const cell = sheet.getRow(3).getCell(5);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.formula).toBeUndefined();
  });

  it('pages through many submissions in order', async () => {
    const rows = Array.from({ length: 4500 }, (_, i) => ({
      game_id: gameId,
      challenge_id: challenge.Heap ?? 0,
      participation_id: alpha.participationId,
      user_id: alpha.userId,
      answer: `bulk-${i}`,
      status: 'WrongAnswer' as const,
      // Pairs share a time, so the order falls back to the id.
      submitted_at: new Date(start + 5 * 60_000 + Math.floor(i / 2) * 1000),
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await ctx.db
        .insertInto('submissions')
        .values(rows.slice(i, i + 1000))
        .execute();
    const sheet = await workbook(await monitor.get(`/api/game/${gameId}/submissionsheet`));
    expect(sheet.rowCount).toBe(5 + 4500);
    const answers = Array.from({ length: 4500 }, (_, i) => sheet.getRow(6 + i).getCell(5).value);
    expect(answers).toEqual(rows.map((r) => r.answer));
  });
});

describe('bad requests for sheets', () => {
  it('answers 400/10001 before the game starts, 404 for no game and 400 for a malformed id', async () => {
    const future = await createGame(ctx.db, {
      start: new Date(ctx.clock.now().getTime() + HOUR),
      end: new Date(ctx.clock.now().getTime() + 2 * HOUR),
    });
    for (const kind of ['scoreboardsheet', 'submissionsheet']) {
      expectError(await monitor.get(`/api/game/${future}/${kind}`), 400, 10001);
      expectError(await monitor.get(`/api/game/999999/${kind}`), 404);
      expectError(await monitor.get(`/api/game/abc/${kind}`), 400);
      expectError(await monitor.get(`/api/game/-1/${kind}`), 400);
    }
  });

  it('is for monitors and administrators only', async () => {
    for (const kind of ['scoreboardsheet', 'submissionsheet']) {
      expectError(await alpha.client.get(`/api/game/${gameId}/${kind}`), 403);
      expectError(await ctx.app.inject({ url: `/api/game/${gameId}/${kind}` }), 401);
    }
  });
});
