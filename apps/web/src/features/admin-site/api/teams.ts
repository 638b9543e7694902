import type { AdminTeamModel, ArrayResponseOfTeamInfoModel } from '@flagpole/contract';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { ADMIN_PAGE_SIZE, adminKeys, isListKey, pageQuery } from './keys';

/** One page of teams, or the matches of `search` when it is not blank. */
export function useAdminTeams(page: number, search: string) {
  const hint = search.trim();
  const key = hint ? [adminKeys.teamsPrefix, 'search', hint] : `${adminKeys.teamsPrefix}?${pageQuery(page)}`;
  const { data, error } = useSWR(key, () =>
    hint
      ? http.request<ArrayResponseOfTeamInfoModel>(`${adminKeys.teamsPrefix}/search`, {
          method: 'POST',
          query: { hint },
        })
      : http.get<ArrayResponseOfTeamInfoModel>(`${adminKeys.teamsPrefix}?${pageQuery(page)}`),
  );
  return { teams: data, error: error as unknown, pageSize: ADMIN_PAGE_SIZE };
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
