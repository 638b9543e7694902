import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('keeps bytes below 1024 as whole bytes', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1)).toBe('1 B');
    expect(formatFileSize(1023)).toBe('1023 B');
  });

  it('switches to binary units with two decimals', () => {
    expect(formatFileSize(1024)).toBe('1.00 KiB');
    expect(formatFileSize(1536)).toBe('1.50 KiB');
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1.00 MiB');
    expect(formatFileSize(1023 * 1024)).toBe('1023.00 KiB');
    expect(formatFileSize(1024 * 1024)).toBe('1.00 MiB');
    expect(formatFileSize(5.25 * 1024 * 1024)).toBe('5.25 MiB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3.00 GiB');
  });

  it('stops at GiB', () => {
    expect(formatFileSize(2048 * 1024 ** 3)).toBe('2048.00 GiB');
  });

  it('treats nonsense as zero', () => {
    expect(formatFileSize(-5)).toBe('0 B');
    expect(formatFileSize(Number.NaN)).toBe('0 B');
  });
});
