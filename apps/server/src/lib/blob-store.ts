import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** One stored object as a listing shows it. */
export interface StoredObject {
  /** Relative key, `/`-separated (`ab/cd/<hash>`, `capture/<challenge>/<team>/<name>`). */
  key: string;
  size: number;
  modifiedMs: number;
}

/**
 * Where the platform's files end up: a folder on local disk, or a bucket of S3-compatible object storage
 * (`STORAGE`). Keys are the same in both, so a local store moves into a bucket one file per key.
 * Content is always written to local disk first (hashed, or recorded) and then put into the store whole:
 * readers never see half an object.
 */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  /** The object's size, or null when there is none. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Puts a finished local file under `key`; the local file is gone afterwards unless `keepLocal`. */
  putFile(key: string, localPath: string, contentType: string, options?: { keepLocal?: boolean }): Promise<void>;
  /** The object's content, or null when there is none. */
  read(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Every object whose key starts with `prefix` (a folder: ends with `/`). */
  list(prefix: string): Promise<StoredObject[]>;
  /** Deletes the object; false when there was none. */
  remove(key: string): Promise<boolean>;
  /**
   * A short-lived address a client may download the object from directly (S3 presigned, when downloads
   * are redirected), or null to stream it through the platform.
   */
  downloadUrl(key: string, response: { contentType: string; disposition: string }): Promise<string | null>;
  close(): Promise<void>;
}

const KEY = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

/** Keys are made by the platform; this guards against one ever naming something outside the store. */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '.' || part === '..')) {
    throw new Error(`invalid storage key: ${key}`);
  }
  return key;
}

export function checkPrefix(prefix: string): string {
  if (!prefix.endsWith('/')) throw new Error(`invalid storage prefix: ${prefix}`);
  checkKey(prefix.slice(0, -1));
  return prefix;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Files under one folder of the local disk, the key being the path below it. */
export function createLocalBlobStore(root: string): BlobStore {
  const pathOf = (key: string) => path.join(root, ...checkKey(key).split('/'));

  async function walk(dir: string, prefix: string, into: StoredObject[]): Promise<void> {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        await walk(full, `${prefix}${entry.name}/`, into);
      } else if (entry.isFile()) {
        try {
          const info = await stat(full);
          into.push({ key: prefix + entry.name, size: info.size, modifiedMs: Math.floor(info.mtimeMs) });
        } catch (error) {
          // Deleted between listing and stat.
          if (!isMissing(error)) throw error;
        }
      }
    }
  }

  return {
    kind: 'local',
    async stat(key) {
      try {
        const info = await stat(pathOf(key));
        return info.isFile() ? { size: info.size } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async putFile(key, localPath, _contentType, options) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      if (options?.keepLocal) {
        const partial = `${target}.${process.pid}.tmp`;
        await copyFile(localPath, partial);
        await rename(partial, target);
        return;
      }
      try {
        // The content appears at its place all at once.
        await rename(localPath, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        const partial = `${target}.${process.pid}.tmp`;
        await copyFile(localPath, partial);
        await rename(partial, target);
        await rm(localPath, { force: true });
      }
    },
    async read(key) {
      const file = pathOf(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { stream: createReadStream(file), size: info.size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async list(prefix) {
      const found: StoredObject[] = [];
      await walk(path.join(root, ...checkPrefix(prefix).slice(0, -1).split('/')), prefix, found);
      return found;
    },
    async remove(key) {
      const file = pathOf(key);
      try {
        await rm(file);
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async downloadUrl() {
      return null;
    },
    async close() {},
  };
}
