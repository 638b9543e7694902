import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

export interface PackageEntry {
  /** Built by the exporter from ids and hashes, never taken from a client. */
  name: string;
  /** Bytes, or chunks produced on demand (large parts: stored files, the submissions list). */
  content: Buffer | AsyncIterable<Uint8Array>;
  /** JSON is deflated; stored files go in as they are (most are compressed already). */
  deflate: boolean;
}

/** A zip of the entries, streamed as it is written; every entry carries the same modification time. */
export function packageZip(entries: AsyncIterable<PackageEntry>, modified: Date): Readable {
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
      file.mtime = modified;
      zip.add(file);
      const chunks = Buffer.isBuffer(entry.content) ? [entry.content] : entry.content;
      for await (const chunk of chunks) {
        if (output.destroyed) return;
        file.push(chunk);
        if (output.writableNeedDrain) await once(output, 'drain');
      }
      file.push(new Uint8Array(0), true);
    }
    zip.end();
  })().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}
