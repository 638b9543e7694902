import type { ProfileUpdateModel } from '@flagpole/contract';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { PROFILE_KEY } from './get-profile';

export function useUpdateProfile(): (body: ProfileUpdateModel) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (body: ProfileUpdateModel) => {
      await http.put('/api/account/update', body);
      await mutate(PROFILE_KEY);
    },
    [mutate],
  );
}
