import type { GameNotice, GameNoticeModel } from '@flagpole/contract';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { noticesKey } from './keys';

export function useAddNotice(): (gameId: number, content: string) => Promise<GameNotice> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (gameId: number, content: string) => {
      const body: GameNoticeModel = { content };
      const notice = await http.post<GameNotice>(noticesKey(gameId), body);
      await mutate(noticesKey(gameId));
      return notice;
    },
    [mutate],
  );
}
