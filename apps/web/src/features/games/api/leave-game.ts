import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { gameKeys } from './keys';

/** Withdraws a pending or rejected participation, then refreshes the game. */
export function useLeaveGame(id: number): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await http.delete(gameKeys.game(id));
    await mutate(gameKeys.game(id));
  }, [id, mutate]);
}
