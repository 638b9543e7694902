import type { TeamInfoModel, TeamUpdateModel } from '@flagpole/contract';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { TEAMS_KEY } from './get-teams';

export function useCreateTeam(): (body: TeamUpdateModel) => Promise<TeamInfoModel> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (body: TeamUpdateModel) => {
      const team = await http.post<TeamInfoModel>('/api/team', body);
      await mutate(TEAMS_KEY);
      return team;
    },
    [mutate],
  );
}
