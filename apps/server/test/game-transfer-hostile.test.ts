import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client';
import { expectError, ok, signUpAdmin } from './game-fixtures';
import { createTestContext, json, type TestContext } from './harness';
import { importZip, storeState, zipOf } from './transfer-fixtures';
import { type CraftEntry, craftZip } from './zip-craft';

let ctx: TestContext;
let admin: TestClient;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const attachment = Buffer.from('a perfectly normal attachment');
const hash = sha256(attachment);

/** The entries of a small valid package; tests break one thing at a time. */
function validEntries(): Record<string, unknown> {
  return {
    'manifest.json': { version: '1.0', format: 'GZCTF-GAME', game: { id: 1, title: 'Small' } },
    'game.json': {
      title: 'Small',
      startTime: '2030-01-01T00:00:00+00:00',
      endTime: '2030-01-02T00:00:00+00:00',
      divisions: [],
    },
    'challenges/challenge-1.json': {
      id: 1,
      title: 'One',
      category: 'Misc',
      type: 'StaticAttachment',
      flags: { static: [{ value: 'flag{x}' }] },
      attachment: { type: 'Local', hash, fileName: 'a.txt', fileSize: attachment.length },
    },
    [`files/${hash}`]: attachment,
  };
}
const crafted = (extra: CraftEntry[] = [], replace: Record<string, unknown> = {}): Buffer =>
  craftZip([
    ...Object.entries({ ...validEntries(), ...replace }).map(([name, value]) => ({
      name,
      data: Buffer.isBuffer(value) ? value : JSON.stringify(value),
      deflate: true,
    })),
    ...extra,
  ]);
const packaged = (replace: Record<string, unknown> = {}, remove: string[] = []) => {
  const entries = { ...validEntries(), ...replace } as Record<string, Buffer | string | object>;
  for (const name of remove) delete entries[name];
  return zipOf(entries);
};

beforeAll(async () => {
  ctx = await createTestContext({ LOG_LEVEL: process.env.DEBUG_LOG ? 'error' : 'silent' });
  admin = await signUpAdmin(ctx, 'hostileadm');
  // Something stored already, so "nothing changed" covers existing counts too.
  ok(await importZip(admin, packaged()));
});
afterAll(() => ctx.close());

async function refused(bytes: Buffer, options: Parameters<typeof importZip>[2] = {}): Promise<string> {
  const before = await storeState(ctx);
  const response = await importZip(admin, bytes, options);
  expectError(response, 400);
  expect(await storeState(ctx)).toEqual(before);
  return json<{ title: string }>(response).title;
}

