import { describe, expect, it } from 'vitest';
import { leadingZeroBits } from './captcha.service';

describe('leadingZeroBits', () => {
  it('counts zero bits across bytes', () => {
    expect(leadingZeroBits(Buffer.from([0x80]))).toBe(0);
    expect(leadingZeroBits(Buffer.from([0x01]))).toBe(7);
    expect(leadingZeroBits(Buffer.from([0x00, 0x00, 0x10]))).toBe(19);
    expect(leadingZeroBits(Buffer.alloc(4))).toBe(32);
  });
});
