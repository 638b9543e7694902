import type { TeamGameResult, TeamInfoModel } from '@flagpole/contract';
import useSWR from 'swr';
import { fetcher } from '@/lib/http';

/** A team as anyone may see it: name, bio, avatar and members (`GET /api/team/{id}`). */
export function useTeamProfile(id: number | null) {
  return useSWR<TeamInfoModel>(id === null ? null : `/api/team/${id}`, fetcher, { refreshInterval: 60_000 });
}

/** The games the team plays or played, with its standing in each (`GET /api/team/{id}/games`). */
export function useTeamGames(id: number | null) {
  return useSWR<TeamGameResult[]>(id === null ? null : `/api/team/${id}/games`, fetcher, { refreshInterval: 60_000 });
}
