import type { ScoreboardModel } from '@flagpole/contract';
import useSWR from 'swr';
import { fetcher } from '@/lib/http';
import { gameKeys } from './keys';

/**
 * The whole board; polled every 15 s while the game runs (live pushes keep it current sooner: a delta from its
 * `version` is applied in place by `useGameLive`, anything else refetches it).
 */
export function useScoreboard(id: number | null, running: boolean, playersView = false) {
  const key = id === null ? null : playersView ? gameKeys.playersScoreboard(id) : gameKeys.scoreboard(id);
  return useSWR<ScoreboardModel>(key, fetcher, {
    refreshInterval: running ? 15_000 : 0,
  });
}
