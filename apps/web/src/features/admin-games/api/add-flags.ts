import type { FlagCreateInput } from '@flagpole/contract';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { challengeKey, challengesKey } from './keys';

export function useAddFlags(): (gameId: number, challengeId: number, flags: FlagCreateInput[]) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (gameId: number, challengeId: number, flags: FlagCreateInput[]) => {
      await http.post(`${challengeKey(gameId, challengeId)}/flags`, flags);
      await mutate(challengeKey(gameId, challengeId));
      await mutate(challengesKey(gameId));
    },
    [mutate],
  );
}
