import type { ChallengeEditDetailModel, ChallengeUpdateModel } from '@flagpole/contract';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { challengeKey, challengesKey } from './keys';

/** Partial update: absent fields stay as they are. Also used for the enable switch. */
export function useUpdateChallenge(): (
  gameId: number,
  challengeId: number,
  body: ChallengeUpdateModel,
) => Promise<ChallengeEditDetailModel> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (gameId: number, challengeId: number, body: ChallengeUpdateModel) => {
      const challenge = await http.put<ChallengeEditDetailModel>(challengeKey(gameId, challengeId), body);
      await mutate(challengeKey(gameId, challengeId), challenge, { revalidate: false });
      await mutate(challengesKey(gameId));
      return challenge;
    },
    [mutate],
  );
}
