/** One flag paired with one file of a dynamic-attachment upload; either side may be missing. */
export interface FlagPair {
  file: string | null;
  flag: string | null;
}

const byName = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });

/** The file name a line starts with (longest first, so `a.zip` does not take `a.zip.zip`), then a space. */
function namedLine(line: string, names: readonly string[]): { file: string; flag: string } | null {
  for (const name of names) {
    if (line.startsWith(name) && /^[\s,;=:]/.test(line.slice(name.length))) {
      const flag = line
        .slice(name.length)
        .replace(/^[\s,;=:]+/, '')
        .trim();
      if (flag) return { file: name, flag };
    }
  }
  return null;
}

/**
 * Pairs flags (one a line) with the chosen files. When every line starts with a chosen file's name
 * (`team-01.zip flag{…}`) they pair by name; otherwise in order, the files sorted by name as a person would
 * (`team-2` before `team-10`). Files and flags left over come back with the other side missing.
 */
export function pairFlagsWithFiles(fileNames: readonly string[], text: string): FlagPair[] {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  const files = [...fileNames].sort(byName);
  const longestFirst = [...files].sort((a, b) => b.length - a.length);
  const named = lines.map((line) => namedLine(line, longestFirst));
  if (lines.length > 0 && named.every((pair) => pair !== null)) {
    const flagOf = new Map<string, string>();
    const extra: FlagPair[] = [];
    for (const pair of named) {
      if (pair === null) continue;
      if (flagOf.has(pair.file)) extra.push({ file: null, flag: pair.flag });
      else flagOf.set(pair.file, pair.flag);
    }
    return [...files.map((file) => ({ file, flag: flagOf.get(file) ?? null })), ...extra];
  }
  const count = Math.max(files.length, lines.length);
  return Array.from({ length: count }, (_, index) => ({ file: files[index] ?? null, flag: lines[index] ?? null }));
}
