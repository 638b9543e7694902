import type { GameDetailModel } from '@flagpole/contract';
import useSWR from 'swr';
import { fetcher } from '@/lib/http';
import { gameKeys } from './keys';

/** The player's board: challenges by category, the team's own row and its token. */
export function useGameDetails(id: number | null, running: boolean) {
  return useSWR<GameDetailModel>(id === null ? null : gameKeys.details(id), fetcher, {
    refreshInterval: running ? 10_000 : 0,
    shouldRetryOnError: false,
  });
}
