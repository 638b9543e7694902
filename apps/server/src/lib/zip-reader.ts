import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { crc32, createInflateRaw } from 'node:zlib';

/**
 * A zip reader for archives nobody vouches for (uploaded game packages). It reads the central directory of a
 * file on disk and refuses, before anything is extracted, every archive that could hurt the reader or the
 * server: names that leave the archive (absolute, `..`, drive letters, backslashes), symlinks and other special
 * files, duplicate names, encrypted or multi-disk archives, entries whose data overlap (the "overlapping files"
 * zip bomb), too many entries, too much declared content or too high a compression ratio. While an entry is
 * read its size is capped at the declared size and its CRC-32 is checked at the end, so a lying header cannot
 * make it produce more than was allowed.
 */

export type ZipProblem =
  | 'notZip'
  | 'corrupt'
  | 'encrypted'
  | 'unsupported'
  | 'unsafeName'
  | 'duplicateName'
  | 'specialFile'
  | 'tooManyEntries'
  | 'tooLarge'
  | 'ratio';

export class ZipError extends Error {
  constructor(
    readonly problem: ZipProblem,
    /** The entry concerned, when there is one (already checked to be printable). */
    readonly entry?: string,
  ) {
    super(entry ? `${problem}: ${entry}` : problem);
    this.name = 'ZipError';
  }
}

export interface ZipLimits {
  maxEntries: number;
  /** Declared uncompressed bytes of all entries together (each entry is capped at its declared size). */
  maxTotalBytes: number;
  /** Uncompressed / compressed, for entries larger than `ratioFloorBytes`. */
  maxRatio: number;
  ratioFloorBytes: number;
}

export interface ZipEntry {
  name: string;
  isDirectory: boolean;
  compressedSize: number;
  size: number;
  crc: number;
  method: number;
  /** Where the entry's compressed bytes start in the file. */
  dataOffset: number;
}

export interface ZipArchive {
  /** Files and directories in central-directory order. */
  entries: readonly ZipEntry[];
  /** The file entry of that exact name. */
  file(name: string): ZipEntry | undefined;
  /** The entry's content; fails (ZipError 'corrupt') when it is not what the headers declare. */
  stream(entry: ZipEntry): Readable;
  read(entry: ZipEntry): Promise<Buffer>;
}

const EOCD = 0x06054b50;
const EOCD64 = 0x06064b50;
const EOCD64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_COMMENT = 0xffff;
const MAX_NAME_BYTES = 1024;
const MAX_CENTRAL_DIRECTORY_BYTES = 64 * 1024 * 1024;
const UNIX_TYPE_MASK = 0o170000;
const UNIX_REGULAR = 0o100000;
const UNIX_DIRECTORY = 0o040000;

/** A name that stays inside the archive's folder on every operating system. */
function checkName(name: string): void {
  const printable = name.replace(/[^\x20-\x7e]/g, '?').slice(0, 200);
  if (name.length === 0 || /[\p{Cc}\\]/u.test(name)) throw new ZipError('unsafeName', printable);
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) throw new ZipError('unsafeName', printable);
  const segments = (name.endsWith('/') ? name.slice(0, -1) : name).split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) throw new ZipError('unsafeName', printable);
}

interface RawEntry extends Omit<ZipEntry, 'dataOffset' | 'isDirectory'> {
  nameBytes: Buffer;
  flags: number;
  localOffset: number;
}

/** Reads the 64-bit sizes of a zip64 extra field for the fields saturated in the 32-bit header. */
function applyZip64(extra: Buffer, entry: { compressedSize: number; size: number; localOffset: number }): void {
  let at = 0;
  while (at + 4 <= extra.length) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (at + 4 + length > extra.length) throw new ZipError('corrupt');
    if (id === 0x0001) {
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + length) throw new ZipError('corrupt');
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (entry.size === 0xffffffff) entry.size = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localOffset === 0xffffffff) entry.localOffset = next();
      return;
    }
    at += 4 + length;
  }
}

