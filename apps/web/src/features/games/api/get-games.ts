import type { BasicGameInfoModel } from '@flagpole/contract';
import useSWR from 'swr';
import { fetcher } from '@/lib/http';
import { gameKeys } from './keys';

export interface GamePage {
  data: BasicGameInfoModel[];
  length: number;
  total: number;
}

export const GAMES_PAGE_SIZE = 12;

/** One page (1-based) of the visible games (those whose title contains `search`, when given), newest start first. */
export function useGames(page: number, search: string | null = null) {
  const key = gameKeys.list(GAMES_PAGE_SIZE, (page - 1) * GAMES_PAGE_SIZE, search);
  return useSWR<GamePage>(key, fetcher, { refreshInterval: 5 * 60_000 });
}
