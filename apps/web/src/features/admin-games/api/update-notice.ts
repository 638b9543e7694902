import type { GameNotice, GameNoticeModel } from '@flagpole/contract';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { noticesKey } from './keys';

export function useUpdateNotice(): (gameId: number, noticeId: number, content: string) => Promise<GameNotice> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (gameId: number, noticeId: number, content: string) => {
      const body: GameNoticeModel = { content };
      const notice = await http.put<GameNotice>(`${noticesKey(gameId)}/${noticeId}`, body);
      await mutate(noticesKey(gameId));
      return notice;
    },
    [mutate],
  );
}
