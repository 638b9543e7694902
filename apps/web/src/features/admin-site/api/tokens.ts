import type { ApiToken, ApiTokenCreateModel, ApiTokenResponse } from '@flagpole/contract';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { adminKeys } from './keys';

export function useApiTokens() {
  const { data, error } = useSWR(adminKeys.tokens, (path: string) => http.get<ApiToken[]>(path));
  return { tokens: data, error: error as unknown };
}

function useRevalidateTokens() {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate(adminKeys.tokens), [mutate]);
}

/** Creates a token; the secret in the answer is shown once and never again. */
export function useCreateToken(): (model: ApiTokenCreateModel) => Promise<ApiTokenResponse> {
  const revalidate = useRevalidateTokens();
  return useCallback(
    async (model) => {
      const created = await http.post<ApiTokenResponse>(adminKeys.tokens, model);
      await revalidate();
      return created;
    },
    [revalidate],
  );
}

export function useRevokeToken(): (tokenId: string) => Promise<void> {
  const revalidate = useRevalidateTokens();
  return useCallback(
    async (tokenId) => {
      await http.delete(`${adminKeys.tokens}/${tokenId}`);
      await revalidate();
    },
    [revalidate],
  );
}

export function useRestoreToken(): (tokenId: string) => Promise<void> {
  const revalidate = useRevalidateTokens();
  return useCallback(
    async (tokenId) => {
      await http.post(`${adminKeys.tokens}/${tokenId}/restore`);
      await revalidate();
    },
    [revalidate],
  );
}
