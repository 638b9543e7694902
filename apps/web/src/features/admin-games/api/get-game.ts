import type { GameInfoModel } from '@flagpole/contract';
import useSWR from 'swr';
import { http } from '@/lib/http';
import { gameKey } from './keys';

/** One game as the organiser edits it. */
export function useEditGame(gameId: number) {
  const { data, error, isLoading } = useSWR(Number.isInteger(gameId) ? gameKey(gameId) : null, (path: string) =>
    http.get<GameInfoModel>(path),
  );
  return { game: data, error: error as unknown, isLoading: data === undefined && isLoading };
}
