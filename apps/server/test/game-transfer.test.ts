import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client';
import { createGame, expectError, ok, signUpAdmin } from './game-fixtures';
import { createTestContext, json, type TestContext } from './harness';
import {
  buildRichGame,
  exportGame,
  importZip,
  jsonOf,
  type RichGame,
  text,
  uploadAsset,
  type ZipContent,
} from './transfer-fixtures';

let ctx: TestContext;
let admin: TestClient;
let rich: RichGame;

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const packageTime = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z').replace(/Z$/, '+00:00');

beforeAll(async () => {
  ctx = await createTestContext({ LOG_LEVEL: process.env.DEBUG_LOG ? 'error' : 'silent' });
  admin = await signUpAdmin(ctx, 'transferadm');
  rich = await buildRichGame(ctx, admin);
});
afterAll(() => ctx.close());

type Json = Record<string, unknown>;
const challengeFiles = (zip: ZipContent) => Object.keys(zip).filter((n) => n.startsWith('challenges/'));
const challengesOf = (zip: ZipContent) =>
  challengeFiles(zip)
    .map((name) => jsonOf<Json & { id: number; title: string }>(zip, name))
    .sort((a, b) => a.id - b.id);

describe('game export', () => {
  it('answers a zip named <title>-export-<yyyyMMdd-HHmmss>.zip in the reference layout', async () => {
    const { response, zip } = await exportGame(admin, rich.gameId);
    expect(response.headers['content-type']).toBe('application/zip');
    const iso = ctx.clock.now().toISOString();
    const stamp = `${iso.slice(0, 10).replace(/-/g, '')}-${iso.slice(11, 19).replace(/:/g, '')}`;
    expect(response.headers['content-disposition']).toContain(`filename="Transfer Cup-export-${stamp}.zip"`);

    const { challengeIds: ids, hashes } = rich;
    const files = [hashes.poster, hashes.warmup, ...hashes.pool].sort().map((h) => `files/${h}`);
    expect(Object.keys(zip).sort()).toEqual(
      [
        'manifest.json',
        'game.json',
        'notices.json',
        ...Object.values(ids).map((id) => `challenges/challenge-${id}.json`),
        ...files,
      ].sort(),
    );
    // Every stored file is named by the SHA-256 of its content.
    for (const name of files) expect(sha256(zip[name] as Uint8Array)).toBe(name.slice('files/'.length));

    const manifest = jsonOf(zip, 'manifest.json');
    expect(manifest).toEqual({
      version: '1.0',
      format: 'GZCTF-GAME',
      exportedAt: packageTime(ctx.clock.now().getTime()),
      exporterVersion: expect.any(String),
      game: { id: rich.gameId, title: 'Transfer Cup' },
      statistics: {
        challengeCount: 5,
        divisionCount: 2,
        // 2 warmup + 1 remote + 3 pool + 1 box + the dynamic template
        totalFlags: 8,
        totalFiles: 5,
        totalFileSize: files.reduce((n, f) => n + (zip[f] as Uint8Array).length, 0),
      },
    });
  });

  it('writes game.json with exactly the reference fields', async () => {
    const { zip } = await exportGame(admin, rich.gameId);
    const game = jsonOf(zip, 'game.json');
    const row = await ctx.db.selectFrom('games').selectAll().where('id', '=', rich.gameId).executeTakeFirstOrThrow();
    expect(game).toEqual({
      title: 'Transfer Cup',
      summary: 'A summary',
      content: '# Rules\n\nBe nice. Ünïcödé ✓',
      hidden: false,
      practiceMode: true,
      acceptWithoutReview: true,
      inviteCode: 'SECRET CODE!',
      teamMemberCountLimit: 4,
      containerCountLimit: 2,
      startTime: packageTime(row.start_at.getTime()),
      endTime: packageTime(row.end_at.getTime()),
      writeup: { required: true, deadline: packageTime(row.writeup_deadline.getTime()), note: 'Send a PDF' },
      bloodBonus: { first: 100, second: 50, third: 20 },
      posterHash: rich.hashes.poster,
      // Permissions as the reference writes them: lists of flag names.
      divisions: [
        {
          name: 'Students',
          inviteCode: 'STU-1',
          defaultPermissions: [
            'JoinGame',
            'RankOverall',
            'ViewChallenge',
            'SubmitFlags',
            'GetScore',
            'GetBlood',
            'AffectDynamicScore',
          ],
          challengeConfig: [{ challengeId: rich.challengeIds.warmup, permissions: ['ViewChallenge', 'SubmitFlags'] }],
        },
        { name: 'Observers', inviteCode: null, defaultPermissions: ['ViewChallenge'], challengeConfig: [] },
      ],
    });
    // Indented JSON with camelCase names, as the reference writes it.
    expect(text(zip, 'game.json')).toContain('\n  "practiceMode": true,\n');
  });

  it('writes each challenge with flags, the dynamic pool with its files, hints and container settings', async () => {
    const { zip } = await exportGame(admin, rich.gameId);
    const [warmup, remote, pool, box, dynamic] = challengesOf(zip);
    const { challengeIds: ids, hashes } = rich;
    expect(warmup).toEqual({
      id: ids.warmup,
      title: 'Warmup',
      content: 'Find the *flag*.',
      category: 'Web',
      type: 'StaticAttachment',
      enabled: true,
      scoring: { original: 500, minRate: 0.5, difficulty: 3 },
      limits: { submission: 5, deadline: expect.stringMatching(/\+00:00$/) },
      flags: {
        disableBloodBonus: true,
        enableTrafficCapture: false,
        template: null,
        static: [
          { value: 'flag{one}', attachment: null },
          { value: 'flag{two}', attachment: null },
        ],
      },
      attachment: {
        type: 'Local',
        hash: hashes.warmup,
        fileName: 'warmup.txt',
        fileSize: 'the warmup attachment\n'.length,
        remoteUrl: null,
      },
      hints: ['Look closer', 'View the source'],
      container: null,
    });
    expect(remote).toMatchObject({
      attachment: { type: 'Remote', hash: null, remoteUrl: 'https://example.com/x.zip', fileSize: null },
      hints: null,
      enabled: false,
    });
    // The whole pool, with a file per flag, including the flag already handed to a team.
    expect(pool).toMatchObject({ type: 'DynamicAttachment', attachment: null });
    expect((pool?.flags as Json | undefined)?.static).toEqual(
      hashes.pool.map((hash, i) => ({
        value: `flag{pool-${i}}`,
        attachment: { type: 'Local', hash, fileName: 'crackme.bin', fileSize: 11, remoteUrl: null },
      })),
    );
    expect(box).toMatchObject({
      type: 'StaticContainer',
      flags: { enableTrafficCapture: true, static: [{ value: 'flag{box}', attachment: null }] },
      container: {
        image: 'registry.example/box:1',
        memoryLimit: 128,
        cpuCount: 2,
        storageLimit: 512,
        exposePort: 31337,
        networkMode: 'Isolated',
        // No download name set by the organiser.
        fileName: null,
      },
    });
    expect(dynamic).toMatchObject({
      type: 'DynamicContainer',
      flags: { template: 'flag{[GUID]}', static: [] },
      container: { image: 'registry.example/dyn:2' },
      healthCheck: {
        image: 'registry.example/solver:1',
        script: '#!/bin/sh\nwget -qO- "http://$FLAGPOLE_TARGET/"\n',
        timeoutSeconds: 30,
        intervalSeconds: 600,
        enabled: false,
      },
    });
    expect(box).not.toHaveProperty('healthCheck');
    expect(jsonOf<unknown[]>(zip, 'notices.json')).toEqual([
      { content: 'Welcome!', publishedAt: expect.any(String) },
      { content: 'Hint for Warmup is out', publishedAt: expect.any(String) },
    ]);
  });

  it('leaves out teams, submissions and secrets unless asked', async () => {
    const { zip } = await exportGame(admin, rich.gameId);
    const game = await ctx.db.selectFrom('games').selectAll().where('id', '=', rich.gameId).executeTakeFirstOrThrow();
    const everything = Object.values(zip)
      .map((bytes) => Buffer.from(bytes).toString('latin1'))
      .join('\n');
    for (const secret of [game.private_key, rich.teamFlag, 'flag{wrong-guess}', 'T-tp']) {
      expect(everything).not.toContain(secret);
    }

    const full = (await exportGame(admin, rich.gameId, 'secrets,teams,submissions')).zip;
    expect(jsonOf(full, 'secrets.json')).toEqual({ publicKey: game.public_key, privateKey: game.private_key });
    expect(jsonOf<Json[]>(full, 'teams.json')).toEqual([
      {
        team: expect.stringMatching(/^T-tp/),
        status: 'Accepted',
        divisionId: null,
        joinedAt: expect.any(String),
        members: [expect.stringMatching(/^tp/)],
      },
    ]);
    expect(jsonOf<Json[]>(full, 'submissions.json')).toEqual([
      expect.objectContaining({
        challengeId: rich.challengeIds.warmup,
        answer: 'flag{wrong-guess}',
        status: 'WrongAnswer',
      }),
    ]);
    const onlyTeams = (await exportGame(admin, rich.gameId, 'teams')).zip;
    expect(Object.keys(onlyTeams)).toContain('teams.json');
    expect(Object.keys(onlyTeams)).not.toContain('secrets.json');
  });

  it('answers 409 rather than a broken package when a stored file is gone', async () => {
    const game = await createGame(ctx, admin, { title: 'Lost file' });
    const hash = await uploadAsset(admin, 'lost.txt', Buffer.from('soon gone'));
    const challenge = ok<{ id: number }>(
      await admin.post(`/api/edit/games/${game.id}/challenges`, {
        title: 'Lost',
        category: 'Misc',
        type: 'StaticAttachment',
      }),
    );
    ok(
      await admin.post(`/api/edit/games/${game.id}/challenges/${challenge.id}/attachment`, {
        attachmentType: 'Local',
        fileHash: hash,
      }),
    );
    await rm(path.join(ctx.config.filesDir, hash.slice(0, 2), hash.slice(2, 4), hash));
    const response = await admin.post(`/api/edit/games/${game.id}/export`);
    expectError(response, 409);
    expect(json<{ title: string }>(response).title).toContain(hash);
  });

  it('answers 404 for an unknown game and 400 for an unknown extra part', async () => {
    expectError(await admin.post('/api/edit/games/999999/export'), 404);
    expectError(await admin.post(`/api/edit/games/${rich.gameId}/export?include=passwords`), 400);
  });
});