/** Opens and checks the archive at `path`; throws ZipError for anything it refuses. */
export async function openZip(path: string, limits: ZipLimits): Promise<ZipArchive> {
  const handle = await open(path, 'r');
  try {
    const fileSize = (await handle.stat()).size;
    const readAt = async (position: number, length: number): Promise<Buffer> => {
      if (position < 0 || length < 0 || position + length > fileSize) throw new ZipError('corrupt');
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      if (bytesRead !== length) throw new ZipError('corrupt');
      return buffer;
    };

    // ---- end of central directory ----
    if (fileSize < 22) throw new ZipError('notZip');
    const tailLength = Math.min(fileSize, 22 + MAX_COMMENT);
    const tailStart = fileSize - tailLength;
    const tail = await readAt(tailStart, tailLength);
    let eocd = -1;
    for (let at = tail.length - 22; at >= 0; at -= 1) {
      if (tail.readUInt32LE(at) === EOCD && at + 22 + tail.readUInt16LE(at + 20) === tail.length) {
        eocd = at;
        break;
      }
    }
    if (eocd < 0) throw new ZipError('notZip');
    if (tail.readUInt16LE(eocd + 4) !== 0 || tail.readUInt16LE(eocd + 6) !== 0) throw new ZipError('unsupported');
    let entryCount = tail.readUInt16LE(eocd + 10);
    let directorySize = tail.readUInt32LE(eocd + 12);
    let directoryOffset = tail.readUInt32LE(eocd + 16);
    let directoryEnd = tailStart + eocd;
    if (entryCount === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
      const locatorAt = tailStart + eocd - 20;
      const locator = await readAt(locatorAt, 20);
      if (locator.readUInt32LE(0) !== EOCD64_LOCATOR) throw new ZipError('corrupt');
      const recordAt = Number(locator.readBigUInt64LE(8));
      const record = await readAt(recordAt, 56);
      if (record.readUInt32LE(0) !== EOCD64) throw new ZipError('corrupt');
      if (record.readUInt32LE(16) !== 0 || record.readUInt32LE(20) !== 0) throw new ZipError('unsupported');
      entryCount = Number(record.readBigUInt64LE(32));
      directorySize = Number(record.readBigUInt64LE(40));
      directoryOffset = Number(record.readBigUInt64LE(48));
      directoryEnd = recordAt;
    }
    if (entryCount > limits.maxEntries) throw new ZipError('tooManyEntries');
    if (directorySize > MAX_CENTRAL_DIRECTORY_BYTES || directoryOffset + directorySize !== directoryEnd) {
      throw new ZipError('corrupt');
    }

    // ---- central directory ----
    const directory = await readAt(directoryOffset, directorySize);
    const raw: RawEntry[] = [];
    const seen = new Set<string>();
    let at = 0;
    let declaredTotal = 0;
    for (let index = 0; index < entryCount; index += 1) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL) throw new ZipError('corrupt');
      const madeBy = directory.readUInt16LE(at + 4);
      const flags = directory.readUInt16LE(at + 8);
      const method = directory.readUInt16LE(at + 10);
      const crc = directory.readUInt32LE(at + 16);
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      const disk = directory.readUInt16LE(at + 34);
      const external = directory.readUInt32LE(at + 38);
      const entry = {
        compressedSize: directory.readUInt32LE(at + 20),
        size: directory.readUInt32LE(at + 24),
        localOffset: directory.readUInt32LE(at + 42),
      };
      const recordEnd = at + 46 + nameLength + extraLength + commentLength;
      if (recordEnd > directory.length || nameLength > MAX_NAME_BYTES) throw new ZipError('corrupt');
      const nameBytes = directory.subarray(at + 46, at + 46 + nameLength);
      applyZip64(directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength), entry);
      at = recordEnd;

      // Names are UTF-8 when bit 11 says so; anything else must be plain ASCII to be understood the same way.
      const utf8 = (flags & 0x0800) !== 0;
      if (!utf8 && nameBytes.some((byte) => byte > 0x7e)) throw new ZipError('unsafeName');
      const name = nameBytes.toString(utf8 ? 'utf8' : 'latin1');
      if (utf8 && !Buffer.from(name, 'utf8').equals(nameBytes)) throw new ZipError('unsafeName');
      checkName(name);
      const key = name.replace(/\/$/, '').normalize('NFC').toLowerCase();
      if (seen.has(key)) throw new ZipError('duplicateName', name);
      seen.add(key);
      if (disk !== 0) throw new ZipError('unsupported', name);
      if ((flags & 0x0001) !== 0 || (flags & 0x0040) !== 0) throw new ZipError('encrypted', name);
      if (method !== 0 && method !== 8) throw new ZipError('unsupported', name);
      // Unix modes sit in the high half of the external attributes when the archive was made on Unix.
      const mode = madeBy >> 8 === 3 ? (external >>> 16) & UNIX_TYPE_MASK : 0;
      const isDirectory = name.endsWith('/');
      if (mode !== 0 && mode !== (isDirectory ? UNIX_DIRECTORY : UNIX_REGULAR)) throw new ZipError('specialFile', name);
      if (isDirectory && entry.size !== 0) throw new ZipError('corrupt', name);
      if (method === 0 && entry.size !== entry.compressedSize) throw new ZipError('corrupt', name);
      declaredTotal += entry.size;
      if (entry.size > limits.maxTotalBytes || declaredTotal > limits.maxTotalBytes) throw new ZipError('tooLarge');
      if (entry.size > limits.ratioFloorBytes && entry.size > entry.compressedSize * limits.maxRatio) {
        throw new ZipError('ratio', name);
      }
      raw.push({ name, nameBytes, flags, method, crc, ...entry });
    }
    if (at !== directory.length) throw new ZipError('corrupt');

    // ---- local headers: they must agree with the directory, and no two entries may share bytes ----
    const entries: ZipEntry[] = [];
    const spans: Array<[number, number]> = [];
    for (const item of raw) {
      const header = await readAt(item.localOffset, 30);
      if (header.readUInt32LE(0) !== LOCAL) throw new ZipError('corrupt', item.name);
      const nameLength = header.readUInt16LE(26);
      const extraLength = header.readUInt16LE(28);
      const localName = await readAt(item.localOffset + 30, nameLength);
      if (!localName.equals(item.nameBytes) || header.readUInt16LE(8) !== item.method) {
        throw new ZipError('corrupt', item.name);
      }
      const dataOffset = item.localOffset + 30 + nameLength + extraLength;
      const dataEnd = dataOffset + item.compressedSize;
      if (dataEnd > directoryOffset) throw new ZipError('corrupt', item.name);
      spans.push([item.localOffset, dataEnd]);
      entries.push({
        name: item.name,
        isDirectory: item.name.endsWith('/'),
        compressedSize: item.compressedSize,
        size: item.size,
        crc: item.crc,
        method: item.method,
        dataOffset,
      });
    }
    spans.sort((a, b) => a[0] - b[0]);
    let previousEnd = 0;
    for (const [start, end] of spans) {
      if (start < previousEnd) throw new ZipError('corrupt');
      previousEnd = end;
    }

    const byName = new Map(entries.filter((e) => !e.isDirectory).map((e) => [e.name, e]));
    const stream = (entry: ZipEntry) => entryStream(path, entry);
    return {
      entries,
      file: (name) => byName.get(name),
      stream,
      async read(entry) {
        const chunks: Buffer[] = [];
        for await (const chunk of stream(entry)) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      },
    };
  } finally {
    await handle.close();
  }
}

