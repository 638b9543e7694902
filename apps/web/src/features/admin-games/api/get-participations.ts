import type { ParticipationInfoModel } from '@flagpole/contract';
import useSWR from 'swr';
import { http } from '@/lib/http';
import { participationsKey } from './keys';

/** Every team that applied to the game, with members' real names for review. */
export function useParticipations(gameId: number) {
  const { data, error, isLoading } = useSWR(participationsKey(gameId), (path: string) =>
    http.get<ParticipationInfoModel[]>(path),
  );
  return { participations: data, error: error as unknown, isLoading: data === undefined && isLoading };
}