describe('import refuses bad uploads and changes nothing', () => {
  it('accepts the valid package these cases start from', async () => {
    expect(ok<number>(await importZip(admin, crafted()))).toBeGreaterThan(0);
  });

  it('refuses a wrong file name, a wrong type, an empty file and a non-zip', async () => {
    expect(await refused(packaged(), { fileName: 'game.tar' })).toMatch(/\.zip/);
    expect(await refused(packaged(), { contentType: 'text/plain' })).toMatch(/\.zip/);
    expect(await refused(Buffer.alloc(0))).toMatch(/empty/);
    expect(await refused(Buffer.from('just text, no zip here, padded to be long enough to look'))).toMatch(/not a zip/);
  });

  it('refuses a multipart body cut off in the middle of the file', async () => {
    const before = await storeState(ctx);
    const boundary = '----cutoff';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="game.zip"\r\nContent-Type: application/zip\r\n\r\n`,
      ),
      packaged().subarray(0, 100),
    ]);
    const response = await admin.post('/api/edit/games/import', undefined, {
      raw: { body, contentType: `multipart/form-data; boundary=${boundary}` },
    });
    expectError(response, 400);
    expect(await storeState(ctx)).toEqual(before);
  });

  it('refuses corrupt and truncated archives', async () => {
    const good = packaged();
    expect(await refused(good.subarray(0, good.length - 30))).toBeTruthy();
    expect(await refused(good.subarray(40))).toMatch(/damaged/);
    expect(await refused(crafted([{ name: 'files/extra', data: 'x', crc: 99 }]))).toMatch(/files\/extra/);
  });

  it('refuses path traversal, absolute paths, backslashes, symlinks, duplicates and encryption', async () => {
    expect(await refused(crafted([{ name: '../../etc/cron.d/evil', data: 'x' }]))).toContain('../../etc/cron.d/evil');
    expect(await refused(crafted([{ name: 'files/../../evil', data: 'x' }]))).toContain('files/../../evil');
    expect(await refused(crafted([{ name: '/etc/passwd', data: 'x' }]))).toContain('/etc/passwd');
    expect(await refused(crafted([{ name: 'files\\..\\evil', data: 'x' }]))).toBeTruthy();
    expect(await refused(crafted([{ name: 'files/link', data: '/etc/passwd', unixMode: 0o120777 }]))).toContain(
      'files/link',
    );
    expect(await refused(crafted([{ name: 'game.json', data: '{}' }]))).toContain('game.json');
    expect(await refused(crafted([{ name: 'files/secret', data: 'x', encrypted: true }]))).toMatch(/Encrypted/);
  });

  it('refuses zip bombs: high ratios, lying sizes, too much content, too many entries', async () => {
    const zeros = Buffer.alloc(24 * 1024 * 1024);
    expect(await refused(crafted([{ name: `files/${sha256(zeros)}`, data: zeros, deflate: true }]))).toMatch(
      /zip bomb/,
    );
    const liar = Buffer.alloc(4 * 1024 * 1024);
    expect(await refused(crafted([{ name: 'files/liar', data: liar, deflate: true, declaredSize: 100 }]))).toContain(
      'files/liar',
    );
    expect(
      await refused(crafted([{ name: 'files/huge', data: 'x', deflate: true, declaredSize: 3 * 1024 ** 3 }])),
    ).toMatch(/MiB/);
    const many = Array.from({ length: 20_001 }, (_, i) => ({ name: `n/${i}` }));
    expect(await refused(crafted(many))).toMatch(/20000/);
  });

  it('refuses files that do not match their SHA-256 name or stated size, and files that are missing', async () => {
    expect(await refused(packaged({ [`files/${hash}`]: Buffer.from('tampered content') }))).toContain(`files/${hash}`);
    const wrongSize = validEntries()['challenges/challenge-1.json'] as Record<string, unknown>;
    expect(
      await refused(
        packaged({
          'challenges/challenge-1.json': {
            ...wrongSize,
            attachment: { type: 'Local', hash, fileName: 'a.txt', fileSize: 3 },
          },
        }),
      ),
    ).toContain(hash);
    expect(await refused(packaged({}, [`files/${hash}`]))).toContain(hash);
  });

  it('refuses packages whose JSON is broken, incomplete or against the rules', async () => {
    const challenge = validEntries()['challenges/challenge-1.json'] as Record<string, unknown>;
    expect(await refused(packaged({ 'game.json': '{"title": ' }))).toContain('game.json');
    expect(await refused(packaged({}, ['manifest.json']))).toContain('manifest.json');
    expect(await refused(packaged({ 'manifest.json': { version: '1.0', format: 'OTHER' } }))).toContain('format');
    expect(await refused(packaged({ 'challenges/challenge-1.json': { ...challenge, category: 'Cooking' } }))).toContain(
      'category',
    );
    expect(
      await refused(
        packaged({ 'game.json': { title: 'x', startTime: '2030-01-02T00:00:00Z', endTime: '2030-01-01T00:00:00Z' } }),
      ),
    ).toContain('endTime');
    expect(await refused(packaged({ 'challenges/challenge-2.json': challenge }))).toContain('1');
    expect(
      await refused(
        packaged({
          'game.json': {
            ...(validEntries()['game.json'] as object),
            divisions: [{ name: 'D', challengeConfig: [{ challengeId: 77, permissions: ['All'] }] }],
          },
        }),
      ),
    ).toContain('77');
    expect(
      await refused(
        packaged({
          'game.json': {
            ...(validEntries()['game.json'] as object),
            divisions: [{ name: 'D', defaultPermissions: ['Fly'] }],
          },
        }),
      ),
    ).toContain('divisions');
    const twoDivisions = (second: object) =>
      packaged({
        'game.json': { ...(validEntries()['game.json'] as object), divisions: [{ name: 'Pros' }, second] },
      });
    expect(await refused(twoDivisions({ name: 'PROS' }))).toContain('PROS');
    expect(await refused(twoDivisions({ name: 'Bad\u202Ename' }))).toContain('divisions');
    expect(
      await refused(
        twoDivisions({
          name: 'Twice',
          challengeConfig: [
            { challengeId: 1, permissions: ['All'] },
            { challengeId: 1, permissions: ['None'] },
          ],
        }),
      ),
    ).toContain('1');
    expect(
      await refused(packaged({ 'challenges/challenge-1.json': { ...challenge, type: 'StaticContainer' } })),
    ).toContain('container');
    expect(
      await refused(
        packaged({
          'challenges/challenge-1.json': {
            ...challenge,
            type: 'DynamicContainer',
            container: { image: 'x' },
            flags: { template: 'flag{abc}' },
            attachment: null,
          },
        }),
      ),
    ).toBeTruthy();
  });

  it('refuses prerequisites that point outside the package, at the challenge itself or in a cycle', async () => {
    const challenge = validEntries()['challenges/challenge-1.json'] as Record<string, unknown>;
    const requiring = (id: number, challengeIds: unknown, extra: object = {}) => ({
      ...challenge,
      id,
      title: `C${id}`,
      attachment: null,
      prerequisites: { challengeIds, ...extra },
    });
    const outside = await refused(packaged({ 'challenges/challenge-1.json': requiring(1, [42]) }));
    expect(outside).toContain('challenges/challenge-1.json');
    expect(outside).toContain('42');
    expect(await refused(packaged({ 'challenges/challenge-1.json': requiring(1, [1]) }))).toContain('1');
    const cycle = await refused(
      packaged({
        'challenges/challenge-2.json': requiring(2, [3]),
        'challenges/challenge-3.json': requiring(3, [4]),
        'challenges/challenge-4.json': requiring(4, [2]),
      }),
    );
    expect(cycle).toMatch(/cycle/);
    for (const malformed of [[1.5], 'all', [2, 'x']]) {
      expect(await refused(packaged({ 'challenges/challenge-2.json': requiring(2, malformed) }))).toContain(
        'prerequisites',
      );
    }
    expect(await refused(packaged({ 'challenges/challenge-2.json': requiring(2, [1], { count: 0 }) }))).toContain(
      'prerequisites',
    );
    expect(await refused(packaged({ 'challenges/challenge-2.json': requiring(2, [1], { hidden: 'yes' }) }))).toContain(
      'prerequisites',
    );
    // A valid chain imports: C2 requires any one of C1 and C3, shown locked.
    ok(
      await importZip(
        admin,
        packaged({
          'challenges/challenge-2.json': requiring(2, [1, 3], { count: 1 }),
          'challenges/challenge-3.json': requiring(3, [1], { hidden: true }),
        }),
      ),
    );
  });

  it('says why in the caller’s language', async () => {
    expect(await refused(Buffer.from('not a zip at all, not even close, nope'), { language: 'de-DE' })).toBe(
      'Die Datei ist kein Zip-Archiv.',
    );
  });

  it('builds the divisions of a package, permissions read as flag names in any case', async () => {
    const gameId = ok<number>(
      await importZip(
        admin,
        packaged({
          'game.json': {
            ...(validEntries()['game.json'] as object),
            divisions: [
              {
                name: 'Pros',
                inviteCode: 'PRO_1',
                defaultPermissions: ['all'],
                challengeConfig: [{ challengeId: 1, permissions: ['ViewChallenge', 'SubmitFlags'] }],
              },
            ],
          },
        }),
      ),
    );
    const [division] = ok<Array<{ name: string; inviteCode: string; defaultPermissions: number }>>(
      await admin.get(`/api/edit/games/${gameId}/divisions`),
    );
    expect(division).toMatchObject({ name: 'Pros', inviteCode: 'PRO_1', defaultPermissions: 2_147_483_647 });
  });
});

describe('import atomicity', () => {
  it('leaves no game, reference or file behind when the database fails half-way', async () => {
    await sql`
      create function refuse_boom() returns trigger language plpgsql as $$
      begin
        if new.title = 'Boom' then raise exception 'boom'; end if;
        return new;
      end $$`.execute(ctx.db);
    await sql`create trigger refuse_boom before insert on challenges for each row execute function refuse_boom()`.execute(
      ctx.db,
    );
    try {
      const fresh = Buffer.from('a file the store has never seen');
      const freshHash = sha256(fresh);
      const challenge = validEntries()['challenges/challenge-1.json'] as Record<string, unknown>;
      const bytes = packaged({
        'challenges/challenge-2.json': {
          ...challenge,
          id: 2,
          title: 'Boom',
          attachment: { type: 'Local', hash: freshHash, fileName: 'b.txt', fileSize: fresh.length },
        },
        [`files/${freshHash}`]: fresh,
      });
      const before = await storeState(ctx);
      const response = await importZip(admin, bytes);
      expect(response.statusCode).toBe(500);
      expect(await storeState(ctx)).toEqual(before);
      expect(before.onDisk.some((name) => name.endsWith(freshHash))).toBe(false);
    } finally {
      await sql`drop trigger refuse_boom on challenges`.execute(ctx.db);
      await sql`drop function refuse_boom()`.execute(ctx.db);
    }
  });
});

describe('import size limit', () => {
  it('refuses an upload over MAX_IMPORT_BYTES with 413', async () => {
    const small = await createTestContext({ MAX_IMPORT_BYTES: '2048', LOG_LEVEL: 'silent' });
    try {
      const smallAdmin = await signUpAdmin(small, 'sizeadm');
      const big = packaged({ 'files/padding': randomBytes(4096) });
      const response = await importZip(smallAdmin, big);
      expectError(response, 413);
      expect(json<{ title: string }>(response).title).toContain('0.00195 MiB');
      expect(
        Number(
          (
            await small.db
              .selectFrom('games')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBe(0);
    } finally {
      await small.close();
    }
  });
});
