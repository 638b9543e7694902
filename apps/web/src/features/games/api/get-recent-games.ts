import type { BasicGameInfoModel } from '@flagpole/contract';
import useSWR from 'swr';
import { fetcher } from '@/lib/http';
import { gameKeys } from './keys';

/** Running games first, then upcoming, then recently ended. */
export function useRecentGames(limit = 20) {
  return useSWR<BasicGameInfoModel[]>(gameKeys.recent(limit), fetcher, { refreshInterval: 60_000 });
}
