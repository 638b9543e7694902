import type { AdminTeamModel, ArrayResponseOfTeamInfoModel, TeamListOrder } from '@flagpole/contract';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { ADMIN_PAGE_SIZE, adminKeys, isListKey } from './keys';
import { useSearchableList } from './searchable-list';

/** One page of teams in the chosen order, of those matching `search` when it is not blank. */
export function useAdminTeams(page: number, search: string, order: TeamListOrder) {
  const { data, error } = useSearchableList<ArrayResponseOfTeamInfoModel>(adminKeys.teamsPrefix, page, search, order);
  return { teams: data, error, pageSize: ADMIN_PAGE_SIZE };
}

export function useUpdateTeam(): (teamId: number, changes: AdminTeamModel) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (teamId, changes) => {
      await http.put(`${adminKeys.teamsPrefix}/${teamId}`, changes);
      await mutate(isListKey(adminKeys.teamsPrefix));
    },
    [mutate],
  );
}

export function useDeleteTeam(): (teamId: number) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (teamId) => {
      await http.delete(`${adminKeys.teamsPrefix}/${teamId}`);
      await mutate(isListKey(adminKeys.teamsPrefix));
    },
    [mutate],
  );
}
