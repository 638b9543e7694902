import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client';
import { registerAndSignIn } from './client';
import { del, expectError, ok, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { multipartBody, multipartFiles } from './multipart';
import {
  acceptParticipation,
  createGame,
  createPlayer,
  createTeamWithMembers,
  type Player,
  userId,
} from './play-fixtures';

interface BasicWriteup {
  submitted: boolean;
  name: string;
  fileSize: number;
  note: string;
}
interface WriteupList {
  divisions: Record<string, string>;
  writeups: Array<{
    id: number;
    team: { id: number; name: string; members?: Array<{ userName: string; captain: boolean }> };
    url: string;
    uploadTimeUtc: number;
    divisionId: number | null;
  }>;
}

const HOUR = 3_600_000;
const MiB = 1024 * 1024;
let ctx: TestContext;
let admin: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx, 'wuadmin');
});
afterAll(() => ctx.close());

const pdf = (text: string) => Buffer.from(`%PDF-1.7\n% ${text}\n%%EOF\n`, 'latin1');

/** A running game that collects writeups until a day after its end. */
async function writeupGame(options: { required?: boolean; title?: string } = {}): Promise<number> {
  const now = ctx.clock.now().getTime();
  const gameId = await createGame(ctx.db, {
    start: new Date(now - HOUR),
    end: new Date(now + 24 * HOUR),
    title: options.title,
  });
  await ctx.db
    .updateTable('games')
    .set({
      writeup_required: options.required ?? true,
      writeup_deadline: new Date(now + 48 * HOUR),
      writeup_note: 'Explain every solve.',
    })
    .where('id', '=', gameId)
    .execute();
  return gameId;
}

function upload(client: TestClient, gameId: number, content: Buffer, fileName = 'mine.pdf', type = 'application/pdf') {
  return client.send('POST', `/api/game/${gameId}/writeup`, undefined, {
    raw: multipartBody('file', fileName, type, content),
  });
}

const mine = async (player: Player, gameId: number) =>
  ok<BasicWriteup>(await player.client.get(`/api/game/${gameId}/writeup`));
const list = async (gameId: number) => ok<WriteupList>(await admin.get(`/api/admin/writeups/${gameId}`));
const references = async (hash: string) =>
  (await ctx.db.selectFrom('files').select('reference_count').where('hash', '=', hash).executeTakeFirstOrThrow())
    .reference_count;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const hashOf = (url: string) => url.split('/')[2] ?? '';

