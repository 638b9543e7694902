import type { ScoreboardModel } from '@flagpole/contract';
import useSWR from 'swr';
import { fetcher } from '@/lib/http';
import { gameKeys } from './keys';

/** The SWR key of the board asked for: the whole game's or one phase's, live or as players see it. */
function scoreboardKey(id: number, playersView: boolean, phaseId: number | null): string {
  if (phaseId !== null) return gameKeys.phaseScoreboard(id, phaseId, playersView);
  return playersView ? gameKeys.playersScoreboard(id) : gameKeys.scoreboard(id);
}

/**
 * The whole board (or, with `phaseId`, one game phase's board, fetched again on each live change); polled every 15 s while the game runs (live pushes keep it current sooner: a delta from its
 * `version` is applied in place by `useGameLive`, anything else refetches it).
 */
export function useScoreboard(id: number | null, running: boolean, playersView = false, phaseId: number | null = null) {
  const key = id === null ? null : scoreboardKey(id, playersView, phaseId);
  return useSWR<ScoreboardModel>(key, fetcher, {
    refreshInterval: running ? 15_000 : 0,
  });
}
