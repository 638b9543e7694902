import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A URL-safe random token with the given number of random bytes. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

// One-shot `hash` rather than `createHash(…).update(…).digest(…)`: every signed-in request hashes its session
// token, and the one-shot call creates no Hash object (a few per cent of the server's CPU on flag submissions).
export function sha256Hex(data: string | Buffer): string {
  return hash('sha256', data, 'hex');
}

/** Compares two strings in time independent of where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = hash('sha256', a, 'buffer');
  const right = hash('sha256', b, 'buffer');
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