/** A package with what must differ between two exports (ids, export time) taken out. */
/** The game.json with divisions naming challenges by their place in the package rather than by id. */
function gameByPlaces(zip: ZipContent): Json {
  const place = new Map(challengesOf(zip).map((c, index) => [c.id, index]));
  const game = jsonOf<Json & { divisions: Array<Json & { challengeConfig: Array<{ challengeId: number }> }> }>(
    zip,
    'game.json',
  );
  const divisions = game.divisions.map((d) => ({
    ...d,
    challengeConfig: d.challengeConfig.map((c) => ({ ...c, challengeId: place.get(c.challengeId) })),
  }));
  return { ...game, divisions };
}

function comparable(zip: ZipContent, imported: boolean) {
  const manifest = jsonOf(zip, 'manifest.json');
  const challenges = challengesOf(zip).map((c) => {
    const { id: _id, ...rest } = c;
    return imported ? { ...rest, enabled: false } : rest;
  });
  const game = gameByPlaces(zip);
  const files = Object.fromEntries(
    Object.entries(zip)
      .filter(([name]) => name.startsWith('files/'))
      .map(([name, bytes]) => [name, sha256(bytes)]),
  );
  return {
    names: Object.keys(zip)
      .filter((n) => !n.startsWith('challenges/'))
      .sort(),
    manifest: { ...manifest, exportedAt: null, game: { ...(manifest.game as Json), id: null } },
    game: imported ? { ...game, hidden: true, practiceMode: false, inviteCode: null } : game,
    notices: text(zip, 'notices.json'),
    challenges,
    files,
  };
}

