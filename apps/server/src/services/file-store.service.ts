import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { notFound } from '../http/errors';
import type { BlobStore } from '../lib/blob-store';
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
  commit(contentType: string, name?: string): Promise<void>;
  /**
   * Moves the content to its place (or drops it when already stored) without touching the database: for callers
   * that add the references in their own transaction and place the bytes once it has committed.
   */
  place(contentType: string): Promise<void>;
  /** Removes the temporary file; harmless after `commit`. */
  discard(): Promise<void>;
}

/** Where a file of this content lives in the store (the same key on local disk and in a bucket). */
export function fileKey(hash: string): string {
  return `${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}`;
}

/**
 * Files kept by the SHA-256 of their content under `ab/cd/<hash>` of the blob store (local disk or S3):
 * identical content is stored once and reference counted. Nothing a client sends becomes part of a key.
 *
 * Releasing the last reference leaves the bytes (and the row, at zero) in place: removing
 * unreferenced files is a separate clean-up, so a download racing a delete never sees half a file.
 */
export function createFileStore(deps: {
  blobs: BlobStore;
  /** Uploads are written here first, on local disk (for local storage, the same file system as the store). */
  stagingDir: string;
  files: FileRepository;
}) {
  const { blobs, stagingDir } = deps;

  /** Streams the content to a temporary file while hashing it; never holds the whole file in memory. */
  async function stage(content: Readable): Promise<StagedFile> {
    await mkdir(stagingDir, { recursive: true });
    const temporary = path.join(stagingDir, `${randomToken(12)}.tmp`);
    const hasher = createHash('sha256');
    let size = 0;
    let head = Buffer.alloc(0);
    const sink = createWriteStream(temporary, { flags: 'wx' });
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
        sink,
      );
    } catch (error) {
      // The pipeline rejects on the first error, possibly while the file is still being opened: removing it
      // before the sink has closed could leave a file its late open creates.
      if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
      await rm(temporary, { force: true });
      throw error;
    }
    const hash = hasher.digest('hex');
    const discard = () => rm(temporary, { force: true });
    const place = async (contentType: string) => {
      const key = fileKey(hash);
      // Readers never see a half-written file: the content appears at its place all at once.
      if (await blobs.stat(key)) await discard();
      else await blobs.putFile(key, temporary, contentType);
    };
    return {
      hash,
      size,
      head,
      discard,
      place,
      async commit(contentType, name) {
        await place(contentType);
        await deps.files.addReference({ hash, size, contentType, name });
      },
    };
  }

  async function describe(hash: string): Promise<StoredFileRow> {
    const file = isFileHash(hash) ? await deps.files.find(hash) : undefined;
    if (!file) throw notFound('error.fileNotFound');
    return file;
  }

  async function read(file: StoredFileRow): Promise<Readable> {
    const found = await blobs.read(fileKey(file.hash));
    if (!found) throw notFound('error.fileNotFound');
    return found.stream;
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

    /** True when the store holds the file's bytes (its row is the caller's to check, in bulk). */
    async hasBytes(hash: string): Promise<boolean> {
      return isFileHash(hash) && (await blobs.stat(fileKey(hash))) !== null;
    },

    /** The stored file's record; 404 when the hash is malformed or unknown. */
    describe,

    /** The content of a described file; 404 when it is missing from the store. */
    read,

    /** Opens a stored file for download; 404 when the hash is malformed or unknown. */
    async open(hash: string): Promise<{ file: StoredFileRow; stream: Readable }> {
      const file = await describe(hash);
      return { file, stream: await read(file) };
    },

    /**
     * Where a client may fetch the file directly (a presigned bucket URL, when S3 downloads are redirected);
     * null to stream it through the platform.
     */
    directUrl(file: StoredFileRow, headers: { contentType: string; disposition: string }): Promise<string | null> {
      return blobs.downloadUrl(fileKey(file.hash), headers);
    },
  };
}
export type FileStore = ReturnType<typeof createFileStore>;
