export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw new Error('Not a hex string');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

export function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0;
  for (const byte of bytes) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

export interface PowSolution {
  /** 16 hex characters: 4 random bytes then a 4-byte big-endian counter. */
  nonce: string;
  hashes: number;
}

export interface SolveOptions {
  digest?: (data: Uint8Array<ArrayBuffer>) => Promise<ArrayBuffer>;
  randomBytes?: (count: number) => Uint8Array<ArrayBuffer>;
  /** Hashes computed concurrently; digest is async, so batching keeps the CPU busy. */
  batchSize?: number;
  onProgress?: (hashes: number) => void;
}

const defaultDigest = (data: Uint8Array<ArrayBuffer>) => crypto.subtle.digest('SHA-256', data);
const defaultRandomBytes = (count: number) => crypto.getRandomValues(new Uint8Array(count));

/**
 * Finds an 8-byte answer so that SHA-256(challenge ‖ answer) starts with at least `difficulty` zero bits.
 */
export async function solvePow(
  challengeHex: string,
  difficulty: number,
  options: SolveOptions = {},
): Promise<PowSolution> {
  const digest = options.digest ?? defaultDigest;
  const randomBytes = options.randomBytes ?? defaultRandomBytes;
  const batchSize = options.batchSize ?? 512;
  const challenge = hexToBytes(challengeHex);
  const prefix = randomBytes(4);
  const start = new DataView(randomBytes(4).buffer).getUint32(0);
  let hashes = 0;

  for (let offset = 0; offset < 2 ** 32; offset += batchSize) {
    const batch = Array.from({ length: batchSize }, (_, index) => {
      const data = new Uint8Array(challenge.length + 8);
      data.set(challenge, 0);
      data.set(prefix, challenge.length);
      new DataView(data.buffer).setUint32(challenge.length + 4, (start + offset + index) >>> 0);
      return data;
    });
    const results = await Promise.all(batch.map((data) => digest(data)));
    for (let index = 0; index < results.length; index++) {
      const hash = results[index];
      const data = batch[index];
      if (hash && data && leadingZeroBits(new Uint8Array(hash)) >= difficulty) {
        return { nonce: bytesToHex(data.subarray(challenge.length)), hashes: hashes + index + 1 };
      }
    }
    hashes += batchSize;
    options.onProgress?.(hashes);
  }
  throw new Error('No answer found');
}
