import type { GameJoinModel } from '@flagpole/contract';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { gameKeys } from './keys';

/** Asks to join a game with one of the caller's teams, then refreshes the game. */
export function useJoinGame(id: number): (body: GameJoinModel) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (body: GameJoinModel) => {
      await http.post(gameKeys.game(id), body);
      await Promise.all([mutate(gameKeys.game(id)), mutate(gameKeys.check(id))]);
    },
    [id, mutate],
  );
}
