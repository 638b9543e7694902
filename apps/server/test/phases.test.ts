import type { ScoreboardModel } from '@flagpole/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client';
import { expectError, ok, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { addFlag, createChallenge, createGame, createPlayer, type Player } from './play-fixtures';
import { exportGame, importZip, jsonOf } from './transfer-fixtures';

/*
 * Game phases (docs/game-play.md, "Phases"): organisers define them and put challenges in them; players and the
 * public read them with the game and see each phase's own board, ranked on its challenges only, frozen during a
 * freeze like the whole board; the sheet follows the phase; packages carry them.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface Phase {
  id: number;
  title: string;
  start: number;
}

let ctx: TestContext;
let admin: TestClient;
let anonymous: TestClient;
let gameId: number;
let start: number;
let end: number;
let week1: Phase;
let week2: Phase;
/** Two challenges in week 1, one in week 2, one in no phase. */
const ids = { a: 0, b: 0, c: 0, d: 0 };
/** `early` solves both week-1 challenges; `late` solves the week-2 one and the phase-less one, later. */
let early: Player;
let late: Player;

const board = async (client: TestClient, query = '') =>
  ok<ScoreboardModel>(await client.get(`/api/game/${gameId}/scoreboard${query}`));
const columnIds = (model: ScoreboardModel) =>
  Object.values(model.challenges)
    .flat()
    .map((c) => c.id)
    .sort((x, y) => x - y);
const ranking = (model: ScoreboardModel) => model.items.map((item) => [item.id, item.rank]);

async function settle() {
  await ctx.app.services.play.flagChecker.drain();
  await ctx.app.services.play.scoreboard.settle();
}

async function solve(player: Player, challengeId: number, flag: string) {
  ok<number>(await player.client.post(`/api/game/${gameId}/challenges/${challengeId}`, { flag }));
  await settle();
}

async function sheetRows(query: string): Promise<unknown[][]> {
  const response = await admin.get(`/api/game/${gameId}/scoreboardsheet${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  return sheet.getSheetValues().slice(1) as unknown[][];
}

beforeAll(async () => {
  ctx = await createTestContext();
  const now = ctx.clock.now().getTime();
  start = now - HOUR;
  end = now + 2 * HOUR;
  gameId = await createGame(ctx.db, { start: new Date(start), end: new Date(end), title: 'Waves' });
  admin = await signUpAdmin(ctx, 'phsadmin');
  anonymous = new TestClient(ctx.app, '10.45.0.9');
  for (const [key, title] of [
    ['a', 'Alpha'],
    ['b', 'Bravo'],
    ['c', 'Charlie'],
    ['d', 'Delta'],
  ] as const) {
    ids[key] = await createChallenge(ctx.db, gameId, { title, originalScore: 500, minScoreRate: 0.5, difficulty: 2 });
    await addFlag(ctx.db, ids[key], `flag{${key}}`);
  }
  early = await createPlayer(ctx.app, ctx.db, gameId, 'phsearly');
  late = await createPlayer(ctx.app, ctx.db, gameId, 'phslate');
});
afterAll(() => ctx.close());

describe('phases of a game (organisers)', () => {
  it('are created, listed by start, renamed, moved and checked', async () => {
    // Week 2 is created first: the list orders by start.
    week2 = ok<Phase>(await admin.post(`/api/edit/games/${gameId}/phases`, { title: 'Week 2', start: start + HOUR }));
    week1 = ok<Phase>(
      await admin.post(`/api/edit/games/${gameId}/phases`, {
        title: ' Week one ',
        start: new Date(start).toISOString(),
      }),
    );
    expect(week1).toMatchObject({ title: 'Week one', start });
    const renamed = ok<Phase>(await admin.put(`/api/edit/games/${gameId}/phases/${week1.id}`, { title: 'Week 1' }));
    expect(renamed).toEqual({ ...week1, title: 'Week 1' });
    week1 = renamed;
    const listed = ok<Phase[]>(await admin.get(`/api/edit/games/${gameId}/phases`));
    expect(listed.map((p) => p.title)).toEqual(['Week 1', 'Week 2']);
    // Moving week 2 before week 1 reorders the list; then back.
    ok(await admin.put(`/api/edit/games/${gameId}/phases/${week2.id}`, { start: start - HOUR }));
    expect(ok<Phase[]>(await admin.get(`/api/edit/games/${gameId}/phases`)).map((p) => p.id)).toEqual([
      week2.id,
      week1.id,
    ]);
    ok(await admin.put(`/api/edit/games/${gameId}/phases/${week2.id}`, { start: week2.start, title: null }));

    expectError(await admin.post(`/api/edit/games/${gameId}/phases`, { title: '', start }), 400);
    expectError(await admin.post(`/api/edit/games/${gameId}/phases`, { title: 'A\nB', start }), 400);
    expectError(await admin.post(`/api/edit/games/${gameId}/phases`, { title: 'x'.repeat(65), start }), 400);
    expectError(await admin.post(`/api/edit/games/${gameId}/phases`, { title: 'No start' }), 400);
    expectError(await admin.post('/api/edit/games/999999/phases', { title: 'Lost', start }), 404);
    expectError(await admin.put(`/api/edit/games/${gameId}/phases/999999`, { title: 'Lost' }), 404);
    expectError(await admin.send('DELETE', `/api/edit/games/${gameId}/phases/999999`), 404);
    // A phase is reached through its own game only.
    const other = await createGame(ctx.db, { start: new Date(start), end: new Date(end) });
    expectError(await admin.put(`/api/edit/games/${other}/phases/${week1.id}`, { title: 'Moved' }), 404);
    expectError(await anonymous.get(`/api/edit/games/${gameId}/phases`), 401);

    await ctx.app.services.admin.flushLogs();
    const audited = await ctx.db.selectFrom('logs').select(['user_name', 'message']).execute();
    expect(audited.filter((row) => row.message.startsWith('phase.create:')).map((r) => r.user_name)).toContain(
      'phsadmin',
    );
  });

  it('hold challenges through the challenge editor; a phase of another game is refused', async () => {
    const put = (challengeId: number, phaseId: number | null) =>
      admin.put(`/api/edit/games/${gameId}/challenges/${challengeId}`, { phaseId });
    expect(ok<{ phaseId: number | null }>(await put(ids.a, week1.id)).phaseId).toBe(week1.id);
    ok(await put(ids.b, week1.id));
    ok(await put(ids.c, week2.id));
    // Null clears, absent keeps.
    ok(await put(ids.d, week2.id));
    expect(ok<{ phaseId: number | null }>(await put(ids.d, null)).phaseId).toBeNull();
    ok(await admin.put(`/api/edit/games/${gameId}/challenges/${ids.a}`, { title: 'Alpha' }));
    const list = ok<{ id: number; phaseId: number | null }[]>(await admin.get(`/api/edit/games/${gameId}/challenges`));
    expect(list.map((c) => [c.id, c.phaseId])).toEqual([
      [ids.a, week1.id],
      [ids.b, week1.id],
      [ids.c, week2.id],
      [ids.d, null],
    ]);
    const other = await createGame(ctx.db, { start: new Date(start), end: new Date(end) });
    const foreign = ok<Phase>(await admin.post(`/api/edit/games/${other}/phases`, { title: 'Elsewhere', start }));
    expectError(await put(ids.a, foreign.id), 400);
    expectError(await put(ids.a, 999_999), 400);
    expect(
      ok<{ phaseId: number | null }>(await admin.get(`/api/edit/games/${gameId}/challenges/${ids.a}`)).phaseId,
    ).toBe(week1.id);
  });

  it('are listed with the game for players and the public', async () => {
    const game = ok<{ phases: Phase[] }>(await anonymous.get(`/api/game/${gameId}`));
    expect(game.phases).toEqual([week1, week2]);
    const plain = await createGame(ctx.db, { start: new Date(start), end: new Date(end) });
    expect(ok<{ phases: Phase[] }>(await anonymous.get(`/api/game/${plain}`)).phases).toEqual([]);
  });
});

describe('phase boards', () => {
  beforeAll(async () => {
    await solve(early, ids.a, 'flag{a}');
    await solve(early, ids.b, 'flag{b}');
    ctx.clock.advance(5 * MINUTE);
    await solve(late, ids.c, 'flag{c}');
    await solve(late, ids.d, 'flag{d}');
    ctx.clock.advance(MINUTE);
    await solve(late, ids.a, 'flag{a}');
  });

  it('rank the teams on the phase challenges only, with the whole game’s values and bloods', async () => {
    const whole = await board(anonymous);
    expect(columnIds(whole)).toEqual([ids.a, ids.b, ids.c, ids.d]);
    // Three solves beat two on the whole game.
    expect(ranking(whole)).toEqual([
      [late.teamId, 1],
      [early.teamId, 2],
    ]);

    const first = await board(anonymous, `?phase=${week1.id}`);
    expect(columnIds(first)).toEqual([ids.a, ids.b]);
    expect(first.challengeCount).toBe(2);
    expect(ranking(first)).toEqual([
      [early.teamId, 1],
      [late.teamId, 2],
    ]);
    const lateRow = first.items.find((item) => item.id === late.teamId);
    expect(lateRow?.solvedChallenges.map((s) => s.id)).toEqual([ids.a]);
    // Alpha's value (two solvers) and its bloods are those of the whole board.
    const alpha = (model: ScoreboardModel) =>
      Object.values(model.challenges)
        .flat()
        .find((c) => c.id === ids.a);
    expect(alpha(first)).toEqual(alpha(whole));

    const second = await board(anonymous, `?phase=${week2.id}`);
    expect(columnIds(second)).toEqual([ids.c]);
    expect(ranking(second)).toEqual([
      [late.teamId, 1],
      [early.teamId, 2],
    ]);
    expect(second.items.find((item) => item.id === early.teamId)?.score).toBe(0);
  });

  it('are served from the cache with an ETag of their own, and the whole board is unchanged by them', async () => {
    const whole = await anonymous.get(`/api/game/${gameId}/scoreboard`);
    const phase = await anonymous.get(`/api/game/${gameId}/scoreboard?phase=${week1.id}`);
    expect(phase.headers.etag).toMatch(new RegExp(`^W/"${gameId}-p${week1.id}-[0-9a-f]+"$`));
    expect(whole.headers.etag).toMatch(new RegExp(`^W/"${gameId}-[0-9a-f]+"$`));
    const again = await anonymous.get(`/api/game/${gameId}/scoreboard?phase=${week1.id}`, {
      headers: { 'if-none-match': phase.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    // The same board object is served until something changes: no computation per request.
    const service = ctx.app.services.play.scoreboard;
    const live = await service.get(gameId);
    expect(live?.phase(week1.id)).toBe(live?.phase(week1.id));
    expect((await anonymous.get(`/api/game/${gameId}/scoreboard`)).body).toBe(whole.body);
  });

  it('is 404 for a phase the game does not have', async () => {
    expectError(await anonymous.get(`/api/game/${gameId}/scoreboard?phase=999999`), 404);
    const other = await createGame(ctx.db, { start: new Date(start), end: new Date(end) });
    const foreign = ok<Phase>(await admin.post(`/api/edit/games/${other}/phases`, { title: 'Elsewhere', start }));
    expectError(await anonymous.get(`/api/game/${gameId}/scoreboard?phase=${foreign.id}`), 404);
    expectError(await anonymous.get(`/api/game/${gameId}/scoreboard?phase=x`), 400);
    expectError(await admin.get(`/api/game/${gameId}/scoreboardsheet?phase=999999`), 404);
  });

  it('give the sheet of one phase', async () => {
    const rows = await sheetRows(`?phase=${week1.id}`);
    const [header, first, second] = rows;
    // Rank, team, members, score, solved count, then the phase's challenges only.
    expect(header?.slice(-2)).toEqual(['[Misc] Alpha', '[Misc] Bravo']);
    expect(first?.[2]).toBe(`T-phsearly`);
    expect(second?.[2]).toBe(`T-phslate`);
    const whole = await sheetRows('');
    expect(whole[0]?.slice(-4)).toEqual(['[Misc] Alpha', '[Misc] Bravo', '[Misc] Charlie', '[Misc] Delta']);
    expect(whole[1]?.[2]).toBe('T-phslate');
  });

  it('follow phase edits: a challenge moved, a phase deleted', async () => {
    ok(await admin.put(`/api/edit/games/${gameId}/challenges/${ids.d}`, { phaseId: week2.id }));
    await settle();
    expect(columnIds(await board(anonymous, `?phase=${week2.id}`))).toEqual([ids.c, ids.d]);
    const extra = ok<Phase>(await admin.post(`/api/edit/games/${gameId}/phases`, { title: 'Bonus', start: end }));
    ok(await admin.put(`/api/edit/games/${gameId}/challenges/${ids.d}`, { phaseId: extra.id }));
    await settle();
    expect(columnIds(await board(anonymous, `?phase=${extra.id}`))).toEqual([ids.d]);
    ok(await admin.send('DELETE', `/api/edit/games/${gameId}/phases/${extra.id}`));
    await settle();
    expectError(await anonymous.get(`/api/game/${gameId}/scoreboard?phase=${extra.id}`), 404);
    expect(
      ok<{ phaseId: number | null }>(await admin.get(`/api/edit/games/${gameId}/challenges/${ids.d}`)).phaseId,
    ).toBeNull();
    expect(columnIds(await board(anonymous))).toEqual([ids.a, ids.b, ids.c, ids.d]);
  });
});

describe('phase boards during a freeze', () => {
  it('show players the phase as it stood at freezeAt, organisers the live one', async () => {
    const now = ctx.clock.now().getTime();
    const freezeAt = now + MINUTE;
    ok(await admin.put(`/api/edit/games/${gameId}`, { title: 'Waves', start, end, freezeAt }));
    await settle();
    ctx.clock.set(new Date(freezeAt + MINUTE));
    // After the freeze, early solves the week-2 challenge: it would tie the phase.
    await solve(early, ids.c, 'flag{c}');
    const scoreOf = (model: ScoreboardModel, teamId: number) => model.items.find((i) => i.id === teamId)?.score;

    const player = await board(early.client, `?phase=${week2.id}`);
    const publicView = await board(anonymous, `?phase=${week2.id}`);
    for (const model of [player, publicView]) {
      expect(scoreOf(model, early.teamId)).toBe(0);
      expect(Object.values(model.challenges).flat()[0]?.solved).toBe(1);
    }
    const live = await board(admin, `?phase=${week2.id}`);
    expect(scoreOf(live, early.teamId)).toBeGreaterThan(0);
    expect(Object.values(live.challenges).flat()[0]?.solved).toBe(2);
    // Organisers may ask for what players see.
    expect((await board(admin, `?phase=${week2.id}&view=players`)).version).toBe(publicView.version);
    const response = await anonymous.get(`/api/game/${gameId}/scoreboard?phase=${week2.id}`);
    expect(response.headers.etag).toMatch(new RegExp(`^W/"${gameId}-fp${week2.id}-`));
    expect(response.headers['cache-control']).toContain('private');

    // The sheet follows: live for monitors, frozen on request.
    const earlyRow = (rows: unknown[][]) => rows.find((row) => row?.includes('T-phsearly'));
    expect(earlyRow(await sheetRows(`?phase=${week2.id}`))?.[4]).toBeGreaterThan(0);
    expect(earlyRow(await sheetRows(`?phase=${week2.id}&view=players`))?.[4]).toBe(0);
  });
});

