import type { ChallengeCreateModel, ChallengeEditDetailModel } from '@flagpole/contract';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { challengesKey } from './keys';

export function useCreateChallenge(): (
  gameId: number,
  body: ChallengeCreateModel,
) => Promise<ChallengeEditDetailModel> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (gameId: number, body: ChallengeCreateModel) => {
      const challenge = await http.post<ChallengeEditDetailModel>(challengesKey(gameId), body);
      await mutate(challengesKey(gameId));
      return challenge;
    },
    [mutate],
  );
}
