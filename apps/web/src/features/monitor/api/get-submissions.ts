import type { AnswerResult, Submission } from '@flagpole/contract';
import useSWR from 'swr';
import { fetcher } from '@/lib/http';
import { MONITOR_PAGE_SIZE, monitorKeys } from './keys';

/** One page of the game's submissions (optionally of one verdict, or matching `search`), newest first. */
export function useMonitorSubmissions(
  gameId: number,
  page: number,
  type: AnswerResult | null,
  frozen: boolean,
  search: string | null = null,
) {
  const { data, error, isLoading } = useSWR<Submission[]>(
    monitorKeys.submissions(gameId, page, type, search),
    fetcher,
    {
      keepPreviousData: true,
      refreshInterval: frozen ? 0 : 10_000,
    },
  );
  return {
    submissions: data?.slice(0, MONITOR_PAGE_SIZE),
    hasOlder: (data?.length ?? 0) > MONITOR_PAGE_SIZE,
    error: error as unknown,
    isLoading,
  };
}
