import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type BlobStore, checkKey } from '../lib/blob-store';

export interface MoveReport {
  /** Files put into the target. */
  copied: number;
  /** Files the target already held at the same size. */
  skipped: number;
  /** Local files deleted after their copy was confirmed (with `removeLocal`). */
  removedLocal: number;
  failed: { key: string; error: string }[];
}

/** Uploads and recordings in progress live here; they are not part of the store. */
const STAGING = '.staging';
const PCAP = /\.pcap$/;

/** Every file under `root` as a store key (`ab/cd/<hash>`, `capture/<c>/<p>/<name>`), staging left out. */
async function localKeys(root: string, prefix = ''): Promise<string[]> {
  const keys: string[] = [];
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(path.join(root, prefix), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return keys;
    throw error;
  }
  for (const entry of entries) {
    if (prefix === '' && entry.name === STAGING) continue;
    const key = prefix + entry.name;
    if (entry.isDirectory()) keys.push(...(await localKeys(root, `${key}/`)));
    else if (entry.isFile()) keys.push(key);
  }
  return keys.sort();
}

/**
 * Moves a local file store (`DATA_DIR/files`: content-addressed files and traffic captures) into another
 * blob store, an S3 bucket, under the same keys. Safe to run again and to interrupt: an object the target
 * already holds at the same size is skipped. Local files are deleted only with `removeLocal`, each once
 * the target reports its copy at the right size.
 */
export async function moveLocalFiles(options: {
  filesDir: string;
  target: BlobStore;
  removeLocal?: boolean;
  log?: (line: string) => void;
}): Promise<MoveReport> {
  const report: MoveReport = { copied: 0, skipped: 0, removedLocal: 0, failed: [] };
  for (const key of await localKeys(options.filesDir)) {
    const file = path.join(options.filesDir, ...key.split('/'));
    try {
      checkKey(key);
      const { size } = await stat(file);
      const existing = await options.target.stat(key);
      if (existing?.size === size) {
        report.skipped += 1;
      } else {
        const type = PCAP.test(key) ? 'application/vnd.tcpdump.pcap' : 'application/octet-stream';
        await options.target.putFile(key, file, type, { keepLocal: true });
        if ((await options.target.stat(key))?.size !== size) throw new Error('the copy has another size');
        report.copied += 1;
        options.log?.(`copied ${key} (${size} bytes)`);
      }
      if (options.removeLocal) {
        await rm(file);
        report.removedLocal += 1;
      }
    } catch (error) {
      report.failed.push({ key, error: (error as Error).message });
      options.log?.(`FAILED ${key}: ${(error as Error).message}`);
    }
  }
  return report;
}
