import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes, leadingZeroBits, solvePow } from './pow-solver';

describe('proof of work', () => {
  it('counts leading zero bits', () => {
    expect(leadingZeroBits(new Uint8Array([0, 0, 0x80]))).toBe(16);
    expect(leadingZeroBits(new Uint8Array([0, 0x0f]))).toBe(12);
    expect(leadingZeroBits(new Uint8Array([0xff]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0, 0]))).toBe(16);
  });

  it('converts hex both ways', () => {
    expect(bytesToHex(hexToBytes('00ff10ab'))).toBe('00ff10ab');
    expect(() => hexToBytes('abc')).toThrow();
  });

  it('finds an 8-byte answer the server accepts', async () => {
    const challenge = '0123456789abcdef';
    const difficulty = 12;
    const solution = await solvePow(challenge, difficulty, { batchSize: 64 });
    expect(solution.nonce).toMatch(/^[0-9a-f]{16}$/);
    const hash = createHash('sha256')
      .update(Buffer.concat([Buffer.from(challenge, 'hex'), Buffer.from(solution.nonce, 'hex')]))
      .digest();
    expect(leadingZeroBits(new Uint8Array(hash))).toBeGreaterThanOrEqual(difficulty);
    expect(solution.hashes).toBeGreaterThan(0);
  });
});
