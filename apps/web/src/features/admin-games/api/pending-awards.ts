import type { PendingAwardInfo } from '@flagpole/contract';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { http } from '@/lib/http';

export const pendingAwardsKey = (gameId: number) => `/api/edit/games/${gameId}/awards/pending`;

/** Imported awards waiting for a team of their name to be accepted in the game. */
export function usePendingAwards(gameId: number) {
  const { data, error } = useSWR(pendingAwardsKey(gameId), (path: string) => http.get<PendingAwardInfo[]>(path));
  return { pending: data, error: error as unknown };
}

export function useRemovePendingAward(): (gameId: number, pendingId: number) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (gameId: number, pendingId: number) => {
      await http.delete(`${pendingAwardsKey(gameId)}/${pendingId}`);
      await mutate(pendingAwardsKey(gameId));
    },
    [mutate],
  );
}
