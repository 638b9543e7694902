import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { challengeKey, challengesKey } from './keys';

/** Removes one flag; removing the last one disables the challenge. */
export function useDeleteFlag(): (gameId: number, challengeId: number, flagId: number) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (gameId: number, challengeId: number, flagId: number) => {
      await http.delete(`${challengeKey(gameId, challengeId)}/flags/${flagId}`);
      await mutate(challengeKey(gameId, challengeId));
      await mutate(challengesKey(gameId));
    },
    [mutate],
  );
}
