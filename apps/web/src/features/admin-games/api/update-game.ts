import type { GameEditModel, GameInfoModel } from '@flagpole/contract';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { gameKey, isGamesListKey } from './keys';

/** Replaces the game's settings (every field is written). */
export function useUpdateGame(): (gameId: number, body: GameEditModel) => Promise<GameInfoModel> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (gameId: number, body: GameEditModel) => {
      const game = await http.put<GameInfoModel>(gameKey(gameId), body);
      await mutate(gameKey(gameId), game, { revalidate: false });
      await mutate(isGamesListKey);
      return game;
    },
    [mutate],
  );
}
