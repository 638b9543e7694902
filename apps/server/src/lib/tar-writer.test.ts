import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demuxDockerLog, tarArchive } from './tar-writer';

describe('tarArchive', () => {
  it('writes an archive tar extracts with names, content and modes', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tar-writer-'));
    try {
      const archive = tarArchive([
        { name: 'check/solve', content: Buffer.from('#!/bin/sh\necho hi\n'), mode: 0o755 },
        { name: 'check/data.bin', content: Buffer.alloc(1500, 7), mode: 0o644 },
      ]);
      expect(archive.length % 512).toBe(0);
      writeFileSync(path.join(dir, 'a.tar'), archive);
      execFileSync('mkdir', ['-p', path.join(dir, 'out', 'check')]);
      execFileSync('tar', ['-xf', path.join(dir, 'a.tar'), '-C', path.join(dir, 'out')]);
      expect(readFileSync(path.join(dir, 'out/check/solve'), 'utf8')).toBe('#!/bin/sh\necho hi\n');
      expect(statSync(path.join(dir, 'out/check/solve')).mode & 0o777).toBe(0o755);
      expect(readFileSync(path.join(dir, 'out/check/data.bin')).equals(Buffer.alloc(1500, 7))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a name longer than the header holds', () => {
    expect(() => tarArchive([{ name: 'x'.repeat(101), content: Buffer.alloc(0), mode: 0o644 }])).toThrow();
  });
});

describe('demuxDockerLog', () => {
  it('joins the frames of stdout and stderr in order', () => {
    const frame = (stream: number, text: string) => {
      const body = Buffer.from(text);
      const header = Buffer.alloc(8);
      header[0] = stream;
      header.writeUInt32BE(body.length, 4);
      return Buffer.concat([header, body]);
    };
    expect(demuxDockerLog(Buffer.concat([frame(1, 'out '), frame(2, 'err '), frame(1, 'end')]))).toBe('out err end');
  });
});
