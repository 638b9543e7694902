import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { strToU8, unzipSync, zipSync } from 'fflate';
import sharp from 'sharp';
import type { TestClient } from './client';
import { createGame, HOUR, ok } from './game-fixtures';
import type { TestContext } from './harness';
import { multipartBody, multipartFiles } from './multipart';
import { createPlayer } from './play-fixtures';

/** Helpers of the game transfer tests: a game with every kind of content, packages in and out. */

export type ZipContent = Record<string, Uint8Array>;

export const unzip = (bytes: Buffer): ZipContent => unzipSync(new Uint8Array(bytes));
export const text = (zip: ZipContent, name: string) => Buffer.from(zip[name] ?? new Uint8Array()).toString('utf8');
export const jsonOf = <T = Record<string, unknown>>(zip: ZipContent, name: string): T =>
  JSON.parse(text(zip, name)) as T;

/** A zip made by a real zip library from names and contents (directories end in `/`). */
export function zipOf(entries: Record<string, Buffer | string | object>): Buffer {
  const files: Record<string, Uint8Array> = {};
  for (const [name, value] of Object.entries(entries)) {
    files[name] = Buffer.isBuffer(value)
      ? new Uint8Array(value)
      : strToU8(typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  }
  return Buffer.from(zipSync(files));
}

export async function uploadAsset(admin: TestClient, name: string, content: Buffer): Promise<string> {
  const { body, contentType } = multipartFiles([{ field: 'files', fileName: name, content }]);
  const [file] = ok<Array<{ hash: string }>>(
    await admin.post('/api/assets', undefined, { raw: { body, contentType } }),
  );
  if (!file) throw new Error('no file stored');
  return file.hash;
}

export interface RichGame {
  gameId: number;
  divisionIds: { students: number };
  challengeIds: Record<'warmup' | 'remote' | 'pool' | 'box' | 'dynamic', number>;
  hashes: { poster: string; warmup: string; pool: string[] };
  teamFlag: string;
}

/**
 * A game with a poster, notices and one challenge of each kind: a static attachment, a remote attachment, a
 * dynamic-attachment pool with a file per flag (one handed to a team already), a static container and a dynamic
 * container (whose team-generated flag must never leave in a package). A team has played a little.
 */
export async function buildRichGame(ctx: TestContext, admin: TestClient, title = 'Transfer Cup'): Promise<RichGame> {
  const now = ctx.clock.now().getTime();
  const game = await createGame(ctx, admin, {
    title,
    summary: 'A summary',
    content: '# Rules\n\nBe nice. Ünïcödé ✓',
    hidden: false,
    practiceMode: true,
    acceptWithoutReview: true,
    inviteCode: 'SECRET CODE!',
    teamMemberCountLimit: 4,
    containerCountLimit: 2,
    writeupRequired: true,
    writeupDeadline: now + 48 * HOUR,
    writeupNote: 'Send a PDF',
    bloodBonus: (100 << 20) + (50 << 10) + 20,
    start: now - HOUR,
    end: now + 24 * HOUR,
  });
  const png = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  const poster = multipartBody('file', 'poster.png', 'image/png', png);
  const posterUrl = ok<string>(await admin.put(`/api/edit/games/${game.id}/poster`, undefined, { raw: poster }));
  const posterHash = posterUrl.split('/')[2] as string;

  const warmupHash = await uploadAsset(admin, 'warmup.txt', Buffer.from('the warmup attachment\n'));
  const poolHashes = [
    await uploadAsset(admin, 'pool-a.bin', Buffer.from('pool file A')),
    await uploadAsset(admin, 'pool-b.bin', Buffer.from('pool file B')),
    await uploadAsset(admin, 'pool-c.bin', Buffer.from('pool file C')),
  ];
  const base = `/api/edit/games/${game.id}/challenges`;
  const create = async (body: Record<string, unknown>) => ok<{ id: number }>(await admin.post(base, body)).id;
  const update = async (id: number, body: Record<string, unknown>) => ok(await admin.put(`${base}/${id}`, body));

  const warmup = await create({ title: 'Warmup', category: 'Web', type: 'StaticAttachment' });
  await update(warmup, {
    content: 'Find the *flag*.',
    hints: ['Look closer', 'View the source'],
    fileName: 'warmup.txt',
    deadlineUtc: now + 12 * HOUR,
    submissionLimit: 5,
    originalScore: 500,
    minScoreRate: 0.5,
    difficulty: 3,
    disableBloodBonus: true,
  });
  ok(await admin.post(`${base}/${warmup}/attachment`, { attachmentType: 'Local', fileHash: warmupHash }));
  ok(await admin.post(`${base}/${warmup}/flags`, [{ flag: 'flag{one}' }, { flag: 'flag{two}' }]));
  await update(warmup, { isEnabled: true });

  const remote = await create({ title: 'Remote', category: 'Crypto', type: 'StaticAttachment' });
  ok(
    await admin.post(`${base}/${remote}/attachment`, {
      attachmentType: 'Remote',
      remoteUrl: 'https://example.com/x.zip',
    }),
  );
  ok(await admin.post(`${base}/${remote}/flags`, [{ flag: 'flag{remote}' }]));

  const pool = await create({ title: 'Pool', category: 'Reverse', type: 'DynamicAttachment' });
  await update(pool, { fileName: 'crackme.bin' });
  ok(
    await admin.post(
      `${base}/${pool}/flags`,
      poolHashes.map((hash, i) => ({ flag: `flag{pool-${i}}`, attachmentType: 'Local', fileHash: hash })),
    ),
  );

  const box = await create({ title: 'Box', category: 'Pwn', type: 'StaticContainer' });
  await update(box, {
    containerImage: 'registry.example/box:1',
    memoryLimit: 128,
    cpuCount: 2,
    storageLimit: 512,
    exposePort: 31337,
    networkMode: 'Isolated',
    enableTrafficCapture: true,
  });
  ok(await admin.post(`${base}/${box}/flags`, [{ flag: 'flag{box}' }]));

  const dynamic = await create({ title: 'Dyn', category: 'Misc', type: 'DynamicContainer' });
  await update(dynamic, { containerImage: 'registry.example/dyn:2', flagTemplate: 'flag{[GUID]}' });

  ok(await admin.post(`/api/edit/games/${game.id}/notices`, { content: 'Welcome!' }));
  ctx.clock.advance(1000);
  ok(await admin.post(`/api/edit/games/${game.id}/notices`, { content: 'Hint for Warmup is out' }));

  // A team played: a pool flag handed out, a generated container flag, a submission.
  const player = await createPlayer(ctx.app, ctx.db, game.id, `tp${game.id}x`);
  const firstPool = await ctx.db
    .selectFrom('flags')
    .select('id')
    .where('challenge_id', '=', pool)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .updateTable('flags')
    .set({ participation_id: player.participationId })
    .where('id', '=', firstPool.id)
    .execute();
  const teamFlag = 'flag{team-generated-secret}';
  await ctx.db
    .insertInto('flags')
    .values({ challenge_id: dynamic, flag: teamFlag, participation_id: player.participationId })
    .execute();
  await ctx.db
    .insertInto('submissions')
    .values({
      game_id: game.id,
      challenge_id: warmup,
      participation_id: player.participationId,
      user_id: player.userId,
      answer: 'flag{wrong-guess}',
      status: 'WrongAnswer',
      submitted_at: ctx.clock.now(),
    })
    .execute();

  // Divisions, made after the team joined (an open division would have asked it for one): a ranked one with an
  // invite code whose Warmup gives no points, and an observers' one that may only look.
  const students = ok<{ id: number }>(
    await admin.post(`/api/edit/games/${game.id}/divisions`, {
      name: 'Students',
      inviteCode: 'STU-1',
      defaultPermissions: 'JoinGame, RankOverall, ViewChallenge, SubmitFlags, GetScore, GetBlood, AffectDynamicScore',
      challengeConfigs: [{ challengeId: warmup, permissions: 'ViewChallenge, SubmitFlags' }],
    }),
  );
  ok(await admin.post(`/api/edit/games/${game.id}/divisions`, { name: 'Observers', defaultPermissions: 256 }));
  // Flagpole's health check travels with its challenge (its runs stay behind).
  ok(
    await admin.put(`/api/edit/games/${game.id}/challenges/${dynamic}/health`, {
      image: 'registry.example/solver:1',
      script: '#!/bin/sh\nwget -qO- "http://$FLAGPOLE_TARGET/"\n',
      timeoutSeconds: 30,
      intervalSeconds: 600,
      enabled: false,
    }),
  );

  return {
    gameId: game.id,
    divisionIds: { students: students.id },
    challengeIds: { warmup, remote, pool, box, dynamic },
    hashes: { poster: posterHash, warmup: warmupHash, pool: poolHashes },
    teamFlag,
  };
}

export async function exportGame(
  admin: TestClient,
  gameId: number,
  include?: string,
): Promise<{ response: LightMyRequestResponse; zip: ZipContent }> {
  const response = await admin.post(`/api/edit/games/${gameId}/export${include ? `?include=${include}` : ''}`);
  if (response.statusCode !== 200) throw new Error(`export ${gameId}: ${response.statusCode} ${response.body}`);
  return { response, zip: unzip(response.rawPayload) };
}

export function importZip(
  admin: TestClient,
  bytes: Buffer,
  options: { url?: string; fileName?: string; contentType?: string; language?: string } = {},
): Promise<LightMyRequestResponse> {
  const raw = multipartBody('file', options.fileName ?? 'game.zip', options.contentType ?? 'application/zip', bytes);
  return admin.post(options.url ?? '/api/edit/games/import', undefined, {
    raw,
    headers: options.language ? { 'accept-language': options.language } : {},
  });
}

/** Everything an import could change, to prove a refused one changed nothing. */
export async function storeState(ctx: TestContext) {
  const count = async (table: 'games' | 'challenges' | 'flags' | 'attachments' | 'game_notices') =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const files = await ctx.db.selectFrom('files').select(['hash', 'reference_count']).orderBy('hash').execute();
  return {
    games: await count('games'),
    challenges: await count('challenges'),
    flags: await count('flags'),
    attachments: await count('attachments'),
    notices: await count('game_notices'),
    files,
    onDisk: await filesOnDisk(ctx),
  };
}

/** Every file under the store's folder, the staging area included. */
export async function filesOnDisk(ctx: TestContext): Promise<string[]> {
  const found: string[] = [];
  async function walk(dir: string) {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const full = path.join(dir, name);
      const entries = await readdir(full).catch(() => null);
      if (entries) await walk(full);
      else found.push(path.relative(ctx.config.filesDir, full));
    }
  }
  await walk(ctx.config.filesDir);
  return found.sort();
}
