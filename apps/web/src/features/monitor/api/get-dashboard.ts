import type { EventDashboard } from '@flagpole/contract';
import useSWR from 'swr';
import { fetcher } from '@/lib/http';
import { monitorKeys } from './keys';

/** The dashboard's first snapshot; the live channel's `dashboard` messages replace it (see dashboard-page). */
export function useDashboard(gameId: number) {
  const { data, error, mutate } = useSWR<EventDashboard>(monitorKeys.dashboard(gameId), fetcher);
  return { dashboard: data, error: error as unknown, replace: mutate };
}
