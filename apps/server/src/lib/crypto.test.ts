import { describe, expect, it } from 'vitest';
import { decodeLinkValue, encodeLinkValue } from './crypto';

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
