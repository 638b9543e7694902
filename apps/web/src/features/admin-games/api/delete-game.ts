import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { gameKey, isGamesListKey } from './keys';

export function useDeleteGame(): (gameId: number) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (gameId: number) => {
      await http.delete(gameKey(gameId));
      await mutate(gameKey(gameId), undefined, { revalidate: false });
      await mutate(isGamesListKey);
    },
    [mutate],
  );
}
