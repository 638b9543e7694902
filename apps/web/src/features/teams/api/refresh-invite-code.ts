import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { inviteCodeKey } from './get-invite-code';

/** Rotates the invite code; the old one stops working. */
export function useRefreshInviteCode(): (teamId: number) => Promise<string> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (teamId: number) => {
      const code = await http.put<string>(inviteCodeKey(teamId));
      await mutate(inviteCodeKey(teamId), code, { revalidate: false });
      return code;
    },
    [mutate],
  );
}