/** Counts and checksums an entry's content, failing as soon as it grows past the declared size. */
class EntryCheck extends Transform {
  private seen = 0;
  private crc = 0;

  constructor(private readonly entry: ZipEntry) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.entry.size) {
      done(new ZipError('corrupt', this.entry.name));
      return;
    }
    this.crc = crc32(chunk, this.crc);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    if (this.seen !== this.entry.size || this.crc !== this.entry.crc) done(new ZipError('corrupt', this.entry.name));
    else done();
  }
}

function entryStream(path: string, entry: ZipEntry): Readable {
  const check = new EntryCheck(entry);
  const source =
    entry.compressedSize === 0
      ? Readable.from([])
      : createReadStream(path, { start: entry.dataOffset, end: entry.dataOffset + entry.compressedSize - 1 });
  const inflate = entry.method === 8 ? createInflateRaw() : undefined;
  // Truncated or invalid data (the inflater's errors) come out as the same ZipError.
  const fail = (error: unknown) =>
    check.destroy(error instanceof ZipError ? error : new ZipError('corrupt', entry.name));
  source.on('error', fail);
  if (inflate) {
    inflate.on('error', fail);
    source.pipe(inflate).pipe(check);
  } else {
    source.pipe(check);
  }
  check.on('close', () => {
    source.destroy();
    inflate?.destroy();
  });
  return check;
}
