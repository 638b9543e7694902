import type { BasicWriteupInfoModel } from '@flagpole/contract';
import useSWR from 'swr';
import { fetcher } from '@/lib/http';
import { writeupKeys } from './keys';

/** The caller's team's writeup for a game; `enabled` false skips the request (not in the game). */
export function useMyWriteup(gameId: number, enabled: boolean) {
  const { data, error } = useSWR<BasicWriteupInfoModel>(enabled ? writeupKeys.mine(gameId) : null, fetcher, {
    refreshInterval: 0,
    shouldRetryOnError: false,
  });
  return { writeup: data, error: error as unknown };
}
