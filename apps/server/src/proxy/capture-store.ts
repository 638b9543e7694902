import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { CAPTURE_FILE_NAME, type FileRecord } from '@flagpole/contract';
import { Zip, ZipDeflate } from 'fflate';
import type { BlobStore } from '../lib/blob-store';
import type { Clock } from '../lib/clock';
import { PcapRecorder } from './pcap-recorder';
import type { Endpoint } from './tcp-packets';

const PARTICIPATION_DIR = /^[1-9][0-9]{0,9}$/;
const PCAP_TYPE = 'application/vnd.tcpdump.pcap';

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
 * Capture files in the blob store (local disk or S3): `capture/<challengeId>/<participationId>/<name>.pcap`,
 * one file per proxied connection. A file is recorded on local disk while its connection is open and put
 * into the store when it closes, so listings only ever show finished files. Names are made here from the
 * time, the instance and a random suffix; names from requests are only accepted when they have that shape,
 * so no request can reach outside the folder.
 */
export function createCaptureStore(deps: { blobs: BlobStore; spoolDir: string; clock: Clock }) {
  const { blobs } = deps;
  const challengePrefix = (challengeId: number) => `capture/${challengeId}/`;
  const teamPrefix = (challengeId: number, participationId: number) =>
    `${challengePrefix(challengeId)}${participationId}/`;

  function fileName(instanceId: string): string {
    const stamp = deps.clock.now().toISOString().replace(/[-:.]/g, '');
    return `${stamp}-${instanceId.slice(0, 8)}-${randomBytes(3).toString('hex')}.pcap`;
  }

  /** The finished files of one team, as `[name, object]`. */
  async function teamFiles(challengeId: number, participationId: number) {
    const prefix = teamPrefix(challengeId, participationId);
    const objects = await blobs.list(prefix);
    return objects
      .map((object) => ({ name: object.key.slice(prefix.length), object }))
      .filter(({ name }) => CAPTURE_FILE_NAME.test(name));
  }

  const keyOf = (challengeId: number, participationId: number, name: string): string | null =>
    CAPTURE_FILE_NAME.test(name) ? teamPrefix(challengeId, participationId) + name : null;

  return {
    /** Starts the file of one connection; it appears in listings once the recorder is closed. */
    async open(opening: CaptureOpening): Promise<PcapRecorder> {
      await mkdir(deps.spoolDir, { recursive: true });
      const name = fileName(opening.instanceId);
      const partial = path.join(deps.spoolDir, `${randomBytes(6).toString('hex')}-${name}.part`);
      const out = createWriteStream(partial, { flags: 'wx' });
      const key = teamPrefix(opening.challengeId, opening.participationId) + name;
      return new PcapRecorder(out, opening.client, opening.server, deps.clock, () =>
        blobs.putFile(key, partial, PCAP_TYPE),
      );
    },

    /** Participations that have at least one capture file for the challenge, with their file counts. */
    async teamsWithFiles(challengeId: number): Promise<Map<number, number>> {
      const counts = new Map<number, number>();
      const prefix = challengePrefix(challengeId);
      for (const object of await blobs.list(prefix)) {
        const [team, name, ...deeper] = object.key.slice(prefix.length).split('/');
        if (deeper.length > 0 || !team || !name || !PARTICIPATION_DIR.test(team) || !CAPTURE_FILE_NAME.test(name)) {
          continue;
        }
        counts.set(Number(team), (counts.get(Number(team)) ?? 0) + 1);
      }
      return counts;
    },

    /** The files of one team for one challenge, newest first. */
    async files(challengeId: number, participationId: number): Promise<FileRecord[]> {
      const records = (await teamFiles(challengeId, participationId)).map(({ name, object }) => ({
        fileName: name,
        size: object.size,
        updateTime: object.modifiedMs,
      }));
      return records.sort((a, b) => b.updateTime - a.updateTime || b.fileName.localeCompare(a.fileName));
    },

    /** A stream of one file, or null when there is no such file. */
    async read(
      challengeId: number,
      participationId: number,
      name: string,
    ): Promise<{ stream: Readable; size: number } | null> {
      const key = keyOf(challengeId, participationId, name);
      return key ? blobs.read(key) : null;
    },

    /** Deletes one file; false when there was none. */
    async remove(challengeId: number, participationId: number, name: string): Promise<boolean> {
      const key = keyOf(challengeId, participationId, name);
      return key ? blobs.remove(key) : false;
    },

    /** Deletes every finished file of the team; files of connections still open are left to finish. */
    async removeAll(challengeId: number, participationId: number): Promise<number> {
      const files = await teamFiles(challengeId, participationId);
      await Promise.all(files.map(({ object }) => blobs.remove(object.key)));
      return files.length;
    },

    /** A zip of every finished file of the team, compressed while it is sent; null when there are none. */
    async zipAll(challengeId: number, participationId: number): Promise<Readable | null> {
      const files = (await teamFiles(challengeId, participationId)).sort((a, b) => a.name.localeCompare(b.name));
      if (files.length === 0) return null;
      const out = new PassThrough();
      const zip = new Zip((error, chunk, final) => {
        if (error) return out.destroy(error);
        out.write(chunk);
        if (final) out.end();
      });
      void (async () => {
        for (const { name, object } of files) {
          const entry = new ZipDeflate(name, { level: 6 });
          zip.add(entry);
          // A file deleted while the archive is made ends up empty rather than breaking the download.
          const found = await blobs.read(object.key);
          for await (const chunk of found?.stream ?? []) {
            entry.push(chunk as Buffer);
            if (out.destroyed) {
              found?.stream.destroy();
              return;
            }
            if (out.writableNeedDrain) await drainOrClose(out);
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
