import type { GameEvent } from '@flagpole/contract';
import useSWR from 'swr';
import { fetcher } from '@/lib/http';
import { MONITOR_PAGE_SIZE, monitorKeys } from './keys';

/** One page of the game's events (those matching `search` when given), newest first; `hasOlder` tells whether another page follows. */
export function useMonitorEvents(
  gameId: number,
  page: number,
  hideContainer: boolean,
  frozen: boolean,
  search: string | null = null,
) {
  const { data, error, isLoading } = useSWR<GameEvent[]>(
    monitorKeys.events(gameId, page, hideContainer, search),
    fetcher,
    {
      keepPreviousData: true,
      // While paused the page must not move under the reader.
      refreshInterval: frozen ? 0 : 10_000,
    },
  );
  return {
    events: data?.slice(0, MONITOR_PAGE_SIZE),
    hasOlder: (data?.length ?? 0) > MONITOR_PAGE_SIZE,
    error: error as unknown,
    isLoading,
  };
}
