import type { TeamInfoModel, TeamTransferModel } from '@flagpole/contract';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { TEAMS_KEY } from './get-teams';

export function useTransferCaptain(): (teamId: number, newCaptainId: string) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (teamId: number, newCaptainId: string) => {
      const body: TeamTransferModel = { newCaptainId };
      await http.put<TeamInfoModel>(`/api/team/${teamId}/transfer`, body);
      await mutate(TEAMS_KEY);
    },
    [mutate],
  );
}
