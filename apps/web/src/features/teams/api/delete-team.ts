import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { TEAMS_KEY } from './get-teams';

export function useDeleteTeam(): (teamId: number) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (teamId: number) => {
      await http.delete(`/api/team/${teamId}`);
      await mutate(TEAMS_KEY);
    },
    [mutate],
  );
}
