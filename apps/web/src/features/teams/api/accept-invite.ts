import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { TEAMS_KEY } from './get-teams';

/** Joins a team: the body is the invite code as a bare JSON string. */
export function useAcceptInvite(): (code: string) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (code: string) => {
      await http.post('/api/team/accept', code);
      await mutate(TEAMS_KEY);
    },
    [mutate],
  );
}
