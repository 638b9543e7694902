import type { ChallengeDetailModel, CheatInfoModel, ScoreboardModel } from '@flagpole/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client';
import {
  acceptBody,
  createGame,
  createTeam,
  expectError,
  type GameInfo,
  ok,
  signUp,
  signUpAdmin,
} from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { addFlag, addRemoteAttachment, createChallenge } from './play-fixtures';
import { exportGame, importZip, jsonOf } from './transfer-fixtures';

/* Solo games (docs/game-play.md, "Solo games") and per-player progress in team games, through the API. */

let ctx: TestContext;
let admin: TestClient;
let game: GameInfo;
let staticId: number;
let dynamicId: number;
const players: Record<string, TestClient> = {};

function player(name: string): TestClient {
  const client = players[name];
  if (!client) throw new Error(`no player ${name}`);
  return client;
}

async function settle() {
  await ctx.app.services.play.flagChecker.drain();
  await ctx.app.services.play.scoreboard.settle();
}

async function join(name: string, body: Record<string, unknown> = {}) {
  return player(name).post(`/api/game/${game.id}`, body);
}

async function board(gameId = game.id): Promise<ScoreboardModel> {
  await settle();
  return ok<ScoreboardModel>(await admin.get(`/api/game/${gameId}/scoreboard`));
}

async function personalTeam(name: string) {
  return ctx.db
    .selectFrom('teams')
    .innerJoin('users', 'users.id', 'teams.captain_id')
    .selectAll('teams')
    .where('users.user_name', '=', name)
    .where('teams.personal_game_id', '=', game.id)
    .executeTakeFirstOrThrow();
}

async function submit(name: string, challengeId: number, flag: string) {
  const response = await player(name).post(`/api/game/${game.id}/challenges/${challengeId}`, { flag });
  expect(response.statusCode, response.body).toBe(200);
  await settle();
}

async function workbook(gameId: number): Promise<ExcelJS.Workbook> {
  const response = await admin.get(`/api/game/${gameId}/scoreboardsheet`);
  expect(response.statusCode, response.body).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
  return book;
}

function rowValues(sheet: ExcelJS.Worksheet | undefined, index: number): unknown[] {
  if (!sheet) throw new Error('no worksheet');
  return (sheet.getRow(index).values as unknown[]).slice(1);
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx, 'soloadmin');
  game = await createGame(ctx, admin, { title: 'Solo Cup', individual: true, acceptWithoutReview: true });
  staticId = await createChallenge(ctx.db, game.id, { title: 'Static', category: 'Web' });
  await addFlag(ctx.db, staticId, 'flag{static}');
  dynamicId = await createChallenge(ctx.db, game.id, { title: 'Pool', type: 'DynamicAttachment' });
  for (let i = 0; i < 3; i++) {
    const file = await addRemoteAttachment(ctx.db, `https://files.example.com/pool-${i}.zip`);
    await addFlag(ctx.db, dynamicId, `flag{pool-${i}}`, { attachmentId: file });
  }
  for (const name of ['alice', 'bobby', 'carol']) players[name] = await signUp(ctx, name);
});
afterAll(() => ctx.close());

