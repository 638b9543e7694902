import type { WriteupInfoModel } from '@flagpole/contract';
import useSWR from 'swr';
import { fetcher } from '@/lib/http';
import { writeupKeys } from './keys';

/** Every team's writeup of a game (organisers). */
export function useGameWriteups(gameId: number) {
  const { data, error } = useSWR<WriteupInfoModel>(writeupKeys.all(gameId), fetcher);
  return { writeups: data, error: error as unknown };
}
