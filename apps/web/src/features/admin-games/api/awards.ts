import type { AwardCreateModel, AwardInfo } from '@flagpole/contract';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { http } from '@/lib/http';

export const awardsKey = (gameId: number) => `/api/edit/games/${gameId}/awards`;

/** The game's awards and penalties. */
export function useAwards(gameId: number) {
  const { data, error, isLoading } = useSWR(awardsKey(gameId), (path: string) => http.get<AwardInfo[]>(path));
  return { awards: data, error: error as unknown, isLoading: data === undefined && isLoading };
}

export function useGiveAward(): (gameId: number, body: AwardCreateModel) => Promise<AwardInfo> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (gameId: number, body: AwardCreateModel) => {
      const award = await http.post<AwardInfo>(awardsKey(gameId), body);
      await mutate(awardsKey(gameId));
      return award;
    },
    [mutate],
  );
}

export function useRemoveAward(): (gameId: number, awardId: number) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (gameId: number, awardId: number) => {
      await http.delete(`${awardsKey(gameId)}/${awardId}`);
      await mutate(awardsKey(gameId));
    },
    [mutate],
  );
}
