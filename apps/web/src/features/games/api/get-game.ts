import type { DetailedGameInfoModel } from '@flagpole/contract';
import useSWR from 'swr';
import { fetcher } from '@/lib/http';
import { gameKeys } from './keys';

/** A game as the caller sees it, including the caller's participation status. */
export function useGame(id: number | null) {
  return useSWR<DetailedGameInfoModel>(id === null ? null : gameKeys.game(id), fetcher);
}
