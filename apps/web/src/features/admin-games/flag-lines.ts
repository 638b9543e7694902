/** A line of the flags text the server refused: its number (from 1), the flag on it and why. */
export interface RefusedLine {
  line: number;
  flag: string;
  reason: string;
}

/**
 * The lines of the text whose flag was refused, found again by their flag: a line the organiser corrects drops
 * out of the report, and the numbers follow lines added or removed above.
 */
export function refusedLines(text: string, refused: ReadonlyMap<string, string>): RefusedLine[] {
  if (refused.size === 0) return [];
  const lines: RefusedLine[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const flag = raw.trim();
    const reason = refused.get(flag);
    if (flag && reason !== undefined) lines.push({ line: index + 1, flag, reason });
  });
  return lines;
}
