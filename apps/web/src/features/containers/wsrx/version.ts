/** Numeric parts of a version such as `v0.5.5` or `0.4`; non-numeric parts count as 0. */
function parts(version: string): number[] {
  return version
    .trim()
    .replace(/^v/i, '')
    .split(/[.+-]/)
    .slice(0, 3)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : 0));
}

/** Negative, zero or positive as `a` is older than, equal to or newer than `b`, comparing numerically. */
export function compareVersions(a: string, b: string): number {
  const left = parts(a);
  const right = parts(b);
  for (let index = 0; index < 3; index++) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}
