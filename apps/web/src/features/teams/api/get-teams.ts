import type { TeamInfoModel } from '@flagpole/contract';
import useSWR from 'swr';
import { http } from '@/lib/http';

export const TEAMS_KEY = '/api/team';

export const getTeams = () => http.get<TeamInfoModel[]>(TEAMS_KEY);

/** The signed-in user's teams, with their members. */
export function useTeams() {
  const { data, error, isLoading } = useSWR(TEAMS_KEY, getTeams);
  return { teams: data, error: error as unknown, isLoading: data === undefined && isLoading };
}
