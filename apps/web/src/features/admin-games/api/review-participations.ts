import type { ParticipationEditModel, ParticipationInfoModel, ParticipationStatus } from '@flagpole/contract';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { errorText } from '@/lib/notify';
import { type BulkReviewOutcome, reviewEach } from '../bulk-review';
import { participationsKey } from './keys';

/**
 * Reviews several entries one by one (the API reviews one entry per call, as the reference's does) and answers
 * the outcome of each; the list is read again once, at the end.
 */
export function useReviewParticipations(): (
  gameId: number,
  entries: readonly ParticipationInfoModel[],
  to: ParticipationStatus,
) => Promise<BulkReviewOutcome[]> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (gameId, entries, to) => {
      try {
        return await reviewEach(
          entries,
          to,
          async (entry, status) => {
            const body: ParticipationEditModel = { status, divisionId: entry.divisionId };
            await http.put(`/api/admin/participation/${entry.id}`, body);
          },
          errorText,
        );
      } finally {
        await mutate(participationsKey(gameId));
      }
    },
    [mutate],
  );
}
