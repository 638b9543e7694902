import type { GameInfoModel, GameListOrder } from '@flagpole/contract';
import useSWR from 'swr';
import { http } from '@/lib/http';
import { type ArrayResponse, editGamesPrefix } from './keys';

export const GAMES_PAGE_SIZE = 20;

/** One page of all games, hidden ones included, in the chosen order; of those whose title has `search` if given. */
export function useEditGames(page: number, search = '', order: GameListOrder = 'newest') {
  const params = new URLSearchParams({ order });
  if (search.trim()) params.set('search', search.trim());
  const key = `${editGamesPrefix}?count=${GAMES_PAGE_SIZE}&skip=${(page - 1) * GAMES_PAGE_SIZE}&${params.toString()}`;
  const { data, error, isLoading } = useSWR(key, (path: string) => http.get<ArrayResponse<GameInfoModel>>(path));
  return { page: data, error: error as unknown, isLoading: data === undefined && isLoading };
}