describe('a team uploads its writeup', () => {
  it('starts with nothing submitted and the organisers note', async () => {
    const gameId = await writeupGame();
    const player = await createPlayer(ctx.app, ctx.db, gameId, 'wuempty');
    expect(await mine(player, gameId)).toEqual({
      submitted: false,
      name: '',
      fileSize: 0,
      note: 'Explain every solve.',
    });
  });

  it('stores a PDF by its content, whatever name and type the client gave', async () => {
    const gameId = await writeupGame();
    const player = await createPlayer(ctx.app, ctx.db, gameId, 'wuplayer');
    const content = pdf('first');
    ok(await upload(player.client, gameId, content, '../../../etc/passwd', 'text/html'));
    const basic = await mine(player, gameId);
    expect(basic).toEqual({
      submitted: true,
      name: `Writeup-${gameId}-${player.teamId}-T-wuplayer.pdf`,
      fileSize: content.length,
      note: 'Explain every solve.',
    });

    const { writeups, divisions } = await list(gameId);
    expect(divisions).toEqual({});
    expect(writeups).toHaveLength(1);
    const [entry] = writeups;
    expect(entry).toMatchObject({
      id: player.participationId,
      team: { id: player.teamId, name: 'T-wuplayer', members: [{ userName: 'wuplayer', captain: true }] },
      uploadTimeUtc: ctx.clock.now().getTime(),
      divisionId: null,
    });
    expect(entry?.url).toMatch(new RegExp(`^/assets/[0-9a-f]{64}/${basic.name}$`));

    const download = await admin.get(entry?.url ?? '');
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.rawPayload.equals(content)).toBe(true);
  });

  it('replaces the previous writeup and releases its file', async () => {
    const gameId = await writeupGame();
    const player = await createPlayer(ctx.app, ctx.db, gameId, 'wureplace');
    ok(await upload(player.client, gameId, pdf('old')));
    const oldHash = hashOf((await list(gameId)).writeups[0]?.url ?? '');
    ctx.clock.advance(60_000);
    const newer = pdf('new, longer version');
    ok(await upload(player.client, gameId, newer));
    const { writeups } = await list(gameId);
    expect(writeups).toHaveLength(1);
    expect(hashOf(writeups[0]?.url ?? '')).not.toBe(oldHash);
    expect(writeups[0]?.uploadTimeUtc).toBe(ctx.clock.now().getTime());
    expect(await references(oldHash)).toBe(0);
    expect((await mine(player, gameId)).fileSize).toBe(newer.length);
  });

  it('keeps exactly one of two uploads sent at once, with the other file released', async () => {
    const gameId = await writeupGame();
    const player = await createPlayer(ctx.app, ctx.db, gameId, 'wurace');
    const responses = await Promise.all([
      upload(player.client, gameId, pdf('racer one')),
      upload(player.client, gameId, pdf('racer two')),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
    const { writeups } = await list(gameId);
    expect(writeups).toHaveLength(1);
    const kept = hashOf(writeups[0]?.url ?? '');
    const counts = await ctx.db
      .selectFrom('files')
      .select(['hash', 'reference_count'])
      .where('content_type', '=', 'application/pdf')
      .where('hash', 'in', [kept, ...['racer one', 'racer two'].map((t) => sha256(pdf(t)))])
      .execute();
    expect(counts.map((c) => [c.hash === kept, c.reference_count]).sort()).toEqual([
      [false, 0],
      [true, 1],
    ]);
  });

  it('lets a team member upload after the game ended, until the writeup deadline', async () => {
    const gameId = await writeupGame();
    const player = await createPlayer(ctx.app, ctx.db, gameId, 'wulate');
    ctx.clock.advance(30 * HOUR);
    ok(await upload(player.client, gameId, pdf('after the end')));
    ctx.clock.advance(18 * HOUR);
    expectError(await upload(player.client, gameId, pdf('too late')), 400);
    ctx.clock.advance(-48 * HOUR);
    expect((await mine(player, gameId)).submitted).toBe(true);
  });
});

describe('refused uploads keep the current writeup', () => {
  let gameId: number;
  let player: Player;
  let current: string;

  beforeAll(async () => {
    gameId = await writeupGame();
    player = await createPlayer(ctx.app, ctx.db, gameId, 'wukeeper');
    ok(await upload(player.client, gameId, pdf('keep me')));
    current = (await list(gameId)).writeups[0]?.url ?? '';
  });

  const unchanged = async () => {
    expect((await list(gameId)).writeups.map((w) => w.url)).toEqual([current]);
    // Nothing is left half-written in the store's staging folder.
    const staging = path.join(ctx.config.filesDir, '.staging');
    expect(await readdir(staging).catch(() => [])).toEqual([]);
  };

  it('refuses content that is not a PDF, whatever its name says', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expectError(await upload(player.client, gameId, png, 'writeup.pdf'), 400);
    expectError(await upload(player.client, gameId, Buffer.from('<html><script>alert(1)</script>'), 'x.pdf'), 400);
    expectError(await upload(player.client, gameId, Buffer.alloc(0)), 400);
    expectError(await upload(player.client, gameId, Buffer.from('%PD')), 400);
    await unchanged();
  });

  it('refuses a file over 20 MiB with 413', async () => {
    const large = Buffer.concat([pdf('big'), Buffer.alloc(20 * MiB)]);
    expectError(await upload(player.client, gameId, large), 413);
    await unchanged();
  });

  it('refuses two files in one upload', async () => {
    const two = multipartFiles([
      { field: 'file', fileName: 'a.pdf', content: pdf('first of two') },
      { field: 'file', fileName: 'b.pdf', content: pdf('second of two') },
    ]);
    const response = await player.client.send('POST', `/api/game/${gameId}/writeup`, undefined, { raw: two });
    expect([400, 413]).toContain(response.statusCode);
    await unchanged();
  });

  it('refuses requests without the file part or not in multipart form', async () => {
    const wrongField = multipartBody('document', 'w.pdf', 'application/pdf', pdf('x'));
    expectError(await player.client.send('POST', `/api/game/${gameId}/writeup`, undefined, { raw: wrongField }), 400);
    expectError(await player.client.post(`/api/game/${gameId}/writeup`, { file: 'x' }), 415);
    const broken = {
      body: Buffer.from('--b\r\nContent-Disposition: form-data; name="file"'),
      contentType: 'multipart/form-data; boundary=b',
    };
    expect([400, 413]).toContain(
      (await player.client.send('POST', `/api/game/${gameId}/writeup`, undefined, { raw: broken })).statusCode,
    );
    await unchanged();
  });

  it('refuses games that do not collect writeups, have not started, or that the team is not accepted in', async () => {
    const noWriteups = await writeupGame({ required: false });
    const other = await createPlayer(ctx.app, ctx.db, noWriteups, 'wunone');
    expectError(await upload(other.client, noWriteups, pdf('x')), 400);

    const future = await writeupGame();
    await ctx.db
      .updateTable('games')
      .set({ start_at: new Date(ctx.clock.now().getTime() + HOUR) })
      .where('id', '=', future)
      .execute();
    const early = await createPlayer(ctx.app, ctx.db, future, 'wuearly');
    expectError(await upload(early.client, future, pdf('x')), 400, 10001);
    expectError(await early.client.get(`/api/game/${future}/writeup`), 400, 10001);

    const pendingGame = await writeupGame();
    const pending = await createPlayer(ctx.app, ctx.db, pendingGame, 'wupending', 'Pending');
    expectError(await upload(pending.client, pendingGame, pdf('x')), 400);
    expectError(await pending.client.get(`/api/game/${pendingGame}/writeup`), 400);

    expectError(await upload(other.client, gameId, pdf('not my game')), 403);
    expectError(await other.client.get(`/api/game/${gameId}/writeup`), 403);
    expectError(await upload(player.client, 999_999, pdf('x')), 404);
    expectError(await player.client.get('/api/game/abc/writeup'), 400);
    expectError(await ctx.app.inject({ method: 'POST', url: `/api/game/${gameId}/writeup` }), 401);
    await unchanged();
  });
});

