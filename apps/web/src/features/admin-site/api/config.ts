import type { ConfigEditModel, ConfigUpdateModel } from '@flagpole/contract';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { CLIENT_CONFIG_KEY } from '@/features/info/api/get-client-config';
import { http } from '@/lib/http';
import { adminKeys } from './keys';

export function useAdminConfig() {
  // Settings are edited in a form: background refreshes would overwrite what the admin is typing.
  const { data, error } = useSWR(adminKeys.config, (path: string) => http.get<ConfigEditModel>(path), {
    refreshInterval: 0,
  });
  return { config: data, error: error as unknown };
}

/** After any settings change the public client config is fetched again, so title and theme apply at once. */
function useRevalidateConfig() {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await Promise.all([mutate(adminKeys.config), mutate(CLIENT_CONFIG_KEY)]);
  }, [mutate]);
}

/** Saves the sections given; the others stay as they are. */
export function useSaveConfig(): (model: ConfigUpdateModel) => Promise<void> {
  const revalidate = useRevalidateConfig();
  return useCallback(
    async (model) => {
      await http.put(adminKeys.config, model);
      await revalidate();
    },
    [revalidate],
  );
}

export function useUploadLogo(): (file: File) => Promise<void> {
  const revalidate = useRevalidateConfig();
  return useCallback(
    async (file) => {
      const form = new FormData();
      form.append('file', file);
      await http.post(`${adminKeys.config}/logo`, form);
      await revalidate();
    },
    [revalidate],
  );
}

export function useResetLogo(): () => Promise<void> {
  const revalidate = useRevalidateConfig();
  return useCallback(async () => {
    await http.delete(`${adminKeys.config}/logo`);
    await revalidate();
  }, [revalidate]);
}