describe('joining a solo game', () => {
  it('enters a player alone, on a personal team named after them that is not among their teams', async () => {
    expect(ok<GameInfo>(await admin.get(`/api/edit/games/${game.id}`))).toMatchObject({ individual: true });
    ok(await join('alice'));
    const detail = ok<Record<string, unknown>>(await player('alice').get(`/api/game/${game.id}`));
    expect(detail).toMatchObject({ individual: true, status: 'Accepted', teamName: 'alice' });
    const team = await personalTeam('alice');
    expect(team.name).toBe('alice');
    expect(ok<unknown[]>(await player('alice').get('/api/team'))).toEqual([]);
    // A second join of the same player is refused, also two at once.
    expectError(await join('alice'), 400);
    const racing = await Promise.all([join('bobby'), join('bobby')]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect((await board()).items.map((i) => i.name).sort()).toEqual(['alice', 'bobby']);
  });

  it('ignores the team a reference client names: the player still enters alone', async () => {
    const own = await createTeam(player('carol'), 'Carols');
    ok(await join('carol', { teamId: own.id }));
    expect((await personalTeam('carol')).id).not.toBe(own.id);
    const entries = await ctx.db.selectFrom('participations').select('team_id').where('team_id', '=', own.id).execute();
    expect(entries).toEqual([]);
  });

  it('refuses team management on a personal team', async () => {
    const team = await personalTeam('alice');
    const alice = player('alice');
    expectError(await alice.put(`/api/team/${team.id}`, { name: 'renamed' }), 400);
    expectError(await alice.get(`/api/team/${team.id}/invite`), 400);
    expectError(await alice.send('DELETE', `/api/team/${team.id}`), 400);
    const code = `${team.name}:${team.id}:${team.invite_token}`;
    expectError(await player('bobby').post('/api/team/accept', undefined, acceptBody(code)), 400);
    expect((await personalTeam('alice')).name).toBe('alice');
  });

  it('a team game still needs the team', async () => {
    const teamGame = await createGame(ctx, admin, { title: 'Team Cup' });
    expectError(await player('alice').post(`/api/game/${teamGame.id}`, {}), 400);
  });
});

describe('playing a solo game', () => {
  it('gives each player their own dynamic flag, reports a shared one as cheating, and boards player names', async () => {
    const url = async (name: string) =>
      ok<ChallengeDetailModel>(await player(name).get(`/api/game/${game.id}/challenges/${dynamicId}`)).context.url;
    expect(await url('alice')).not.toBe(await url('bobby'));
    const alice = await personalTeam('alice');
    const entry = await ctx.db
      .selectFrom('participations')
      .select('id')
      .where('team_id', '=', alice.id)
      .executeTakeFirstOrThrow();
    const aliceFlag = await ctx.db
      .selectFrom('flags')
      .select('flag')
      .where('challenge_id', '=', dynamicId)
      .where('participation_id', '=', entry.id)
      .executeTakeFirstOrThrow();
    await submit('bobby', dynamicId, aliceFlag.flag);
    const cheats = ok<CheatInfoModel[]>(await admin.get(`/api/game/${game.id}/cheatinfo`));
    expect(cheats.map((c) => [c.ownedTeam.team.name, c.submitTeam.team.name])).toEqual([['alice', 'bobby']]);

    await submit('alice', staticId, 'flag{static}');
    const solved = await board();
    expect(solved.items[0]).toMatchObject({ name: 'alice', score: 1000 * 1.05 });
  });

  it('follows a rename of the player on the board', async () => {
    ok(await player('alice').put('/api/account/update', { userName: 'alicia' }));
    expect((await board()).items[0]?.name).toBe('alicia');
    ok(await admin.put(`/api/admin/users/${(await personalTeam('alicia')).captain_id}`, { userName: 'alice' }));
    expect((await board()).items[0]?.name).toBe('alice');
  });

  it('exports the board with a Player column and no roster', async () => {
    const book = await workbook(game.id);
    expect(book.worksheets).toHaveLength(1);
    expect(rowValues(book.worksheets[0], 1)).toEqual([
      'Rank',
      'Player',
      'Score',
      'Solved',
      '[Misc] Pool',
      '[Web] Static',
    ]);
    expect(rowValues(book.worksheets[0], 2)?.slice(0, 2)).toEqual([1, 'alice']);
  });

  it('refuses switching to team play once the game has entries; an empty game switches', async () => {
    const body = { title: game.title, start: game.start, end: game.end, individual: false };
    expectError(await admin.put(`/api/edit/games/${game.id}`, body), 400);
    const empty = await createGame(ctx, admin, { title: 'Empty' });
    const switched = ok<GameInfo>(await admin.put(`/api/edit/games/${empty.id}`, { ...body, title: 'Empty' }));
    expect(switched).toMatchObject({ individual: false });
    expect(
      ok<GameInfo>(await admin.put(`/api/edit/games/${empty.id}`, { ...body, title: 'Empty', individual: true })),
    ).toMatchObject({ individual: true });
  });

  it('travels through export and import', async () => {
    const { zip } = await exportGame(admin, game.id);
    expect(jsonOf<Record<string, unknown>>(zip, 'game.json')).toMatchObject({ individual: true });
    const { response } = await exportGame(admin, game.id);
    const imported = ok<number>(await importZip(admin, response.rawPayload));
    expect(ok<GameInfo>(await admin.get(`/api/edit/games/${imported}`))).toMatchObject({ individual: true });
  });
});

describe('per-player progress in a team game', () => {
  it('is a game setting, and the board sheet has a sheet of each member’s points', async () => {
    const teamGame = await createGame(ctx, admin, {
      title: 'Duo Cup',
      memberProgress: true,
      acceptWithoutReview: true,
    });
    expect(ok<Record<string, unknown>>(await admin.get(`/api/game/${teamGame.id}`))).toMatchObject({
      memberProgress: true,
      individual: false,
    });
    const challengeId = await createChallenge(ctx.db, teamGame.id, { title: 'Duo', category: 'Web' });
    await addFlag(ctx.db, challengeId, 'flag{duo}');
    const dave = await signUp(ctx, 'davey');
    const erin = await signUp(ctx, 'erinn');
    const team = await createTeam(dave, 'Duo');
    const code = ok<string>(await dave.get(`/api/team/${team.id}/invite`));
    ok(await erin.post('/api/team/accept', undefined, acceptBody(code)));
    ok(await dave.post(`/api/game/${teamGame.id}`, { teamId: team.id }));
    ok(await erin.post(`/api/game/${teamGame.id}`, { teamId: team.id }));
    ok(await erin.post(`/api/game/${teamGame.id}/challenges/${challengeId}`, { flag: 'flag{duo}' }));
    await settle();
    const book = await workbook(teamGame.id);
    const members = book.worksheets[1];
    expect(members?.name).toBe('Players');
    expect(rowValues(members, 1)).toEqual(['Team', 'User', 'Score', 'Solved']);
    expect([rowValues(members, 2), rowValues(members, 3)]).toEqual([
      ['Duo', 'erinn', 1050, 1],
      ['Duo', 'davey', 0, 0],
    ]);
  });
});
