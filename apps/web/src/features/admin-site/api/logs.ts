import type { LogMessageModel } from '@flagpole/contract';
import useSWR from 'swr';
import { http } from '@/lib/http';
import type { LogLevelFilter } from '../log-levels';
import { ADMIN_PAGE_SIZE, adminKeys, pageQuery } from './keys';

export const LOGS_PAGE_SIZE = 50;

/** One page of stored log entries, newest first, optionally of one level. */
export function useAdminLogs(page: number, level: LogLevelFilter, paused: boolean) {
  const key = `${adminKeys.logsPrefix}?level=${level}&${pageQuery(page, LOGS_PAGE_SIZE)}`;
  // Live entries arrive over the socket; the stored page is refreshed only when asked or while paused.
  const { data, error, mutate } = useSWR(key, (path: string) => http.get<LogMessageModel[]>(path), {
    refreshInterval: paused ? 0 : 60_000,
  });
  return { logs: data, error: error as unknown, reload: mutate, pageSize: ADMIN_PAGE_SIZE };
}
