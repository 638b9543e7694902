import type { TeamInfoModel } from '@flagpole/contract';
import useSWR from 'swr';
import { fetcher } from '@/lib/http';
import { gameKeys } from './keys';

/** The caller's teams (same key as the teams page, so both share one cache entry). */
export function useMyTeams(enabled: boolean) {
  return useSWR<TeamInfoModel[]>(enabled ? gameKeys.myTeams : null, fetcher, { refreshInterval: 120_000 });
}
