import { mkdir, writeFile } from 'node:fs/promises';
import { type Division, type GameNotice, GamePermission, type ScoreboardModel } from '@flagpole/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client';
import { del, expectError, ok, signUpAdmin } from './game-fixtures';
import { createTestContext, json, type TestContext } from './harness';
import { addFlag, createChallenge, createGame, createPlayer, type Player } from './play-fixtures';

/*
 * Playing in divisions: what a team sees and may submit, and the board (counted solves, bloods, ranks,
 * timelines) per division. Hand-worked values with O=1000, r=0.25, d=5 and the default +5/+3/+1 % bloods:
 *   n=3: 752; bloods 752 × 1.05 = 789.6 -> 790, × 1.03 = 774.56 -> 775, × 1.01 = 759.52 -> 760.
 */
let ctx: TestContext;
let admin: TestClient;
const HOUR = 3_600_000;
const { All, RankOverall, GetBlood, AffectDynamicScore, ViewChallenge } = GamePermission;

let gameId: number;
let start: number;
const ids: Record<string, number> = {};
let open: Division;
let guests: Division;
let a: Player;
let b: Player;
let c: Player;
let d: Player;

async function settle() {
  await ctx.app.services.play.flagChecker.drain();
  await ctx.app.services.play.scoreboard.settle();
}

async function board(): Promise<ScoreboardModel> {
  await settle();
  return ok<ScoreboardModel>(await new TestClient(ctx.app, '10.78.0.1').get(`/api/game/${gameId}/scoreboard`));
}

async function putInDivision(player: Player, divisionId: number) {
  await ctx.db
    .updateTable('participations')
    .set({ division_id: divisionId })
    .where('id', '=', player.participationId)
    .execute();
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx, 'dpadmin');
  start = ctx.clock.now().getTime() - HOUR;
  gameId = await createGame(ctx.db, { start: new Date(start), end: new Date(start + 10 * HOUR) });
  for (const [title, category] of [
    ['X', 'Web'],
    ['Y', 'Pwn'],
    ['H', 'Misc'],
  ] as const) {
    ids[title] = await createChallenge(ctx.db, gameId, { title, category });
    await addFlag(ctx.db, ids[title] ?? 0, `flag{${title}}`);
  }
  ids.Box = await createChallenge(ctx.db, gameId, { title: 'Box', type: 'StaticContainer' });
  open = ok<Division>(await admin.post(`/api/edit/games/${gameId}/divisions`, { name: 'Open' }));
  guests = ok<Division>(
    await admin.post(`/api/edit/games/${gameId}/divisions`, {
      name: 'Guests',
      defaultPermissions: All & ~(RankOverall | GetBlood | AffectDynamicScore),
      challengeConfigs: [
        { challengeId: ids.H, permissions: 0 },
        { challengeId: ids.Y, permissions: ViewChallenge },
        { challengeId: ids.Box, permissions: 0 },
      ],
    }),
  );
  a = await createPlayer(ctx.app, ctx.db, gameId, 'dpa');
  b = await createPlayer(ctx.app, ctx.db, gameId, 'dpb');
  c = await createPlayer(ctx.app, ctx.db, gameId, 'dpc');
  d = await createPlayer(ctx.app, ctx.db, gameId, 'dpd');
  await putInDivision(a, open.id);
  await putInDivision(b, guests.id);
  await putInDivision(d, open.id);
  await ctx.app.services.play.scoreboard.invalidate(gameId);
});
afterAll(() => ctx.close());

interface Details {
  challenges: Record<string, Array<{ id: number }>>;
  challengeCount: number;
  rank: { id: number; divisionId: number | null } | null;
}

describe('what a division sees and may submit', () => {
  it('lists only the challenges the division may view', async () => {
    await settle();
    const guest = ok<Details>(await b.client.get(`/api/game/${gameId}/details`));
    const seen = Object.values(guest.challenges).flatMap((list) => list.map((ch) => ch.id));
    expect(seen.sort()).toEqual([ids.X, ids.Y].sort());
    expect(guest.challengeCount).toBe(2);
    const member = ok<Details>(await a.client.get(`/api/game/${gameId}/details`));
    expect(member.challengeCount).toBe(4);
    expect(Object.values(member.challenges).flat()).toHaveLength(4);
  });

  it('answers 404 for a challenge the division may not view, also for its container', async () => {
    expectError(await b.client.get(`/api/game/${gameId}/challenges/${ids.H}`), 404);
    ok(await b.client.get(`/api/game/${gameId}/challenges/${ids.Y}`));
    ok(await a.client.get(`/api/game/${gameId}/challenges/${ids.H}`));
    expectError(await b.client.post(`/api/game/${gameId}/container/${ids.Box}`), 404);
    // Visible to the others: past the division check (this platform has no container engine here).
    expectError(await a.client.post(`/api/game/${gameId}/container/${ids.Box}`), 400);
  });

  it('refuses a flag for a challenge the division may view but not submit, or not view at all', async () => {
    expectError(await b.client.post(`/api/game/${gameId}/challenges/${ids.Y}`, { flag: 'flag{Y}' }), 400);
    expectError(await b.client.post(`/api/game/${gameId}/challenges/${ids.H}`, { flag: 'flag{H}' }), 400);
    const stored = await ctx.db
      .selectFrom('submissions')
      .select('id')
      .where('participation_id', '=', b.participationId)
      .execute();
    expect(stored).toEqual([]);
  });
});

