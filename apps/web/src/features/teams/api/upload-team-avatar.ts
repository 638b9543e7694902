import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { TEAMS_KEY } from './get-teams';

/** Uploads a team avatar (captain only) and returns its URL. Check the file with `avatarProblem` first. */
export function useUploadTeamAvatar(): (teamId: number, file: File) => Promise<string> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (teamId: number, file: File) => {
      const form = new FormData();
      form.append('file', file);
      const url = await http.put<string>(`/api/team/${teamId}/avatar`, form);
      await mutate(TEAMS_KEY);
      return url;
    },
    [mutate],
  );
}
