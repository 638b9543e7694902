import { writeupLimits } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { writeupFileProblem } from './writeup-file';

const file = (name: string, type: string, size: number) => ({ name, type, size });

describe('writeupFileProblem', () => {
  it('accepts a PDF up to the limit', () => {
    expect(writeupFileProblem(file('team.pdf', 'application/pdf', 1000))).toBeNull();
    expect(writeupFileProblem(file('team.pdf', 'application/pdf', writeupLimits.bytes))).toBeNull();
    // Some systems report no type at all; the extension decides then.
    expect(writeupFileProblem(file('TEAM.PDF', '', 10))).toBeNull();
  });

  it('refuses other kinds of files', () => {
    expect(writeupFileProblem(file('notes.docx', 'application/msword', 10))).toBe('notPdf');
    expect(writeupFileProblem(file('fake.pdf', 'image/png', 10))).toBe('notPdf');
    expect(writeupFileProblem(file('notes', '', 10))).toBe('notPdf');
  });

  it('refuses empty and oversized files', () => {
    expect(writeupFileProblem(file('team.pdf', 'application/pdf', 0))).toBe('empty');
    expect(writeupFileProblem(file('team.pdf', 'application/pdf', writeupLimits.bytes + 1))).toBe('tooLarge');
  });
});
