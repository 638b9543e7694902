import type { HintCreateModel, HintEditInfo } from '@flagpole/contract';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { http } from '@/lib/http';

export const hintsKey = (gameId: number, challengeId: number) =>
  `/api/edit/games/${gameId}/challenges/${challengeId}/hints`;

/** A challenge's locked hints, with their costs and unlock counts. */
export function useEditHints(gameId: number, challengeId: number) {
  const { data, error, isLoading } = useSWR(hintsKey(gameId, challengeId), (path: string) =>
    http.get<HintEditInfo[]>(path),
  );
  return { hints: data, error: error as unknown, isLoading: data === undefined && isLoading };
}

/** Adds a hint; the server answers the challenge's hints, which replace the cached list. */
export function useAddHint(): (gameId: number, challengeId: number, body: HintCreateModel) => Promise<HintEditInfo[]> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (gameId: number, challengeId: number, body: HintCreateModel) => {
      const list = await http.post<HintEditInfo[]>(hintsKey(gameId, challengeId), body);
      await mutate(hintsKey(gameId, challengeId), list, { revalidate: false });
      return list;
    },
    [mutate],
  );
}

export function useDeleteHint(): (gameId: number, challengeId: number, hintId: number) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (gameId: number, challengeId: number, hintId: number) => {
      await http.delete(`${hintsKey(gameId, challengeId)}/${hintId}`);
      await mutate(hintsKey(gameId, challengeId));
    },
    [mutate],
  );
}
