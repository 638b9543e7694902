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

const DIGEST_BYTES = 32;

/**
 * The SHA-256 digests of strings (UTF-8), end to end in one buffer, for `digestListed`: secrets compared often
 * (flags) are hashed once when loaded, and each one costs 32 bytes rather than a buffer object of its own.
 */
export function sha256Digests(texts: readonly string[]): Buffer {
  return Buffer.concat(texts.map((text) => hash('sha256', text, 'buffer')));
}

/**
 * Whether the SHA-256 digest of `text` is one of `digests` (from `sha256Digests`), compared in constant time
 * with each of them, with no early exit on the first hit: the time tells neither where nor whether they differ.
 */
export function digestListed(text: string, digests: Buffer): boolean {
  if (digests.length === 0) return false;
  const digest = hash('sha256', text, 'buffer');
  let found = false;
  for (let at = 0; at < digests.length; at += DIGEST_BYTES) {
    if (timingSafeEqual(digest, digests.subarray(at, at + DIGEST_BYTES))) found = true;
  }
  return found;
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
