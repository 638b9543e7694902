import type { TeamInfoModel, TeamUpdateModel } from '@flagpole/contract';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { TEAMS_KEY } from './get-teams';

export function useUpdateTeam(): (teamId: number, body: TeamUpdateModel) => Promise<TeamInfoModel> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (teamId: number, body: TeamUpdateModel) => {
      const team = await http.put<TeamInfoModel>(`/api/team/${teamId}`, body);
      await mutate(TEAMS_KEY);
      return team;
    },
    [mutate],
  );
}
