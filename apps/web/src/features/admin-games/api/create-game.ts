import type { GameEditModel, GameInfoModel } from '@flagpole/contract';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { editGamesPrefix, isGamesListKey } from './keys';

export function useCreateGame(): (body: GameEditModel) => Promise<GameInfoModel> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (body: GameEditModel) => {
      const game = await http.post<GameInfoModel>(editGamesPrefix, body);
      await mutate(isGamesListKey);
      return game;
    },
    [mutate],
  );
}
