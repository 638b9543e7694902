/*
 * A minimal ustar archive writer: regular files only, names up to 100 bytes, everything in memory. Enough to put a
 * health check's script and attachment into a container (`PUT /containers/{id}/archive` takes a tar).
 */

const BLOCK = 512;

export interface TarEntry {
  /** Relative path with `/` separators; at most 100 bytes. */
  name: string;
  content: Buffer;
  /** Permission bits, e.g. 0o755. */
  mode: number;
}

function writeString(header: Buffer, offset: number, length: number, value: string): void {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > length) throw new Error(`tar: "${value}" is longer than ${length} bytes`);
  bytes.copy(header, offset);
}

/** An octal number field: zero-padded digits followed by NUL. */
function writeOctal(header: Buffer, offset: number, length: number, value: number): void {
  writeString(header, offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
}

function headerOf(entry: TarEntry, mtimeSeconds: number): Buffer {
  const header = Buffer.alloc(BLOCK);
  writeString(header, 0, 100, entry.name);
  writeOctal(header, 100, 8, entry.mode);
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  writeOctal(header, 124, 12, entry.content.length);
  writeOctal(header, 136, 12, mtimeSeconds);
  header.fill(' ', 148, 156);
  writeString(header, 156, 1, '0');
  writeString(header, 257, 6, 'ustar\0');
  writeString(header, 263, 2, '00');
  let sum = 0;
  for (const byte of header) sum += byte;
  writeString(header, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return header;
}

/** The archive of the entries, ended by the two empty blocks the format asks for. */
export function tarArchive(entries: TarEntry[], mtime = new Date()): Buffer {
  const seconds = Math.floor(mtime.getTime() / 1000);
  const parts: Buffer[] = [];
  for (const entry of entries) {
    parts.push(headerOf(entry, seconds), entry.content);
    const padding = (BLOCK - (entry.content.length % BLOCK)) % BLOCK;
    if (padding > 0) parts.push(Buffer.alloc(padding));
  }
  parts.push(Buffer.alloc(2 * BLOCK));
  return Buffer.concat(parts);
}

/**
 * Splits the Docker log stream of a container without a terminal (frames of an 8-byte header: stream, 3 zero
 * bytes, big-endian length) into the text it carries, stdout and stderr in order.
 */
export function demuxDockerLog(raw: Buffer): string {
  const chunks: Buffer[] = [];
  let offset = 0;
  while (offset + 8 <= raw.length) {
    const length = raw.readUInt32BE(offset + 4);
    chunks.push(raw.subarray(offset + 8, Math.min(raw.length, offset + 8 + length)));
    offset += 8 + length;
  }
  return Buffer.concat(chunks).toString('utf8');
}
