import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CraftEntry, craftZip } from '../../test/zip-craft';
import { openZip, type ZipArchive, ZipError, type ZipLimits } from './zip-reader';

const limits: ZipLimits = {
  maxEntries: 50,
  maxTotalBytes: 64 * 1024 * 1024,
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
};
let dir: string;
let counter = 0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'zip-reader-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function openBytes(bytes: Buffer, custom: ZipLimits = limits): Promise<ZipArchive> {
  counter += 1;
  const file = path.join(dir, `${counter}.zip`);
  await writeFile(file, bytes);
  return openZip(file, custom);
}

async function problemOf(entries: CraftEntry[] | Buffer, custom?: ZipLimits): Promise<string> {
  try {
    const archive = await openBytes(Buffer.isBuffer(entries) ? entries : craftZip(entries), custom);
    for (const entry of archive.entries) if (!entry.isDirectory) await archive.read(entry);
    return 'ok';
  } catch (error) {
    if (error instanceof ZipError) return error.problem;
    throw error;
  }
}

describe('zip reader', () => {
  it('reads stored and deflated entries written by a real zip library', async () => {
    const bytes = Buffer.from(
      zipSync({
        'game.json': strToU8('{"title":"x"}'),
        'files/a': [randomBytes(2000), { level: 0 }],
        'challenges/': new Uint8Array(0),
        'challenges/challenge-1.json': [strToU8('{}'.repeat(500)), { level: 9 }],
      }),
    );
    const archive = await openBytes(bytes);
    expect(archive.entries.map((e) => e.name).sort()).toEqual([
      'challenges/',
      'challenges/challenge-1.json',
      'files/a',
      'game.json',
    ]);
    const game = archive.file('game.json');
    expect(game && (await archive.read(game)).toString()).toBe('{"title":"x"}');
    const challenge = archive.file('challenges/challenge-1.json');
    expect(challenge && (await archive.read(challenge)).length).toBe(1000);
    expect(archive.file('challenges/')).toBeUndefined();
  });

  it('accepts a crafted archive with a comment', async () => {
    expect(await problemOf(craftZip([{ name: 'a.txt', data: 'hello', deflate: true }], { comment: 'hi' }))).toBe('ok');
  });

  it('refuses what is not a zip, and truncated archives', async () => {
    expect(await problemOf(Buffer.from('this is not a zip file at all, just some text'))).toBe('notZip');
    expect(await problemOf(Buffer.alloc(0))).toBe('notZip');
    const good = craftZip([{ name: 'a.txt', data: 'hello' }]);
    expect(await problemOf(good.subarray(0, good.length - 5))).toBe('notZip');
    expect(await problemOf(good.subarray(10))).toBe('corrupt');
  });

  it.each([
    '../evil.txt',
    'files/../../evil',
    '/etc/passwd',
    'C:/windows/evil',
    'files\\..\\evil',
    'a//b',
    './a',
    'bad\u0000name',
  ])('refuses the unsafe name %j', async (name) => {
    expect(await problemOf([{ name, data: 'x' }])).toBe('unsafeName');
  });

  it('refuses duplicate names, also differing only in case', async () => {
    expect(await problemOf([{ name: 'game.json' }, { name: 'game.json' }])).toBe('duplicateName');
    expect(await problemOf([{ name: 'Game.json' }, { name: 'game.JSON' }])).toBe('duplicateName');
  });

  it('refuses symlinks and other special files', async () => {
    expect(await problemOf([{ name: 'link', data: '/etc/passwd', unixMode: 0o120777 }])).toBe('specialFile');
    expect(await problemOf([{ name: 'fifo', unixMode: 0o010644 }])).toBe('specialFile');
    expect(await problemOf([{ name: 'plain', data: 'x', unixMode: 0o100644 }])).toBe('ok');
  });

  it('refuses encrypted entries', async () => {
    expect(await problemOf([{ name: 'secret', data: 'x', encrypted: true }])).toBe('encrypted');
  });

  it('refuses too many entries and too much declared content', async () => {
    const many = Array.from({ length: 51 }, (_, i) => ({ name: `f${i}`, data: 'x' }));
    expect(await problemOf(many)).toBe('tooManyEntries');
    expect(await problemOf([{ name: 'big', data: 'x', deflate: true, declaredSize: 65 * 1024 * 1024 }])).toBe(
      'tooLarge',
    );
    const half = 40 * 1024 * 1024;
    expect(
      await problemOf(
        [
          { name: 'a', data: 'x', deflate: true, declaredSize: half },
          { name: 'b', data: 'x', deflate: true, declaredSize: half },
          // Each is fine alone (no ratio limit here); together they are too much.
        ],
        { ...limits, maxRatio: Number.MAX_SAFE_INTEGER },
      ),
    ).toBe('tooLarge');
  });

  it('refuses a zip bomb by its compression ratio', async () => {
    expect(await problemOf([{ name: 'zeros', data: Buffer.alloc(20 * 1024 * 1024), deflate: true }])).toBe('ratio');
    // Small entries may compress as well as they like.
    expect(await problemOf([{ name: 'small', data: Buffer.alloc(512 * 1024), deflate: true }])).toBe('ok');
  });

  it('stops an entry that inflates past its declared size (a lying header)', async () => {
    const data = Buffer.alloc(5 * 1024 * 1024);
    expect(await problemOf([{ name: 'liar', data, deflate: true, declaredSize: 1000 }])).toBe('corrupt');
  });

  it('refuses content whose checksum or local header disagrees with the directory', async () => {
    expect(await problemOf([{ name: 'a', data: 'hello', crc: 1234 }])).toBe('corrupt');
    expect(await problemOf([{ name: 'a', data: 'hello', localName: 'b' }])).toBe('corrupt');
  });

  it('refuses entries that share bytes (overlapping-entry bombs)', async () => {
    const bytes = craftZip([
      { name: 'a', data: 'aaaa' },
      { name: 'b', data: 'bbbb' },
    ]);
    // Point b's directory record at a's local header (its name no longer matches) and at a's data.
    const directoryStart = bytes.length - 22 - (46 + 1) * 2;
    bytes.writeUInt32LE(0, directoryStart + 47 + 42);
    expect(await problemOf(bytes)).toBe('corrupt');
  });
});
