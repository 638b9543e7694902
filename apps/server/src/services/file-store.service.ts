import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { notFound } from '../http/errors';
import { randomToken } from '../lib/crypto';
import { SNIFF_BYTES } from '../lib/file-type';
import type { FileRepository, StoredFileRow } from '../repositories/file.repository';

const HASH = /^[0-9a-f]{64}$/;

export function isFileHash(value: string): boolean {
  return HASH.test(value);
}

/** Uploaded content written to a temporary file and hashed, not yet part of the store. */
export interface StagedFile {
  hash: string;
  size: number;
  /** The first bytes of the content, to recognise its type. */
  head: Buffer;
  /** Moves the content to its place (or drops it when already stored) and adds a reference. */
  commit(contentType: string): Promise<void>;
  /** Removes the temporary file; harmless after `commit`. */
  discard(): Promise<void>;
}

/**
 * Files kept by the SHA-256 of their content under `filesDir/ab/cd/<hash>`: identical content is
 * stored once and reference counted. Nothing a client sends becomes part of a path.
 *
 * Releasing the last reference leaves the bytes (and the row, at zero) in place: removing
 * unreferenced files is a separate clean-up, so a download racing a delete never sees half a file.
 */
export function createFileStore(deps: { filesDir: string; files: FileRepository }) {
  const pathOf = (hash: string) => path.join(deps.filesDir, hash.slice(0, 2), hash.slice(2, 4), hash);
  /** Uploads are written here first: same file system as the store, so moving them in is a rename. */
  const stagingDir = path.join(deps.filesDir, '.staging');

  async function exists(file: string): Promise<boolean> {
    try {
      await access(file);
      return true;
    } catch {
      return false;
    }
  }

  /** Streams the content to a temporary file while hashing it; never holds the whole file in memory. */
  async function stage(content: Readable): Promise<StagedFile> {
    await mkdir(stagingDir, { recursive: true });
    const temporary = path.join(stagingDir, `${randomToken(12)}.tmp`);
    const hasher = createHash('sha256');
    let size = 0;
    let head = Buffer.alloc(0);
    try {
      await pipeline(
        content,
        async function* measure(source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            hasher.update(chunk);
            size += chunk.length;
            if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
            yield chunk;
          }
        },
        createWriteStream(temporary, { flags: 'wx' }),
      );
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    const hash = hasher.digest('hex');
    const discard = () => rm(temporary, { force: true });
    return {
      hash,
      size,
      head,
      discard,
      async commit(contentType) {
        const target = pathOf(hash);
        if (await exists(target)) {
          await discard();
        } else {
          await mkdir(path.dirname(target), { recursive: true });
          // Readers never see a half-written file: the content appears at its place all at once.
          await rename(temporary, target);
        }
        await deps.files.addReference({ hash, size, contentType });
      },
    };
  }

  /** Stores a stream's content (once per distinct content) and adds a reference; returns the hash. */
  async function storeStream(content: Readable, contentType: string): Promise<string> {
    const staged = await stage(content);
    try {
      await staged.commit(contentType);
    } finally {
      await staged.discard();
    }
    return staged.hash;
  }

  return {
    stage,
    storeStream,

    /** Stores the bytes (once per distinct content) and adds a reference; returns the hash. */
    store(data: Buffer, contentType: string): Promise<string> {
      return storeStream(Readable.from([data]), contentType);
    },

    async release(hash: string): Promise<void> {
      await deps.files.releaseReference(hash);
    },

    /** Drops one reference to a file; 404 when the hash is malformed, unknown or no longer referenced. */
    async releaseExisting(hash: string): Promise<void> {
      if (!isFileHash(hash) || !(await deps.files.releaseReference(hash))) throw notFound('error.fileNotFound');
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
