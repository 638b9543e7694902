import type { GameJoinCheckInfoModel } from '@flagpole/contract';
import useSWR from 'swr';
import { fetcher } from '@/lib/http';
import { gameKeys } from './keys';

/** The caller's teams that already have an entry in the game (with its status); null skips the request. */
export function useJoinCheck(id: number | null) {
  return useSWR<GameJoinCheckInfoModel>(id === null ? null : gameKeys.check(id), fetcher, {
    refreshInterval: 30_000,
  });
}
