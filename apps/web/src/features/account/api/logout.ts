import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { PROFILE_KEY } from './get-profile';

/**
 * Signs out and clears the profile at once. The mutate must come from useSWRConfig: the app's
 * SWR cache is a custom provider, which the global `mutate` export does not reach.
 */
export function useLogout(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await http.post('/api/account/logout');
    await mutate(PROFILE_KEY, null, { revalidate: false });
  }, [mutate]);
}
