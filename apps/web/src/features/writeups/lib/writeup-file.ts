import { writeupLimits } from '@flagpole/contract';

export type WriteupFileProblem = 'notPdf' | 'tooLarge' | 'empty';

/**
 * Checks a chosen file before it is sent, so an obvious mistake costs no upload. The server decides in the
 * end (it reads the file's own first bytes); this only catches the wrong kind of file or an oversized one.
 */
export function writeupFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): WriteupFileProblem | null {
  const looksPdf = file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name));
  if (!looksPdf) return 'notPdf';
  if (file.size === 0) return 'empty';
  if (file.size > writeupLimits.bytes) return 'tooLarge';
  return null;
}
