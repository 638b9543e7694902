import type { GameNotice } from '@flagpole/contract';
import useSWR from 'swr';
import { fetcher } from '@/lib/http';
import { gameKeys } from './keys';

/** The newest 100 notices; live pushes are merged into this cache entry by `useGameLive`. */
export function useNotices(id: number, enabled = true) {
  return useSWR<GameNotice[]>(enabled ? gameKeys.notices(id) : null, fetcher, { refreshInterval: 60_000 });
}
