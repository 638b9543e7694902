import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { CAPTURE_FILE_NAME, type FileRecord } from '@flagpole/contract';
import { Zip, ZipDeflate } from 'fflate';
import type { Clock } from '../lib/clock';
import { PcapRecorder } from './pcap-recorder';
import type { Endpoint } from './tcp-packets';

/** A file still being written carries this suffix and is not listed until its connection has closed. */
const IN_PROGRESS = '.part';
const PARTICIPATION_DIR = /^[1-9][0-9]{0,9}$/;

export interface CaptureOpening {
  challengeId: number;
  participationId: number;
  instanceId: string;
  client: Endpoint;
  server: Endpoint;
}

/** Waits until the reader caught up, or went away (an aborted download). */
function drainOrClose(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.once('drain', done);
    stream.once('close', done);
  });
}

/**
 * Capture files on disk: `<root>/<challengeId>/<participationId>/<name>.pcap`, one file per proxied connection.
 * Names are made here from the time, the instance and a random suffix; names from requests are only accepted
 * when they have that shape, so no request can reach outside the folder.
 */
export function createCaptureStore(deps: { root: string; clock: Clock }) {
  const challengeDir = (challengeId: number) => path.join(deps.root, String(challengeId));
  const teamDir = (challengeId: number, participationId: number) =>
    path.join(challengeDir(challengeId), String(participationId));

  function fileName(instanceId: string): string {
    const stamp = deps.clock.now().toISOString().replace(/[-:.]/g, '');
    return `${stamp}-${instanceId.slice(0, 8)}-${randomBytes(3).toString('hex')}.pcap`;
  }

  async function listNames(dir: string): Promise<string[]> {
    try {
      return (await readdir(dir)).filter((name) => CAPTURE_FILE_NAME.test(name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  async function filePath(challengeId: number, participationId: number, name: string): Promise<string | null> {
    if (!CAPTURE_FILE_NAME.test(name)) return null;
    const full = path.join(teamDir(challengeId, participationId), name);
    try {
      return (await stat(full)).isFile() ? full : null;
    } catch {
      return null;
    }
  }

  return {
    /** Starts the file of one connection; it appears in listings once the recorder is closed. */
    async open(opening: CaptureOpening): Promise<PcapRecorder> {
      const dir = teamDir(opening.challengeId, opening.participationId);
      await mkdir(dir, { recursive: true });
      const final = path.join(dir, fileName(opening.instanceId));
      const partial = final + IN_PROGRESS;
      const out = createWriteStream(partial, { flags: 'wx' });
      return new PcapRecorder(out, opening.client, opening.server, deps.clock, () => rename(partial, final));
    },

    /** Participations that have at least one capture file for the challenge, with their file counts. */
    async teamsWithFiles(challengeId: number): Promise<Map<number, number>> {
      const counts = new Map<number, number>();
      let entries: string[];
      try {
        entries = await readdir(challengeDir(challengeId));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return counts;
        throw error;
      }
      for (const entry of entries) {
        if (!PARTICIPATION_DIR.test(entry)) continue;
        const count = (await listNames(path.join(challengeDir(challengeId), entry))).length;
        if (count > 0) counts.set(Number(entry), count);
      }
      return counts;
    },

    /** The files of one team for one challenge, newest first. */
    async files(challengeId: number, participationId: number): Promise<FileRecord[]> {
      const dir = teamDir(challengeId, participationId);
      const records: FileRecord[] = [];
      for (const name of await listNames(dir)) {
        try {
          const info = await stat(path.join(dir, name));
          records.push({ fileName: name, size: info.size, updateTime: Math.floor(info.mtimeMs) });
        } catch {
          // Deleted between listing and stat.
        }
      }
      return records.sort((a, b) => b.updateTime - a.updateTime || b.fileName.localeCompare(a.fileName));
    },

    /** A stream of one file, or null when there is no such file. */
    async read(
      challengeId: number,
      participationId: number,
      name: string,
    ): Promise<{ stream: Readable; size: number } | null> {
      const full = await filePath(challengeId, participationId, name);
      if (!full) return null;
      const size = (await stat(full)).size;
      return { stream: createReadStream(full), size };
    },

    /** Deletes one file; false when there was none. */
    async remove(challengeId: number, participationId: number, name: string): Promise<boolean> {
      const full = await filePath(challengeId, participationId, name);
      if (!full) return false;
      await rm(full, { force: true });
      return true;
    },

    /** Deletes every finished file of the team; files of connections still open are left to finish. */
    async removeAll(challengeId: number, participationId: number): Promise<number> {
      const dir = teamDir(challengeId, participationId);
      const names = await listNames(dir);
      await Promise.all(names.map((name) => rm(path.join(dir, name), { force: true })));
      return names.length;
    },

    /** A zip of every finished file of the team, compressed while it is sent; null when there are none. */
    async zipAll(challengeId: number, participationId: number): Promise<Readable | null> {
      const dir = teamDir(challengeId, participationId);
      const names = (await listNames(dir)).sort();
      if (names.length === 0) return null;
      const out = new PassThrough();
      const zip = new Zip((error, chunk, final) => {
        if (error) return out.destroy(error);
        out.write(chunk);
        if (final) out.end();
      });
      void (async () => {
        for (const name of names) {
          const entry = new ZipDeflate(name, { level: 6 });
          zip.add(entry);
          try {
            for await (const chunk of createReadStream(path.join(dir, name))) {
              entry.push(chunk as Buffer);
              if (out.destroyed) return;
              if (out.writableNeedDrain) await drainOrClose(out);
            }
          } catch (error) {
            // A file deleted while the archive is made ends up empty rather than breaking the download.
            if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
          }
          entry.push(new Uint8Array(0), true);
        }
        zip.end();
      })().catch((error: unknown) => out.destroy(error as Error));
      return out;
    },
  };
}
export type CaptureStore = ReturnType<typeof createCaptureStore>;
