import type { DetailedGameInfoModel, GameJoinModel, ParticipationStatus } from '@flagpole/contract';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { gameKeys } from './keys';

/**
 * Asks to join a game with one of the caller's teams, then refreshes the game. Resolves with the caller's status
 * in the game afterwards (a game that accepts without review lets the team in at once), so what the page says
 * about the join is true.
 */
export function useJoinGame(id: number): (body: GameJoinModel) => Promise<ParticipationStatus | undefined> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (body: GameJoinModel) => {
      await http.post(gameKeys.game(id), body);
      const [game] = await Promise.all([mutate<DetailedGameInfoModel>(gameKeys.game(id)), mutate(gameKeys.check(id))]);
      return game?.status;
    },
    [id, mutate],
  );
}
