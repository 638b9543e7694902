import type { GamePhaseCreateModel, GamePhaseEditModel, GamePhaseInfo } from '@flagpole/contract';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { gameKeys } from '@/features/games/api/keys';
import { http } from '@/lib/http';
import { challengesKey, phasesKey } from './keys';

/** The game's phases, ordered by start (organisers; docs/game-play.md, "Phases"). */
export function useGamePhases(gameId: number) {
  const { data, error, isLoading, mutate } = useSWR(phasesKey(gameId), (path: string) =>
    http.get<GamePhaseInfo[]>(path),
  );
  return { phases: data, error: error as unknown, isLoading: data === undefined && isLoading, reload: mutate };
}

/** Creates a phase, or updates one when `phaseId` is given; refreshes the list and the game players read. */
export function useSaveGamePhase(): (
  gameId: number,
  phaseId: number | null,
  body: GamePhaseCreateModel | GamePhaseEditModel,
) => Promise<GamePhaseInfo> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (gameId, phaseId, body) => {
      const saved =
        phaseId === null
          ? await http.post<GamePhaseInfo>(phasesKey(gameId), body)
          : await http.put<GamePhaseInfo>(`${phasesKey(gameId)}/${phaseId}`, body);
      await Promise.all([mutate(phasesKey(gameId)), mutate(gameKeys.game(gameId))]);
      return saved;
    },
    [mutate],
  );
}

/** Deletes a phase; its challenges lose it, so the challenge list is read again too. */
export function useDeleteGamePhase(): (gameId: number, phaseId: number) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (gameId, phaseId) => {
      await http.delete(`${phasesKey(gameId)}/${phaseId}`);
      await Promise.all([mutate(phasesKey(gameId)), mutate(challengesKey(gameId)), mutate(gameKeys.game(gameId))]);
    },
    [mutate],
  );
}
