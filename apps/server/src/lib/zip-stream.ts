import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

export interface ZipEntry {
  /** The name inside the archive; callers build it, never take it from a client. */
  name: string;
  /** When the entry was last changed; the archive's own time when left out. */
  modified?: Date;
  /** Bytes, or chunks produced on demand (stored files, long generated lists). */
  content: Buffer | AsyncIterable<Uint8Array>;
  /** Deflate text such as JSON; stored files go in as they are (most are compressed already). */
  deflate?: boolean;
}

/**
 * A zip archive of the entries, streamed as it is written: entries are read one at a time, waiting
 * whenever the reader falls behind, so an archive of many large files never sits in memory.
 */
export function zipStream(entries: AsyncIterable<ZipEntry>, archivedAt = new Date()): Readable {
  const output = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      output.destroy(error);
      return;
    }
    output.write(chunk);
    if (final) output.end();
  });
  (async () => {
    for await (const entry of entries) {
      const file = entry.deflate ? new ZipDeflate(entry.name, { level: 6 }) : new ZipPassThrough(entry.name);
      file.mtime = entry.modified ?? archivedAt;
      zip.add(file);
      const chunks = Buffer.isBuffer(entry.content) ? [entry.content] : entry.content;
      for await (const chunk of chunks) {
        if (output.destroyed) {
          // Stops a file read half-way (a client that went away) instead of leaving it open.
          if (isDestroyable(entry.content)) entry.content.destroy();
          return;
        }
        file.push(chunk);
        if (output.writableNeedDrain) await once(output, 'drain');
      }
      file.push(new Uint8Array(0), true);
    }
    zip.end();
  })().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}

function isDestroyable(content: unknown): content is { destroy(): void } {
  return typeof (content as { destroy?: unknown }).destroy === 'function';
}
