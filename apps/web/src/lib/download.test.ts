import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download';

describe('fileNameFromDisposition', () => {
  it('reads a plain quoted or bare file name', () => {
    expect(fileNameFromDisposition('attachment; filename="Scoreboard-1.xlsx"')).toBe('Scoreboard-1.xlsx');
    expect(fileNameFromDisposition('attachment; filename=sheet.xlsx')).toBe('sheet.xlsx');
  });

  it('prefers the UTF-8 extended form', () => {
    expect(
      fileNameFromDisposition(`attachment; filename="x.xlsx"; filename*=UTF-8''%E7%A7%8B%E5%AD%A3%20CTF.xlsx`),
    ).toBe('秋季 CTF.xlsx');
  });

  it('never returns a path', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('.._.._etc_passwd');
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''..%2F..%5Cx.pdf`)).toBe('.._.._x.pdf');
  });

  it('gives nothing for a missing, empty or broken header', () => {
    expect(fileNameFromDisposition(null)).toBeUndefined();
    expect(fileNameFromDisposition('attachment')).toBeUndefined();
    expect(fileNameFromDisposition('attachment; filename=""')).toBeUndefined();
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A`)).toBeUndefined();
  });
});
