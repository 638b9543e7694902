import type { ParticipationEditModel, ParticipationModel, ParticipationStatus } from '@flagpole/contract';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { monitorKeys } from './keys';

/**
 * Moves a team's participation to `status` from a cheating report and refreshes the reports. The API always
 * applies `divisionId` (null clears it), so the team's current division is sent back unchanged.
 */
export function useSetParticipationStatus(gameId: number) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (participation: Pick<ParticipationModel, 'id' | 'divisionId'>, status: ParticipationStatus) => {
      const body: ParticipationEditModel = { status, divisionId: participation.divisionId };
      await http.put(`/api/admin/participation/${participation.id}`, body);
      await mutate(monitorKeys.cheatInfo(gameId));
    },
    [gameId, mutate],
  );
}