describe('game import', () => {
  it('imports a package as a hidden game with disabled challenges, references counted once per use', async () => {
    const before = new Map(
      (await ctx.db.selectFrom('files').select(['hash', 'reference_count']).execute()).map((f) => [
        f.hash,
        f.reference_count,
      ]),
    );
    const exported = await admin.post(`/api/edit/games/${rich.gameId}/export`);
    const response = await importZip(admin, exported.rawPayload);
    const gameId = ok<number>(response);
    expect(response.body).toBe(String(gameId));
    expect(gameId).toBeGreaterThan(rich.gameId);

    const game = ok<Json>(await admin.get(`/api/edit/games/${gameId}`));
    expect(game).toMatchObject({
      title: 'Transfer Cup',
      hidden: true,
      practiceMode: false,
      inviteCode: null,
      acceptWithoutReview: true,
      teamMemberCountLimit: 4,
      bloodBonus: (100 << 20) + (50 << 10) + 20,
      poster: `/assets/${rich.hashes.poster}/poster`,
    });
    const original = ok<Json>(await admin.get(`/api/edit/games/${rich.gameId}`));
    expect(game.publicKey).not.toBe(original.publicKey);
    const list = ok<Json[]>(await admin.get(`/api/edit/games/${gameId}/challenges`));
    expect(list.map((c) => [c.title, c.isEnabled])).toEqual([
      ['Warmup', false],
      ['Remote', false],
      ['Pool', false],
      ['Box', false],
      ['Dyn', false],
    ]);
    const pool = ok<Json & { flags: Array<{ flag: string; attachment: { url: string } | null }> }>(
      await admin.get(`/api/edit/games/${gameId}/challenges/${list[2]?.id}`),
    );
    expect(pool.flags.map((f) => [f.flag, f.attachment?.url])).toEqual(
      rich.hashes.pool.map((hash, i) => [`flag{pool-${i}}`, `/assets/${hash}/crackme.bin`]),
    );
    const notices = ok<Array<{ values: string[] }>>(await admin.get(`/api/edit/games/${gameId}/notices`));
    expect(notices.map((n) => n.values[0])).toEqual(['Hint for Warmup is out', 'Welcome!']);

    // Shared files are stored once; each new attachment row and the poster add one reference.
    const after = new Map(
      (await ctx.db.selectFrom('files').select(['hash', 'reference_count']).execute()).map((f) => [
        f.hash,
        f.reference_count,
      ]),
    );
    expect(after.size).toBe(before.size);
    expect(after.get(rich.hashes.poster)).toBe((before.get(rich.hashes.poster) ?? 0) + 1);
    expect(after.get(rich.hashes.warmup)).toBe((before.get(rich.hashes.warmup) ?? 0) + 1);
    for (const hash of rich.hashes.pool) expect(after.get(hash)).toBe((before.get(hash) ?? 0) + 1);

    // Deleting the imported game gives every reference back.
    ok(await admin.send('DELETE', `/api/edit/games/${gameId}`));
    const released = new Map(
      (await ctx.db.selectFrom('files').select(['hash', 'reference_count']).execute()).map((f) => [
        f.hash,
        f.reference_count,
      ]),
    );
    expect(released).toEqual(before);
  });

  it('round-trips: export, import, export gives the same package but for ids, export time and import state', async () => {
    const first = (await exportGame(admin, rich.gameId)).zip;
    const secondId = ok<number>(
      await importZip(admin, (await admin.post(`/api/edit/games/${rich.gameId}/export`)).rawPayload),
    );
    const secondResponse = await admin.post(`/api/edit/games/${secondId}/export`);
    const second = (await exportGame(admin, secondId)).zip;
    expect(comparable(second, false)).toEqual(comparable(first, true));

    // An imported game is already in import state: its packages are the same up to ids and the export time,
    // compared as the JSON text itself.
    ctx.clock.advance(5000);
    const thirdId = ok<number>(await importZip(admin, secondResponse.rawPayload));
    const third = (await exportGame(admin, thirdId)).zip;
    const textWithoutIds = (zip: ZipContent, gameId: number) => {
      const ids = challengesOf(zip).map((c) => c.id);
      const rename = (value: string) =>
        ids
          .reduce(
            (s, id, index) =>
              s
                .replaceAll(`"id": ${id},`, `"id": #${index},`)
                .replaceAll(`"challengeId": ${id},`, `"challengeId": #${index},`),
            value,
          )
          .replace(/"exportedAt": "[^"]+"/, '')
          .replace(`"id": ${gameId},`, '');
      return {
        root: ['manifest.json', 'game.json', 'notices.json'].map((name) => rename(text(zip, name))),
        challenges: challengeFiles(zip)
          .sort((a, b) => Number(/(\d+)/.exec(a)?.[1]) - Number(/(\d+)/.exec(b)?.[1]))
          .map((name) => rename(text(zip, name))),
        files: Object.keys(zip)
          .filter((n) => n.startsWith('files/'))
          .sort(),
      };
    };
    expect(textWithoutIds(third, thirdId)).toEqual(textWithoutIds(second, secondId));
  });
  it('carries prerequisites mapped to the new challenges, and with the teams the awards', async () => {
    const { warmup, remote, pool } = rich.challengeIds;
    const base = `/api/edit/games/${rich.gameId}/challenges`;
    ok(await admin.put(`${base}/${remote}`, { prerequisites: { challengeIds: [warmup] } }));
    ok(
      await admin.put(`${base}/${pool}`, { prerequisites: { challengeIds: [warmup, remote], count: 1, hidden: true } }),
    );
    const team = await ctx.db
      .selectFrom('participations')
      .select('team_id')
      .where('game_id', '=', rich.gameId)
      .executeTakeFirstOrThrow();
    const awardsPath = `/api/edit/games/${rich.gameId}/awards`;
    ok(
      await admin.post(awardsPath, {
        teamId: team.team_id,
        points: -25,
        reason: 'Flag sharing',
        countsForTieBreak: false,
      }),
    );

    const { zip, response } = await exportGame(admin, rich.gameId, 'teams');
    const sections = new Map(challengesOf(zip).map((c) => [c.id, c]));
    expect(sections.get(remote)?.prerequisites).toEqual({ challengeIds: [warmup], count: null, hidden: false });
    expect(sections.get(pool)?.prerequisites).toEqual({ challengeIds: [warmup, remote], count: 1, hidden: true });
    expect(sections.get(warmup)).not.toHaveProperty('prerequisites');
    expect(jsonOf<Json[]>(zip, 'awards.json')).toEqual([
      {
        team: expect.stringMatching(/^T-tp/),
        teamId: team.team_id,
        points: -25,
        reason: 'Flag sharing',
        countsForTieBreak: false,
        createdAt: expect.any(String),
        createdBy: 'transferadm',
        pending: false,
      },
    ]);
    expect(Object.keys((await exportGame(admin, rich.gameId)).zip)).not.toContain('awards.json');

    const importedId = ok<number>(await importZip(admin, response.rawPayload));
    const byTitle = new Map(
      (await ctx.db.selectFrom('challenges').select(['id', 'title']).where('game_id', '=', importedId).execute()).map(
        (c) => [c.title, c.id],
      ),
    );
    const rules = await ctx.db
      .selectFrom('challenge_prerequisites as p')
      .innerJoin('challenges as c', 'c.id', 'p.challenge_id')
      .select(['c.title', 'p.required_id', 'c.prerequisite_count', 'c.prerequisite_hidden'])
      .where('c.game_id', '=', importedId)
      .orderBy('c.title')
      .orderBy('p.required_id')
      .execute();
    expect(rules).toEqual([
      { title: 'Pool', required_id: byTitle.get('Warmup'), prerequisite_count: 1, prerequisite_hidden: true },
      { title: 'Pool', required_id: byTitle.get('Remote'), prerequisite_count: 1, prerequisite_hidden: true },
      { title: 'Remote', required_id: byTitle.get('Warmup'), prerequisite_count: null, prerequisite_hidden: false },
    ]);
    // Awards name teams, which an import never brings: the new game has none.
    expect(ok<unknown[]>(await admin.get(`/api/edit/games/${importedId}/awards`))).toEqual([]);
  });
});