describe('game packages', () => {
  it('carry the phases and each challenge’s phase, and an import recreates them', async () => {
    const { zip } = await exportGame(admin, gameId);
    const game = jsonOf<{ phases: { id: number; title: string; startTime: string }[] }>(zip, 'game.json');
    expect(game.phases.map((p) => [p.id, p.title])).toEqual([
      [week1.id, 'Week 1'],
      [week2.id, 'Week 2'],
    ]);
    expect(jsonOf<{ phaseId?: number }>(zip, `challenges/challenge-${ids.a}.json`).phaseId).toBe(week1.id);
    expect(jsonOf<{ phaseId?: number }>(zip, `challenges/challenge-${ids.d}.json`).phaseId).toBeUndefined();

    const exported = await admin.post(`/api/edit/games/${gameId}/export`);
    const importedId = ok<number>(await importZip(admin, exported.rawPayload));
    const phases = ok<Phase[]>(await admin.get(`/api/edit/games/${importedId}/phases`));
    expect(phases.map((p) => [p.title, p.start])).toEqual([
      ['Week 1', week1.start],
      ['Week 2', week2.start],
    ]);
    const challenges = ok<{ title: string; phaseId: number | null }[]>(
      await admin.get(`/api/edit/games/${importedId}/challenges`),
    );
    expect(challenges.map((c) => [c.title, c.phaseId])).toEqual([
      ['Alpha', phases[0]?.id],
      ['Bravo', phases[0]?.id],
      ['Charlie', phases[1]?.id],
      ['Delta', null],
    ]);
  });

  it('refuse a challenge naming a phase the package does not have', async () => {
    const { zip } = await exportGame(admin, gameId);
    const { zipOf } = await import('./transfer-fixtures');
    const entries: Record<string, Buffer> = {};
    for (const [name, bytes] of Object.entries(zip)) entries[name] = Buffer.from(bytes);
    const name = `challenges/challenge-${ids.a}.json`;
    entries[name] = Buffer.from(JSON.stringify({ ...jsonOf(zip, name), phaseId: 424242 }));
    expectError(await importZip(admin, zipOf(entries)), 400);
  });
});
