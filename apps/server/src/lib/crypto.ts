import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A URL-safe random token with the given number of random bytes. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Compares two strings in time independent of where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right) && a.length === b.length;
}

export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

/** Base64 (URL-safe alphabet, no padding) of a UTF-8 string, as used in mail links. */
export function encodeLinkValue(value: string): string {
  return Buffer.from(value, 'utf8').toString('base64url');
}

/** Decodes a mail-link value written in either Base64 alphabet; null when it is not Base64. */
export function decodeLinkValue(value: string): string | null {
  const trimmed = value.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
  const decoded = Buffer.from(trimmed, 'base64').toString('utf8');
  return decoded.length > 0 && !decoded.includes('\uFFFD') ? decoded : null;
}
