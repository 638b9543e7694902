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
