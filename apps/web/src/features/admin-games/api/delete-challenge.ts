import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { challengeKey, challengesKey } from './keys';

export function useDeleteChallenge(): (gameId: number, challengeId: number) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (gameId: number, challengeId: number) => {
      await http.delete(challengeKey(gameId, challengeId));
      await mutate(challengeKey(gameId, challengeId), undefined, { revalidate: false });
      await mutate(challengesKey(gameId));
    },
    [mutate],
  );
}
