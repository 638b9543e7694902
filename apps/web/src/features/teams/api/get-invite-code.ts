import useSWR from 'swr';
import { http } from '@/lib/http';

export const inviteCodeKey = (teamId: number) => `/api/team/${teamId}/invite`;

/** The team's invite code; only fetched for the captain (`enabled`). */
export function useInviteCode(teamId: number, enabled: boolean) {
  const { data, error, isLoading } = useSWR(enabled ? inviteCodeKey(teamId) : null, (key: string) =>
    http.get<string>(key),
  );
  return { code: data, error: error as unknown, isLoading };
}
