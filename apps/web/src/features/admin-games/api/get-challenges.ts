import type { ChallengeInfoModel } from '@flagpole/contract';
import useSWR from 'swr';
import { http } from '@/lib/http';
import { challengesKey } from './keys';

export function useEditChallenges(gameId: number) {
  const { data, error, isLoading } = useSWR(challengesKey(gameId), (path: string) =>
    http.get<ChallengeInfoModel[]>(path),
  );
  return { challenges: data, error: error as unknown, isLoading: data === undefined && isLoading };
}
