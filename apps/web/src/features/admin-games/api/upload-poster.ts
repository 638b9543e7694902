import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { gameKey, isGamesListKey } from './keys';

/** Uploads the game poster (≤ 3 MiB image) and returns its URL. */
export function useUploadPoster(): (gameId: number, file: File) => Promise<string> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (gameId: number, file: File) => {
      const form = new FormData();
      form.append('file', file);
      const url = await http.put<string>(`${gameKey(gameId)}/poster`, form);
      await mutate(gameKey(gameId));
      await mutate(isGamesListKey);
      return url;
    },
    [mutate],
  );
}
