import type { LogMessageModel } from '@flagpole/contract';

/** Filter choices of the log page; `All` sends no filter. The others are the stored level names. */
export const LOG_LEVEL_FILTERS = ['All', 'Information', 'Warning', 'Error', 'Critical'] as const;
export type LogLevelFilter = (typeof LOG_LEVEL_FILTERS)[number];

const LEVEL_COLORS: Record<string, string> = {
  verbose: 'gray',
  trace: 'gray',
  debug: 'gray',
  information: 'blue',
  info: 'blue',
  warning: 'yellow',
  warn: 'yellow',
  error: 'red',
  fatal: 'grape',
  critical: 'grape',
};

/** The badge colour of a level; short spellings (`warn`) are understood too, anything unknown is grey. */
export function levelColor(level: string | null): string {
  return LEVEL_COLORS[(level ?? '').toLowerCase()] ?? 'gray';
}

/** How many live entries the page keeps above the loaded page before dropping the oldest. */
export const LIVE_LOG_LIMIT = 200;

/** Puts a pushed entry at the top, newest first, keeping at most `limit` entries. */
export function prependLog(list: readonly LogMessageModel[], entry: LogMessageModel, limit = LIVE_LOG_LIMIT) {
  return [entry, ...list].slice(0, limit);
}

function entryKey(entry: LogMessageModel): string {
  return `${entry.time}|${entry.level}|${entry.name}|${entry.ip}|${entry.msg}`;
}

/** Live entries above the stored page, without the ones the stored page already holds, newest first. */
export function mergeLogs(live: readonly LogMessageModel[], stored: readonly LogMessageModel[]): LogMessageModel[] {
  const seen = new Set<string>();
  const merged: LogMessageModel[] = [];
  for (const entry of [...live, ...stored]) {
    const key = entryKey(entry);
    if (seen.has(key)) continue;
    seen.add(key);
    merged.push(entry);
  }
  return merged.sort((a, b) => b.time - a.time);
}
