import type { ArrayResponseOfContainerInstanceModel } from '@flagpole/contract';
import useSWR from 'swr';
import { fetcher, http } from '@/lib/http';
import { containerKeys } from './keys';

/** Every running or starting instance, for administrators (refreshed every 30 s). */
export function useAdminInstances() {
  return useSWR<ArrayResponseOfContainerInstanceModel>(containerKeys.adminInstances, fetcher, {
    refreshInterval: 30_000,
  });
}

export function destroyAdminInstance(guid: string): Promise<void> {
  return http.delete(containerKeys.adminInstance(guid));
}
