import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { FakeClock } from '../src/lib/clock';
import { MemoryEventBus } from '../src/lib/event-bus';
import { MemoryStore } from '../src/lib/kv-store';
import { fileKey } from '../src/services/file-store.service';
import type { TestClient } from './client';
import { ok, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { multipartFiles } from './multipart';
import { bucketEnv, bucketKeys, createTestBucket, onS3 } from './s3';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '..');

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

async function upload(admin: TestClient, fileName: string, content: Buffer): Promise<string> {
  const { body, contentType } = multipartFiles([{ field: 'files', fileName, content }]);
  const [stored] = ok<{ hash: string }[]>(await admin.post('/api/assets', undefined, { raw: { body, contentType } }));
  return stored?.hash as string;
}

/** A second app on the same database as `ctx`, with other storage settings. */
async function appOnSameDatabase(ctx: TestContext, env: Record<string, string>): Promise<FastifyInstance> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    RATE_LIMIT: 'false',
    DATA_DIR: `/tmp/flagpole-test-${randomBytes(6).toString('hex')}`,
    ...env,
  });
  const clock = new FakeClock(new Date());
  return buildApp({ config, db: ctx.db, clock, store: new MemoryStore(), events: new MemoryEventBus() });
}

// The same behaviour on local disk is covered by the suites this project shares with the others
// (assets, avatars, posters, logos, writeups, captures); here is what only S3 storage has.
describe.runIf(onS3)('S3 storage', () => {
  let ctx: TestContext;
  let admin: TestClient;
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await signUpAdmin(ctx, 'organiser');
  });
  afterAll(() => ctx.close());

  it('keeps one object per distinct content in the bucket, under the same key as on disk', async () => {
    const content = randomBytes(2048);
    const first = await upload(admin, 'a.bin', content);
    const second = await upload(admin, 'b.bin', content);
    expect(first).toBe(sha256(content));
    expect(second).toBe(first);
    const keys = await bucketKeys(ctx.config.S3_BUCKET as string);
    expect(keys.filter((key) => key.endsWith(first))).toEqual([fileKey(first)]);
    const download = await admin.get(`/assets/${first}/a.bin`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);
  });

  it('redirects downloads to a presigned URL of the bucket when asked to, with the same name and type', async () => {
    const redirecting = await appOnSameDatabase(ctx, {
      ...bucketEnv(ctx.config.S3_BUCKET as string),
      S3_DOWNLOADS: 'redirect',
      S3_PRESIGN_SECONDS: '120',
    });
    try {
      const content = randomBytes(4096);
      const hash = await upload(admin, 'notes.bin', content);
      const response = await redirecting.inject({ method: 'GET', url: `/assets/${hash}/challenge%20notes.bin` });
      expect(response.statusCode).toBe(302);
      expect(response.headers['cache-control']).toBe('no-store');
      const location = new URL(response.headers.location as string);
      expect(location.origin).toBe(new URL(ctx.config.S3_ENDPOINT as string).origin);
      expect(location.searchParams.get('X-Amz-Expires')).toBe('120');
      const direct = await fetch(location);
      expect(direct.status).toBe(200);
      expect(Buffer.from(await direct.arrayBuffer()).equals(content)).toBe(true);
      expect(direct.headers.get('content-disposition')).toContain('challenge notes.bin');
      // A validator the client already holds is still answered by the platform itself.
      const etag = (await admin.get(`/assets/${hash}/x`)).headers.etag as string;
      const cached = await redirecting.inject({
        method: 'GET',
        url: `/assets/${hash}/x`,
        headers: { 'if-none-match': etag },
      });
      expect(cached.statusCode).toBe(304);
    } finally {
      await redirecting.close();
    }
  });
});

describe.runIf(onS3)('moving a local store into a bucket (move-files-to-s3)', () => {
  let local: TestContext;
  let admin: TestClient;
  beforeAll(async () => {
    local = await createTestContext({ STORAGE: 'local' });
    admin = await signUpAdmin(local, 'organiser');
  });
  afterAll(() => local.close());

  /** Runs the command as an operator would, with the server's environment. */
  async function moveCommand(env: Record<string, string>, args: string[] = []) {
    return run(process.execPath, ['--import', 'tsx', 'src/move-files-to-s3.ts', ...args], {
      cwd: serverDir,
      env: { ...process.env, DATA_DIR: local.config.dataDir, ...env },
    });
  }

  it('copies every file and capture under the same keys, again safely, and removes local copies when asked', async () => {
    const attachment = randomBytes(3000);
    const hash = await upload(admin, 'attachment.bin', attachment);
    const captureName = '20260101T000000000Z-0123abcd-a1b2c3.pcap';
    const captureDir = path.join(local.config.filesDir, 'capture', '7', '3');
    await mkdir(captureDir, { recursive: true });
    await writeFile(path.join(captureDir, captureName), Buffer.from('pcap bytes'));
    // An upload in progress is not part of the store.
    await mkdir(path.join(local.config.filesDir, '.staging'), { recursive: true });
    await writeFile(path.join(local.config.filesDir, '.staging', 'upload.tmp'), 'half');

    const { bucket, env } = await createTestBucket();
    const first = await moveCommand(env);
    expect(first.stdout).toContain('copied 2, already there 0, local copies removed 0, failed 0');
    expect(await bucketKeys(bucket)).toEqual([`capture/7/3/${captureName}`, fileKey(hash)].sort());

    // The platform switched to the bucket serves the same bytes and lists the same captures.
    const moved = await appOnSameDatabase(local, env);
    try {
      const download = await moved.inject({ method: 'GET', url: `/assets/${hash}/attachment.bin` });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(attachment)).toBe(true);
      const captures = await moved.services.storage.list('capture/7/');
      expect(captures.map((object) => object.key)).toEqual([`capture/7/3/${captureName}`]);
    } finally {
      await moved.close();
    }

    const second = await moveCommand(env, ['--remove-local']);
    expect(second.stdout).toContain('copied 0, already there 2, local copies removed 2, failed 0');
    const left = await readdir(local.config.filesDir, { recursive: true, withFileTypes: true });
    expect(left.filter((entry) => entry.isFile()).map((entry) => entry.name)).toEqual(['upload.tmp']);
  });

  it('refuses to run without S3 settings or with unknown arguments', async () => {
    await expect(moveCommand({ STORAGE: 'local' })).rejects.toMatchObject({ code: 2 });
    await expect(moveCommand((await createTestBucket()).env, ['--delete'])).rejects.toMatchObject({ code: 2 });
  });
});
