import type { Division, DivisionCreateModel, DivisionEditModel } from '@flagpole/contract';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { divisionsKey } from './keys';

/** The game's divisions with their permissions (organisers). */
export function useDivisions(gameId: number) {
  const { data, error, isLoading, mutate } = useSWR(divisionsKey(gameId), (path: string) => http.get<Division[]>(path));
  return { divisions: data, error: error as unknown, isLoading: data === undefined && isLoading, reload: mutate };
}

/** Creates a division, or updates one when `divisionId` is given; refreshes the list. */
export function useSaveDivision(): (
  gameId: number,
  divisionId: number | null,
  body: DivisionCreateModel & DivisionEditModel,
) => Promise<Division> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (gameId, divisionId, body) => {
      const saved =
        divisionId === null
          ? await http.post<Division>(divisionsKey(gameId), body)
          : await http.put<Division>(`${divisionsKey(gameId)}/${divisionId}`, body);
      await mutate(divisionsKey(gameId));
      return saved;
    },
    [mutate],
  );
}

export function useDeleteDivision(): (gameId: number, divisionId: number) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (gameId, divisionId) => {
      await http.delete(`${divisionsKey(gameId)}/${divisionId}`);
      await mutate(divisionsKey(gameId));
    },
    [mutate],
  );
}
