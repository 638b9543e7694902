import type { AwardInfo, EvidenceReport } from '@flagpole/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvidenceRepository } from '../src/evidence/evidence.repository';
import type { EvidenceCase } from '../src/evidence/evidence-rules';
import { registerAndSignIn, STRONG_PASSWORD, TestClient } from './client';
import { expectError, ok, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { multipartBody } from './multipart';
import {
  acceptParticipation,
  addFlag,
  createChallenge,
  createGame,
  createTeamWithMembers,
  userId,
} from './play-fixtures';

/*
 * Flag-sharing evidence (issue 29; docs/operations.md, "Flag-sharing evidence"): a scripted game producing each
 * signal, a quiet game producing none, the actions on a case and the exports, on both databases.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let ctx: TestContext;
let admin: TestClient;
let scripted: number;
let quiet: number;
const team: Record<string, { client: TestClient; teamId: number; participationId: number }> = {};

async function player(gameId: number, name: string, address: string, headers?: Record<string, string>) {
  let client = await registerAndSignIn(ctx.app, name, address);
  if (headers) {
    // A second sign-in from a browser: its session records the user agent and language.
    client = new TestClient(ctx.app, address);
    ok(await client.post('/api/account/login', { userName: name, password: STRONG_PASSWORD }, { headers }));
  }
  const id = await userId(ctx.db, name);
  const teamId = await createTeamWithMembers(ctx.db, `T-${name}`, [id]);
  const participationId = await acceptParticipation(ctx.db, gameId, teamId, [id]);
  team[name] = { client, teamId, participationId };
}

async function submit(gameId: number, name: string, challengeId: number, flag: string) {
  const client = team[name]?.client as TestClient;
  ok(await client.post(`/api/game/${gameId}/challenges/${challengeId}`, { flag }));
  await ctx.app.services.play.flagChecker.drain();
  ctx.clock.advance(MINUTE);
}

const report = async (gameId: number, query = '') =>
  ok<EvidenceReport>(await admin.post(`/api/game/${gameId}/evidence/refresh${query}`, {}));
const teamsOf = (c: EvidenceReport['cases'][number]) => c.teams.map((t) => t.name).join('+');

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx, 'evadmin');
  const now = ctx.clock.now().getTime();
  const window = { start: new Date(now - HOUR), end: new Date(now + 5 * HOUR) };
  scripted = await createGame(ctx.db, { ...window, title: 'Scripted' });
  quiet = await createGame(ctx.db, { ...window, title: 'Quiet' });

  const browser = { 'user-agent': 'Mozilla/5.0 Evidence', 'accept-language': 'de-DE,de;q=0.9' };
  await player(scripted, 'eva', '10.77.0.1'); // eva and eli share an address
  await player(scripted, 'eli', '10.77.0.1');
  await player(scripted, 'cai', '10.77.0.3', browser); // cai and dan share a browser fingerprint
  await player(scripted, 'dan', '10.77.0.4', browser);
  await player(quiet, 'qia', '10.78.0.1');
  await player(quiet, 'qib', '10.78.0.2');
});
afterAll(() => ctx.close());

describe('a scripted game', () => {
  it('gives a case for each signal, strongest first', async () => {
    const seq = [1, 2, 3].map(async (i) => createChallenge(ctx.db, scripted, { title: `Seq ${i}` }));
    const [s1, s2, s3] = await Promise.all(seq);
    for (const id of [s1, s2, s3]) await addFlag(ctx.db, id as number, `flag{s${id}}`);
    // A container challenge: solved by cai without ever starting its instance.
    const box = await createChallenge(ctx.db, scripted, { title: 'Box', type: 'StaticContainer' });
    await addFlag(ctx.db, box, 'flag{box}');
    // A local attachment: dan downloads it before solving, so no signal for dan.
    const body = multipartBody('files', 'notes.txt', 'application/octet-stream', Buffer.from('evidence notes'));
    const [file] = ok<Array<{ hash: string }>>(await admin.post('/api/assets', undefined, { raw: body }));
    const attachment = await ctx.db
      .insertInto('attachments')
      .values({ type: 'Local', file_hash: file?.hash ?? '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const notes = await createChallenge(ctx.db, scripted, { title: 'Notes', attachmentId: attachment.id });
    await addFlag(ctx.db, notes, 'flag{notes}');
    // A dynamic flag per team: dan submits cai's.
    const dyn = await createChallenge(ctx.db, scripted, { title: 'Dyn', type: 'DynamicAttachment' });
    await addFlag(ctx.db, dyn, 'flag{dyn-cai}', { participationId: team.cai?.participationId as number });
    await addFlag(ctx.db, dyn, 'flag{dyn-dan}', { participationId: team.dan?.participationId as number });

    await submit(scripted, 'eva', s1 as number, 'flag{ Nope }');
    await submit(scripted, 'eli', s1 as number, '  FLAG{ NOPE }');
    for (const id of [s1, s2, s3] as number[]) {
      await submit(scripted, 'eva', id, `flag{s${id}}`);
      await submit(scripted, 'eli', id, `flag{s${id}}`);
      ctx.clock.advance(20 * MINUTE);
    }
    await submit(scripted, 'cai', box, 'flag{box}');
    expect((await team.dan?.client.get(`/assets/${file?.hash}/notes.txt`))?.statusCode).toBe(200);
    await expect.poll(() => ctx.db.selectFrom('attachment_downloads').selectAll().execute()).toHaveLength(1);
    await submit(scripted, 'dan', notes, 'flag{notes}');
    await submit(scripted, 'dan', dyn, 'flag{dyn-cai}');

    const { cases, computedAt } = await report(scripted);
    expect(computedAt).toBe(ctx.clock.now().getTime());
    expect(cases.map((c) => [teamsOf(c), c.strength, c.signals.map((s) => s.kind)])).toEqual([
      ['T-cai+T-dan', 0.955, ['WrongTeamFlag', 'SharedFingerprint']],
      ['T-eva+T-eli', 0.706, ['SameWrongAnswer', 'SharedAddress', 'CloseSolveSequence']],
      ['T-cai', 0.5, ['SolveBeforeAccess']],
    ]);
    const pair = cases[1]?.signals ?? [];
    expect(pair[0]).toMatchObject({ challenge: 'Seq 1', detail: 'flag{ nope }', strength: 0.4 });
    expect(pair[1]).toMatchObject({ detail: '10.77.0.1', strength: 0.3 });
    expect(pair[2]).toMatchObject({ detail: '3', strength: 0.3 });
    expect(cases[0]?.signals[1]?.detail).toBe('Mozilla/5.0 Evidence | de-DE,de;q=0.9');
    expect(cases[2]?.signals[0]).toMatchObject({ challenge: 'Box', detail: 'never' });
  });

  it('is computed once while a computation is fresh: the claim is in the database', async () => {
    const service = ctx.app.services.evidence;
    expect(await service.refresh(scripted, false)).toBe(false);
    ctx.clock.advance(2 * MINUTE);
    const both = await Promise.all([service.refresh(scripted, false), service.refresh(scripted, false)]);
    expect(both.filter(Boolean)).toHaveLength(1);
  });

  it('dismisses a case (kept, hidden by default), suspends and penalises through the existing routes', async () => {
    const before = ok<EvidenceReport>(await admin.get(`/api/game/${scripted}/evidence`));
    const weakest = before.cases.at(-1);
    const path = `/api/game/${scripted}/evidence/${weakest?.key}/dismissed`;
    expectError((await team.eva?.client.put(path, { dismissed: true })) as never, 403);
    ok(await admin.put(path, { dismissed: true }));
    expectError(await admin.put(`/api/game/${scripted}/evidence/99999-99998/dismissed`, { dismissed: true }), 404);
    const after = ok<EvidenceReport>(await admin.get(`/api/game/${scripted}/evidence`));
    expect(after.cases.map((c) => c.key)).not.toContain(weakest?.key);
    await report(scripted); // a new computation keeps the dismissal
    const all = ok<EvidenceReport>(await admin.get(`/api/game/${scripted}/evidence?dismissed=true`));
    expect(all.cases.find((c) => c.key === weakest?.key)?.dismissed).toBe(true);
    // The audit log is written in batches after the response: flushed before it is read.
    await ctx.app.services.admin.flushLogs();
    const audit = await ctx.db.selectFrom('logs').selectAll().execute();
    expect(JSON.stringify(audit)).toContain('evidence');

    const strongest = after.cases[0];
    const cheater = strongest?.teams.find((t) => t.name === 'T-dan');
    ok(await admin.put(`/api/admin/participation/${cheater?.participationId}`, { status: 'Suspended' }));
    const award = ok<AwardInfo>(
      await admin.post(`/api/edit/games/${scripted}/awards`, {
        teamId: cheater?.teamId,
        points: -100,
        reason: `flag sharing, case ${strongest?.key}`,
      }),
    );
    expect(award.points).toBe(-100);
    const now = ok<EvidenceReport>(await admin.get(`/api/game/${scripted}/evidence`));
    expect(now.cases[0]?.teams.find((t) => t.name === 'T-dan')?.status).toBe('Suspended');
  });

  it('exports every case as JSON and as an xlsx workbook', async () => {
    const json = await admin.get(`/api/game/${scripted}/evidence/export`);
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-disposition']).toContain('.json');
    expect((JSON.parse(json.body) as EvidenceReport).cases).toHaveLength(3);
    const xlsx = await admin.get(`/api/game/${scripted}/evidencesheet`);
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Evidence');
    expect(sheet?.getRow(1).getCell(5).value).toBe('Signal');
    expect(sheet?.rowCount).toBe(1 + 6);
    // Headers in the reader's language, as the other sheets.
    const german = await admin.get(`/api/game/${scripted}/evidencesheet`, { headers: { 'accept-language': 'de-DE' } });
    const translated = new ExcelJS.Workbook();
    await translated.xlsx.load(german.rawPayload as unknown as ArrayBuffer);
    expect(translated.getWorksheet('Indizien')?.getRow(1).getCell(5).value).toBe('Indiz');
  });
});

describe('a quiet game', () => {
  it('has no case', async () => {
    const a = await createChallenge(ctx.db, quiet, { title: 'Quiet A' });
    const b = await createChallenge(ctx.db, quiet, { title: 'Quiet B' });
    await addFlag(ctx.db, a, 'flag{qa}');
    await addFlag(ctx.db, b, 'flag{qb}');
    await submit(quiet, 'qia', a, 'flag{qa}');
    await submit(quiet, 'qib', b, 'flag{qb}');
    await submit(quiet, 'qia', b, 'flag{wrong-a}');
    await submit(quiet, 'qib', a, 'flag{wrong-b}');
    expect((await report(quiet)).cases).toEqual([]);
  });
});

/** A process owner id (owners are process GUIDs). */
const OWNER = '00000000-0000-4000-8000-000000000029';

describe('storing a big computation', () => {
  it('writes thousands of cases, deletes the gone ones and keeps a dismissal', async () => {
    const repository = createEvidenceRepository(ctx.db);
    const now = ctx.clock.now();
    const gameId = await createGame(ctx.db, { start: now, end: new Date(now.getTime() + HOUR), title: 'Crowded' });
    const caseOf = (i: number): EvidenceCase => ({
      key: `pair:${i}`,
      participationIds: [i, i + 1],
      strength: 0.5,
      signals: [],
    });
    const claim = () => repository.claim(gameId, OWNER, ctx.clock.now(), new Date(now.getTime() + HOUR), now, true);
    // More cases than one statement may carry parameters for (65,535): a `not in` list of them would fail.
    expect(await claim()).toBe(true);
    await repository.store(
      gameId,
      OWNER,
      Array.from({ length: 66_000 }, (_, i) => caseOf(i)),
      now,
    );
    await ctx.db
      .updateTable('evidence_cases')
      .set({ dismissed_at: now })
      .where('game_id', '=', gameId)
      .where('case_key', '=', 'pair:7')
      .execute();
    expect(await claim()).toBe(true);
    await repository.store(
      gameId,
      OWNER,
      Array.from({ length: 700 }, (_, i) => caseOf(i)),
      now,
    );
    const rows = await ctx.db
      .selectFrom('evidence_cases')
      .select(['case_key', 'dismissed_at'])
      .where('game_id', '=', gameId)
      .execute();
    expect(rows).toHaveLength(700);
    expect(rows.find((row) => row.case_key === 'pair:7')?.dismissed_at).not.toBeNull();
  }, 60_000);
});
