import { type LogFilter, type LogMessageModel, matchesLogFilter, type TaskStatus } from '@flagpole/contract';
import type { LogLevelFilter } from './log-levels';

/** What the log page filters by; blank texts and `Any` filter nothing. */
export interface LogPageFilter {
  level: LogLevelFilter;
  status: TaskStatus | 'Any';
  user: string;
  ip: string;
  search: string;
}

export const NO_LOG_FILTER: LogPageFilter = { level: 'All', status: 'Any', user: '', ip: '', search: '' };

/** The filter as the server's query takes it. */
function toQuery(filter: LogPageFilter): LogFilter {
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return {
    level: filter.level,
    status: filter.status === 'Any' ? undefined : filter.status,
    user: text(filter.user),
    ip: text(filter.ip),
    search: text(filter.search),
  };
}

/** The query string of the filter (level always, the others only when set); also the filter's identity. */
export function logFilterQuery(filter: LogPageFilter): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(toQuery(filter))) {
    if (value !== undefined) params.set(name, value);
  }
  return params.toString();
}

/** Whether an entry pushed live belongs on the page: the rule the server applies to stored entries. */
export function matchesFilter(entry: LogMessageModel, filter: LogPageFilter): boolean {
  return matchesLogFilter(entry, toQuery(filter));
}

/** Whether anything but the level is filtered (the page offers to clear those). */
export function hasTextOrStatusFilter(filter: LogPageFilter): boolean {
  return filter.status !== 'Any' || [filter.user, filter.ip, filter.search].some((text) => text.trim() !== '');
}
