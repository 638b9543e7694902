import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client';
import { eventually } from './container-fixtures';
import { del, expectError, ok, signUp, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { type FilePart, multipartFiles } from './multipart';

/** Small enough to exceed in a test without writing 256 MiB. */
const MAX_ASSET_BYTES = 64 * 1024;

let ctx: TestContext;
let admin: TestClient;

beforeAll(async () => {
  ctx = await createTestContext({ MAX_ASSET_BYTES: String(MAX_ASSET_BYTES) });
  admin = await signUpAdmin(ctx, 'organiser');
});
afterAll(() => ctx.close());

interface LocalFile {
  hash: string;
  name: string;
}

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');
const part = (fileName: string, content: Buffer | string, field = 'files'): FilePart => ({
  field,
  fileName,
  content: Buffer.isBuffer(content) ? content : Buffer.from(content),
});
const upload = (who: TestClient, parts: FilePart[], query = '') => {
  const { body, contentType } = multipartFiles(parts);
  return who.post(`/api/assets${query}`, undefined, { raw: { body, contentType } });
};
const referenceCount = async (hash: string) => {
  const row = await ctx.db.selectFrom('files').select('reference_count').where('hash', '=', hash).executeTakeFirst();
  return row?.reference_count;
};

/** Every file under the store, temporary ones included. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

describe('POST /api/assets', () => {
  it('stores each file by the SHA-256 of its content, de-duplicated and reference counted', async () => {
    const readme = Buffer.from('flag format: flag{...}\n');
    const files = ok<LocalFile[]>(
      await upload(admin, [part('readme.txt', readme), part('copy.txt', readme), part('chall.bin', 'other bytes')]),
    );
    expect(files).toEqual([
      { hash: sha256(readme), name: 'readme.txt' },
      { hash: sha256(readme), name: 'copy.txt' },
      { hash: sha256(Buffer.from('other bytes')), name: 'chall.bin' },
    ]);
    expect(await referenceCount(sha256(readme))).toBe(2);
    expect(await referenceCount(sha256(Buffer.from('other bytes')))).toBe(1);
  });

  it('renames every file to the query filename and skips empty parts', async () => {
    const files = ok<LocalFile[]>(
      await upload(admin, [part('a.txt', 'alpha'), part('empty.txt', ''), part('b.txt', 'beta')], '?filename=task.zip'),
    );
    expect(files).toEqual([
      { hash: sha256(Buffer.from('alpha')), name: 'task.zip' },
      { hash: sha256(Buffer.from('beta')), name: 'task.zip' },
    ]);
    expect(await referenceCount(sha256(Buffer.alloc(0)))).toBeUndefined();
  });

  it('makes names safe to show: no path, no control characters, at most 255 characters', async () => {
    const files = ok<LocalFile[]>(
      await upload(admin, [
        part('C:\\fakepath\\..\\report.pdf', 'one'),
        part('../../etc/pass\u0007wd', 'two'),
        part('x'.repeat(300), 'three'),
        part('/', 'four'),
      ]),
    );
    expect(files.map((file) => file.name)).toEqual(['report.pdf', 'passwd', 'x'.repeat(255), 'attachment']);
  });

  it('needs an administrator', async () => {
    const player = await signUp(ctx, 'player');
    expectError(await upload(player, [part('a.txt', 'a')]), 403);
    const { body, contentType } = multipartFiles([part('a.txt', 'a')]);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/assets',
      payload: body,
      headers: { 'content-type': contentType },
    });
    expectError(anonymous, 401);
  });

  it('refuses requests without files', async () => {
    expectError(await admin.post('/api/assets', { files: 'x' }), 415);
    expectError(await upload(admin, [part('a.txt', 'a', 'file')]), 400);
    const broken = await admin.post('/api/assets', undefined, {
      raw: { body: '--x\r\nnot a part', contentType: 'multipart/form-data; boundary=x' },
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
  });

  it('refuses a file over the limit with 413 and leaves no temporary file behind', async () => {
    const before = await filesUnder(ctx.config.filesDir);
    const tooLarge = Buffer.alloc(MAX_ASSET_BYTES + 1, 7);
    expectError(await upload(admin, [part('small.txt', 'fits'), part('big.bin', tooLarge)]), 413);
    // The refused part's staging file is removed as its stream closes, which may come just after the answer.
    await eventually(
      async () => JSON.stringify(await filesUnder(ctx.config.filesDir)) === JSON.stringify(before),
      5_000,
    );
    expect(await filesUnder(ctx.config.filesDir)).toEqual(before);
    expect(await referenceCount(sha256(tooLarge))).toBeUndefined();
    // Files read before the failing one are not kept either.
    expect(await referenceCount(sha256(Buffer.from('fits')))).toBeUndefined();

    const exactly = Buffer.alloc(MAX_ASSET_BYTES, 8);
    expect(ok<LocalFile[]>(await upload(admin, [part('edge.bin', exactly)]))).toEqual([
      { hash: sha256(exactly), name: 'edge.bin' },
    ]);
  });

  it('refuses more than twice the file limit in one request', async () => {
    const chunk = (fill: number) => Buffer.alloc(MAX_ASSET_BYTES, fill);
    const response = await upload(admin, [part('1', chunk(1)), part('2', chunk(2)), part('3', chunk(3))]);
    expectError(response, 413);
  });
});

describe('GET /assets/{hash}/{filename} of an upload', () => {
  it('returns the same bytes as a download that cannot run as a page', async () => {
    const content = Buffer.from('<script>alert(1)</script>\u0000binary');
    const [file] = ok<LocalFile[]>(await upload(admin, [part('page.html', content)]));
    const response = await ctx.app.inject({ url: `/assets/${file?.hash}/${encodeURIComponent('Lösung (1).html')}` });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(content)).toBe(true);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="L_sung (1).html"; filename*=UTF-8\'\'L%C3%B6sung%20%281%29.html',
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('public, max-age=604800, immutable');
  });

  it('serves recognised pictures inline with their type', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    const [file] = ok<LocalFile[]>(await upload(admin, [part('hint.png', png)]));
    const response = await ctx.app.inject({ url: `/assets/${file?.hash}/hint.png` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.rawPayload.equals(png)).toBe(true);
  });
});

describe('DELETE /api/assets/{hash}', () => {
  it('drops one reference at a time, then answers 404', async () => {
    const content = Buffer.from('shared attachment');
    const hash = sha256(content);
    ok(await upload(admin, [part('a', content), part('b', content)]));
    expect(await referenceCount(hash)).toBe(2);
    const first = await del(admin, `/api/assets/${hash}`);
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('');
    expect(await referenceCount(hash)).toBe(1);
    ok(await del(admin, `/api/assets/${hash}`));
    expect(await referenceCount(hash)).toBe(0);
    expectError(await del(admin, `/api/assets/${hash}`), 404);
  });

  it('answers 404 for unknown and malformed hashes', async () => {
    for (const hash of ['0'.repeat(64), 'A'.repeat(64), 'short', '..%2f..%2fetc', 'g'.repeat(64)]) {
      expectError(await del(admin, `/api/assets/${hash}`), 404);
    }
  });

  it('needs an administrator', async () => {
    const player = await signUp(ctx, 'player2');
    expectError(await del(player, `/api/assets/${'0'.repeat(64)}`), 403);
    expectError(await ctx.app.inject({ method: 'DELETE', url: `/api/assets/${'0'.repeat(64)}` }), 401);
  });
});
