import { describe, expect, it } from 'vitest';
import { refusedLines } from './flag-lines';

describe('refusedLines', () => {
  it('numbers the refused flags by their line, blank lines included', () => {
    const refused = new Map([['(a)\\1', 'not RE2']]);
    expect(refusedLines('flag\\{ok\\}\n\n  (a)\\1  \nx', refused)).toEqual([
      { line: 3, flag: '(a)\\1', reason: 'not RE2' },
    ]);
  });

  it('drops a line once it is corrected, and reports nothing without refusals', () => {
    expect(refusedLines('(a)\\2', new Map([['(a)\\1', 'not RE2']]))).toEqual([]);
    expect(refusedLines('(a)\\1', new Map())).toEqual([]);
  });
});
