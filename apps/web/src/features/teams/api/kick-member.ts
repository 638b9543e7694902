import type { TeamInfoModel } from '@flagpole/contract';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { TEAMS_KEY } from './get-teams';

export function useKickMember(): (teamId: number, userId: string) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (teamId: number, userId: string) => {
      await http.post<TeamInfoModel>(`/api/team/${teamId}/kick/${encodeURIComponent(userId)}`);
      await mutate(TEAMS_KEY);
    },
    [mutate],
  );
}
