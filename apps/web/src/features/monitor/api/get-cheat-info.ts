import type { CheatInfoModel } from '@flagpole/contract';
import useSWR from 'swr';
import { fetcher } from '@/lib/http';
import { monitorKeys } from './keys';

export function useCheatInfo(gameId: number) {
  const { data, error } = useSWR<CheatInfoModel[]>(monitorKeys.cheatInfo(gameId), fetcher);
  return { cases: data, error: error as unknown };
}
