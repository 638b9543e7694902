import type { LogMessageModel } from '@flagpole/contract';
import useSWR from 'swr';
import { http } from '@/lib/http';
import { type LogPageFilter, logFilterQuery } from '../log-filter';
import { adminKeys, pageQuery } from './keys';

export const LOGS_PAGE_SIZE = 50;

/** A fetched page, labelled with the filter it answers. */
interface FilteredPage {
  filter: string;
  entries: LogMessageModel[];
}

/**
 * One page of stored log entries, newest first, filtered. While another page of the same filter loads, the
 * previous page stays on screen; entries fetched for another filter never do (the app keeps previous data
 * while a new key loads, which here would show, say, Information rows under the Warning filter).
 */
export function useAdminLogs(page: number, filter: LogPageFilter, paused: boolean) {
  const filterQuery = logFilterQuery(filter);
  const key = `${adminKeys.logsPrefix}?${filterQuery}&${pageQuery(page, LOGS_PAGE_SIZE)}`;
  // Live entries arrive over the socket; the stored page is refreshed only when asked or while paused.
  const { data, error, mutate } = useSWR(
    key,
    async (path: string): Promise<FilteredPage> => ({
      filter: filterQuery,
      entries: await http.get<LogMessageModel[]>(path),
    }),
    { refreshInterval: paused ? 0 : 60_000 },
  );
  const logs = data?.filter === filterQuery ? data.entries : undefined;
  return { logs, error: error as unknown, reload: mutate };
}
