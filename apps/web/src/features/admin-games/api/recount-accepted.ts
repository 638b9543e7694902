import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { challengesKey } from './keys';

/** Recounts every challenge's accepted solves (`POST …/challenges/updateaccepted`). */
export function useRecountAccepted(): (gameId: number) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (gameId: number) => {
      await http.post(`${challengesKey(gameId)}/updateaccepted`);
      await mutate(challengesKey(gameId));
    },
    [mutate],
  );
}
