import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { gameKeys } from './keys';

/** Reveals the frozen board after the end (Admin): players then see the final board and the held blood notices. */
export function useRevealScoreboard(): (gameId: number) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (gameId: number) => {
      await http.post(`/api/edit/games/${gameId}/scoreboard/reveal`);
      await Promise.all([
        mutate(gameKeys.game(gameId)),
        mutate(gameKeys.scoreboard(gameId)),
        mutate(gameKeys.playersScoreboard(gameId)),
        mutate(gameKeys.notices(gameId)),
      ]);
    },
    [mutate],
  );
}
