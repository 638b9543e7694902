/**
 * React keys for rows without ids: the row's identity plus how often that identity occurred before it.
 * Unlike list positions these stay the same when new rows arrive on top, so existing rows are not remounted.
 */
export function rowKeys<T>(rows: readonly T[], identity: (row: T) => string): string[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const id = identity(row);
    const occurrence = seen.get(id) ?? 0;
    seen.set(id, occurrence + 1);
    return `${id}#${occurrence}`;
  });
}
