/** Image types served inline; every other stored file is served as a download. */
export const INLINE_IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** Bytes of the start of a file that {@link sniffImageType} looks at. */
export const SNIFF_BYTES = 12;

const startsWith = (head: Buffer, signature: number[], offset = 0) =>
  head.length >= offset + signature.length && signature.every((byte, index) => head[offset + index] === byte);

/**
 * The raster image type the first bytes of a file announce, or `application/octet-stream`.
 * Only formats a browser shows as a picture are recognised, never SVG or HTML, so a stored file can
 * not run script on this site.
 */
export function sniffImageType(head: Buffer): string {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return 'application/octet-stream';
}

/**
 * Types of common download names by extension (lower case); anything else is `application/octet-stream`.
 * Types a browser could run as a page or script (HTML, SVG, XML, JavaScript) are left out on purpose.
 */
const TYPES_BY_EXTENSION: Readonly<Record<string, string>> = {
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  log: 'text/plain',
  json: 'application/json',
  py: 'text/x-python',
  c: 'text/x-c',
  h: 'text/x-c',
  cpp: 'text/x-c++',
  java: 'text/x-java',
  rs: 'text/x-rust',
  go: 'text/x-go',
  sh: 'application/x-sh',
  pdf: 'application/pdf',
  zip: 'application/zip',
  gz: 'application/gzip',
  tgz: 'application/gzip',
  tar: 'application/x-tar',
  xz: 'application/x-xz',
  bz2: 'application/x-bzip2',
  '7z': 'application/x-7z-compressed',
  rar: 'application/vnd.rar',
  pcap: 'application/vnd.tcpdump.pcap',
  pcapng: 'application/vnd.tcpdump.pcap',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * The type a download is sent with, from its name's extension. Safe whatever it says: stored files that are
 * not inline pictures always go out as attachments, under a sandboxing policy and `nosniff`.
 */
export function contentTypeOfName(name: string): string {
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  return TYPES_BY_EXTENSION[extension] ?? 'application/octet-stream';
}