describe('the board with divisions', () => {
  it('leaves the guests out of the dynamic count, the bloods and the overall rank, and ranks each division', async () => {
    let minute = 1;
    for (const player of [b, a, c, d]) {
      ctx.clock.set(new Date(start + minute++ * 60_000));
      ok(await player.client.post(`/api/game/${gameId}/challenges/${ids.X}`, { flag: 'flag{X}' }));
      await settle();
    }
    const model = await board();
    // n = 3 (a, c, d): 752. The guests solved first but take no blood; they still score (GetScore).
    expect(model.challenges.Web?.[0]).toMatchObject({ score: 752, solved: 3 });
    expect(model.challenges.Web?.[0]?.bloods.map((blood) => blood.id)).toEqual([a.teamId, c.teamId, d.teamId]);
    expect(model.items.map((item) => [item.id, item.score, item.rank, item.divisionId, item.divisionRank])).toEqual([
      [a.teamId, 790, 1, open.id, 1],
      [c.teamId, 775, 2, null, null],
      [d.teamId, 760, 3, open.id, 2],
      [b.teamId, 752, 0, guests.id, 1],
    ]);
    expect(model.timelines.map((line) => [line.divisionId, line.teams.map((team) => team.id)])).toEqual([
      [0, [a.teamId, c.teamId, d.teamId]],
      [open.id, [a.teamId, d.teamId]],
      [guests.id, [b.teamId]],
    ]);
    expect(model.divisions.map((item) => [item.id, item.name, Object.keys(item.challengeConfigs).length])).toEqual([
      [open.id, 'Open', 0],
      [guests.id, 'Guests', 3],
    ]);
    const notices = json<GameNotice[]>(await a.client.get(`/api/game/${gameId}/notices`));
    expect(
      notices
        .filter((notice) => notice.type !== 'Normal')
        .map((notice) => `${notice.type}:${notice.values[0]}`)
        .sort(),
    ).toEqual(['FirstBlood:T-dpa', 'SecondBlood:T-dpc', 'ThirdBlood:T-dpd']);
    const own = ok<Details>(await b.client.get(`/api/game/${gameId}/details`));
    expect(own.rank).toMatchObject({ id: b.teamId, divisionId: guests.id });
  });

  it('re-ranks at once when the organiser changes a division’s permissions', async () => {
    ok(await admin.put(`/api/edit/games/${gameId}/divisions/${guests.id}`, { defaultPermissions: All }));
    const model = await board();
    // The guests now count (n = 4: 661) and took the first blood: 661 × 1.05 = 694.05 -> 694.
    expect(model.challenges.Web?.[0]).toMatchObject({ score: 661, solved: 4 });
    expect(model.items.map((item) => [item.id, item.rank])).toEqual([
      [b.teamId, 1],
      [a.teamId, 2],
      [c.teamId, 3],
      [d.teamId, 4],
    ]);
    // The per-challenge overrides stayed: H is still hidden from them.
    expectError(await b.client.get(`/api/game/${gameId}/challenges/${ids.H}`), 404);
    ok(
      await admin.put(`/api/edit/games/${gameId}/divisions/${guests.id}`, {
        defaultPermissions: All & ~(RankOverall | GetBlood | AffectDynamicScore),
      }),
    );
  });

  it('lists the divisions of the teams in monitors’ reports: cheat info, traffic, writeups, the sheet', async () => {
    const monitor = admin;
    await settle();
    const submission = await ctx.db
      .selectFrom('submissions')
      .select('id')
      .where('participation_id', '=', b.participationId)
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('cheat_infos')
      .values({
        submission_id: submission.id,
        game_id: gameId,
        submit_participation_id: b.participationId,
        source_participation_id: c.participationId,
      })
      .execute();
    const cheats = ok<Array<{ ownedTeam: Record<string, unknown>; submitTeam: Record<string, unknown> }>>(
      await monitor.get(`/api/game/${gameId}/cheatinfo`),
    );
    expect(cheats[0]?.submitTeam).toMatchObject({ division: 'Guests', divisionId: guests.id });
    expect(cheats[0]?.ownedTeam).toMatchObject({ division: null, divisionId: null });

    const folder = `${ctx.config.filesDir}/capture/${ids.Box}/${a.participationId}`;
    await mkdir(folder, { recursive: true });
    await writeFile(`${folder}/one.pcap`, Buffer.alloc(24));
    const traffic = ok<Array<{ id: number; division: string | null }>>(
      await monitor.get(`/api/game/captures/${ids.Box}`),
    );
    expect(traffic).toEqual([expect.objectContaining({ id: a.participationId, division: 'Open' })]);

    const writeups = ok<{ divisions: Record<string, string> }>(await admin.get(`/api/admin/writeups/${gameId}`));
    expect(writeups.divisions).toEqual({ [String(open.id)]: 'Open', [String(guests.id)]: 'Guests' });

    const sheet = await admin.get(`/api/game/${gameId}/scoreboardsheet`);
    expect(sheet.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(sheet.rawPayload as unknown as ExcelJS.Buffer);
    const rows = book.worksheets[0];
    if (!rows) throw new Error('no worksheet');
    const values = (index: number) => (rows.getRow(index).values as unknown[]).slice(1, 4);
    expect(values(2)).toEqual([1, 'T-dpa', 'Open']);
    expect(values(3)).toEqual([2, 'T-dpc', undefined]);
    expect(values(5)).toEqual(['—', 'T-dpb', 'Guests']);
  });

  it('deleting a division keeps its teams on the board without one', async () => {
    ok(await del(admin, `/api/edit/games/${gameId}/divisions/${open.id}`));
    const model = await board();
    const row = model.items.find((item) => item.id === a.teamId);
    expect(row).toMatchObject({ divisionId: null, divisionRank: null, rank: 1 });
    expect(model.timelines.map((line) => line.divisionId)).toEqual([0, guests.id]);
    expect(model.divisions.map((item) => item.id)).toEqual([guests.id]);
    const own = ok<Details>(await a.client.get(`/api/game/${gameId}/details`));
    expect(own.challengeCount).toBe(4);
  });
});