describe('organisers download and clear writeups', () => {
  it('zips every writeup under names the server builds from team names', async () => {
    const gameId = await writeupGame({ title: 'Finals / 2030' });
    const alice = await createPlayer(ctx.app, ctx.db, gameId, 'wualice');
    const evilClient = await registerAndSignIn(ctx.app, 'wuevil', '10.8.0.9');
    const evilId = await userId(ctx.db, 'wuevil');
    const evilTeam = await createTeamWithMembers(ctx.db, '../..\\evil:*', [evilId]);
    await acceptParticipation(ctx.db, gameId, evilTeam, [evilId]);
    ok(await upload(alice.client, gameId, pdf('alice')));
    ok(await upload(evilClient, gameId, pdf('evil')));

    const response = await admin.get(`/api/admin/writeups/${gameId}/all`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="Writeups-Finals_2030-\d{8}T\d{6}Z\.zip"/,
    );
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files).sort()).toEqual([`${alice.teamId}-T-wualice.pdf`, `${evilTeam}-evil.pdf`].sort());
    expect(Buffer.from(files[`${alice.teamId}-T-wualice.pdf`] ?? []).equals(pdf('alice'))).toBe(true);
    expect(Buffer.from(files[`${evilTeam}-evil.pdf`] ?? []).equals(pdf('evil'))).toBe(true);
  });

  it('answers an empty archive for a game without writeups and 404 for no game', async () => {
    const gameId = await writeupGame();
    const response = await admin.get(`/api/admin/writeups/${gameId}/all`);
    expect(response.statusCode).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(response.rawPayload)))).toEqual([]);
    expectError(await admin.get('/api/admin/writeups/999999/all'), 404);
    expectError(await admin.get('/api/admin/writeups/999999'), 404);
    expectError(await admin.get('/api/admin/writeups/0'), 400);
  });

  it('deletes every writeup of a game and releases the files', async () => {
    const gameId = await writeupGame();
    const player = await createPlayer(ctx.app, ctx.db, gameId, 'wuclear');
    ok(await upload(player.client, gameId, pdf('clear me')));
    const hash = hashOf((await list(gameId)).writeups[0]?.url ?? '');
    expect(await references(hash)).toBe(1);
    ok(await del(admin, `/api/edit/games/${gameId}/writeups`));
    expect((await list(gameId)).writeups).toEqual([]);
    expect((await mine(player, gameId)).submitted).toBe(false);
    expect(await references(hash)).toBe(0);
    ok(await del(admin, `/api/edit/games/${gameId}/writeups`));
    expectError(await del(admin, '/api/edit/games/999999/writeups'), 404);
  });

  it('keeps the organiser routes for administrators', async () => {
    const gameId = await writeupGame();
    const player = await createPlayer(ctx.app, ctx.db, gameId, 'wunosy');
    ok(await upload(player.client, gameId, pdf('private')));
    expectError(await player.client.get(`/api/admin/writeups/${gameId}`), 403);
    expectError(await player.client.get(`/api/admin/writeups/${gameId}/all`), 403);
    expectError(await del(player.client, `/api/edit/games/${gameId}/writeups`), 403);
    expectError(await ctx.app.inject({ url: `/api/admin/writeups/${gameId}` }), 401);
    expect((await list(gameId)).writeups).toHaveLength(1);
  });
});
