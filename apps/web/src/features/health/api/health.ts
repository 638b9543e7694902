import type { ChallengeHealthDetailModel, GameHealthModel, HealthCheckEditInput } from '@flagpole/contract';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { http } from '@/lib/http';

export const gameHealthKey = (gameId: number) => `/api/game/${gameId}/health`;
export const challengeHealthKey = (gameId: number, challengeId: number) =>
  `/api/edit/games/${gameId}/challenges/${challengeId}/health`;

/** How often an open page reads the status again; faster while a run asked for is waiting. */
const REFRESH_MS = 15_000;
const WAITING_REFRESH_MS = 2_000;

/** The health of a game's checked challenges (admin challenge list, monitor). */
export function useGameHealth(gameId: number) {
  const { data, error } = useSWR(
    Number.isInteger(gameId) ? gameHealthKey(gameId) : null,
    (path: string) => http.get<GameHealthModel>(path),
    {
      refreshInterval: (latest) => (latest?.challenges.some((c) => c.requested) ? WAITING_REFRESH_MS : REFRESH_MS),
    },
  );
  return { health: data, error: error as unknown };
}

/** The editor's health panel: the check, its status and last runs. */
export function useChallengeHealth(gameId: number, challengeId: number) {
  const { data, error } = useSWR(
    challengeHealthKey(gameId, challengeId),
    (path: string) => http.get<ChallengeHealthDetailModel>(path),
    { refreshInterval: (latest) => (latest?.health?.requested ? WAITING_REFRESH_MS : REFRESH_MS) },
  );
  return { detail: data, error: error as unknown };
}

/** Save, remove and run-now of a challenge's check; each refreshes the panel and the game's list. */
export function useHealthActions(gameId: number, challengeId: number) {
  const { mutate } = useSWRConfig();
  const key = challengeHealthKey(gameId, challengeId);
  const refresh = useCallback(
    async (detail?: ChallengeHealthDetailModel) => {
      await mutate(key, detail, { revalidate: detail === undefined });
      await mutate(gameHealthKey(gameId));
    },
    [mutate, key, gameId],
  );
  return {
    save: useCallback(
      async (body: HealthCheckEditInput) => refresh(await http.put<ChallengeHealthDetailModel>(key, body)),
      [key, refresh],
    ),
    remove: useCallback(async () => {
      await http.delete(key);
      await refresh();
    }, [key, refresh]),
    run: useCallback(async () => refresh(await http.post<ChallengeHealthDetailModel>(`${key}/run`)), [key, refresh]),
  };
}
