import type { GameNotice } from '@flagpole/contract';
import useSWR from 'swr';
import { http } from '@/lib/http';
import { noticesKey } from './keys';

/** The game's normal (organiser-written) notices. */
export function useEditNotices(gameId: number) {
  const { data, error, isLoading } = useSWR(noticesKey(gameId), (path: string) => http.get<GameNotice[]>(path));
  return { notices: data, error: error as unknown, isLoading: data === undefined && isLoading };
}
