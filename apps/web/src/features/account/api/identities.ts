import type { LinkedIdentitiesModel, SignInProvider } from '@flagpole/contract';
import useSWR from 'swr';
import { http } from '@/lib/http';

export const IDENTITIES_KEY = '/api/account/identities';

/** The single sign-on identities linked to the signed-in account. */
export function useIdentities() {
  const { data, mutate } = useSWR<LinkedIdentitiesModel>(IDENTITIES_KEY, (key: string) =>
    http.get<LinkedIdentitiesModel>(key),
  );
  return { linked: data, refresh: mutate };
}

export function unlinkIdentity(provider: SignInProvider): Promise<void> {
  return http.delete(`/api/account/identities/${provider}`);
}

/** The address that starts signing in with (or, signed in, linking) a provider: a full page navigation. */
export const signInUrl = (provider: SignInProvider) => `/api/account/${provider}/login`;
