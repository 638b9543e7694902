import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';

export interface ZipEntry {
  /** The name inside the archive; callers build it, never take it from a client. */
  name: string;
  modified: Date;
  content: Readable;
}

/**
 * A zip archive of the entries, streamed as it is written: entries are stored without compression
 * (PDFs are compressed already) and read one at a time, waiting whenever the reader falls behind.
 */
export function zipStream(entries: AsyncIterable<ZipEntry>): Readable {
  const output = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      output.destroy(error);
      return;
    }
    output.write(chunk);
    if (final) output.end();
  });
  const drained = async () => {
    if (output.writableNeedDrain) await once(output, 'drain');
  };
  (async () => {
    for await (const entry of entries) {
      const file = new ZipPassThrough(entry.name);
      file.mtime = entry.modified;
      zip.add(file);
      for await (const chunk of entry.content as AsyncIterable<Buffer>) {
        if (output.destroyed) {
          entry.content.destroy();
          return;
        }
        file.push(chunk);
        await drained();
      }
      file.push(new Uint8Array(0), true);
    }
    zip.end();
  })().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}
