import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { writeupKeys } from './keys';

/** Deletes every writeup of a game and refreshes the organisers' list. */
export function useClearWriteups(gameId: number): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await http.delete(writeupKeys.clear(gameId));
    await mutate(writeupKeys.all(gameId));
  }, [gameId, mutate]);
}
