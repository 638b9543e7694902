import type { ChallengeEditDetailModel } from '@flagpole/contract';
import useSWR from 'swr';
import { http } from '@/lib/http';
import { challengeKey } from './keys';

export function useEditChallenge(gameId: number, challengeId: number) {
  const { data, error, isLoading } = useSWR(
    Number.isInteger(challengeId) ? challengeKey(gameId, challengeId) : null,
    (path: string) => http.get<ChallengeEditDetailModel>(path),
  );
  return { challenge: data, error: error as unknown, isLoading: data === undefined && isLoading };
}
