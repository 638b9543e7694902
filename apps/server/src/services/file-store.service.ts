import { createReadStream } from 'node:fs';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { notFound } from '../http/errors';
import { randomToken, sha256Hex } from '../lib/crypto';
import type { FileRepository, StoredFileRow } from '../repositories/file.repository';

const HASH = /^[0-9a-f]{64}$/;

export function isFileHash(value: string): boolean {
  return HASH.test(value);
}

/**
 * Files kept by the SHA-256 of their content under `filesDir/ab/cd/<hash>`: identical content is
 * stored once and reference counted. Nothing a client sends becomes part of a path.
 */
export function createFileStore(deps: { filesDir: string; files: FileRepository }) {
  const pathOf = (hash: string) => path.join(deps.filesDir, hash.slice(0, 2), hash.slice(2, 4), hash);

  async function exists(file: string): Promise<boolean> {
    try {
      await access(file);
      return true;
    } catch {
      return false;
    }
  }

  return {
    /** Stores the bytes (once per distinct content) and adds a reference; returns the hash. */
    async store(data: Buffer, contentType: string): Promise<string> {
      const hash = sha256Hex(data);
      const target = pathOf(hash);
      if (!(await exists(target))) {
        await mkdir(path.dirname(target), { recursive: true });
        // Write beside the target and rename, so readers never see a half-written file.
        const temporary = `${target}.${randomToken(6)}.tmp`;
        try {
          await writeFile(temporary, data);
          await rename(temporary, target);
        } finally {
          await rm(temporary, { force: true });
        }
      }
      await deps.files.addReference({ hash, size: data.length, contentType });
      return hash;
    },

    async release(hash: string): Promise<void> {
      await deps.files.releaseReference(hash);
    },

    /** Opens a stored file for download; 404 when the hash is malformed or unknown. */
    async open(hash: string): Promise<{ file: StoredFileRow; stream: Readable }> {
      if (!isFileHash(hash)) throw notFound('error.fileNotFound');
      const file = await deps.files.find(hash);
      const location = pathOf(hash);
      if (!file || !(await exists(location))) throw notFound('error.fileNotFound');
      return { file, stream: createReadStream(location) };
    },
  };
}
export type FileStore = ReturnType<typeof createFileStore>;
