import { describe, expect, it } from 'vitest';
import { decodeLinkValue, digestListed, encodeLinkValue, sha256Digests, sha256Hex } from './crypto';

describe('mail link values', () => {
  it('round-trips and accepts both Base64 alphabets', () => {
    const value = 'ä?/+token==';
    expect(decodeLinkValue(encodeLinkValue(value))).toBe(value);
    expect(decodeLinkValue(Buffer.from(value).toString('base64'))).toBe(value);
  });

  it('rejects values that are not Base64', () => {
    expect(decodeLinkValue('')).toBeNull();
    expect(decodeLinkValue('not base64!')).toBeNull();
    expect(decodeLinkValue('%%%')).toBeNull();
  });
});

describe('digest lists', () => {
  it('hold each text as its 32-byte SHA-256, end to end, and find a text among them', () => {
    const digests = sha256Digests(['flag{one}', 'flag{twö}', 'flag{three}']);
    expect(digests.length).toBe(96);
    expect(digests.subarray(32, 64).toString('hex')).toBe(sha256Hex('flag{twö}'));
    expect(digestListed('flag{twö}', digests)).toBe(true);
    expect(digestListed('flag{three}', digests)).toBe(true);
    expect(digestListed('flag{two}', digests)).toBe(false);
    expect(digestListed('', digests)).toBe(false);
    expect(digestListed('flag{one}', sha256Digests([]))).toBe(false);
  });
});
