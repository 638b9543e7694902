import type { GameReadinessModel } from '@flagpole/contract';
import useSWR from 'swr';
import { http } from '@/lib/http';

export const readinessKey = (gameId: number) => `/api/edit/games/${gameId}/readiness`;

/** The game's publish checklist, read again whenever the info page is shown (challenges change elsewhere). */
export function useGameReadiness(gameId: number) {
  const { data, error } = useSWR(readinessKey(gameId), (path: string) => http.get<GameReadinessModel>(path), {
    revalidateOnMount: true,
  });
  return { readiness: data, error: error as unknown };
}
