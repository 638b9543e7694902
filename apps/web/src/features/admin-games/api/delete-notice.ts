import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { noticesKey } from './keys';

export function useDeleteNotice(): (gameId: number, noticeId: number) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (gameId: number, noticeId: number) => {
      await http.delete(`${noticesKey(gameId)}/${noticeId}`);
      await mutate(noticesKey(gameId));
    },
    [mutate],
  );
}
