import type { ParticipationEditModel, ParticipationInfoModel, ParticipationStatus } from '@flagpole/contract';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { participationsKey } from './keys';

/**
 * Moves a participation to `status`, and to `divisionId` when given. The API always applies `divisionId` (null
 * clears it), so without one the current division is sent back unchanged.
 */
export function useUpdateParticipation(): (
  gameId: number,
  participation: Pick<ParticipationInfoModel, 'id' | 'divisionId'>,
  status: ParticipationStatus,
  divisionId?: number | null,
) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (gameId, participation, status, divisionId = participation.divisionId) => {
      const body: ParticipationEditModel = { status, divisionId };
      await http.put(`/api/admin/participation/${participation.id}`, body);
      await mutate(participationsKey(gameId));
    },
    [mutate],
  );
}
