import type { ProfileUserInfoModel } from '@flagpole/contract';
import useSWR from 'swr';
import { ApiError, http } from '@/lib/http';
import { i18n } from '@/lib/i18n';
import { showError } from '@/lib/notify';

export const PROFILE_KEY = '/api/account/profile';

/** The signed-in user, or null when signed out. A banned account (403) is signed out at once. */
export async function getProfile(): Promise<ProfileUserInfoModel | null> {
  try {
    return await http.get<ProfileUserInfoModel>(PROFILE_KEY);
  } catch (error) {
    if (error instanceof ApiError && error.httpStatus === 401) return null;
    if (error instanceof ApiError && error.httpStatus === 403) {
      await http.post('/api/account/logout').catch(() => undefined);
      showError(i18n.t('account.bannedNotice'));
      return null;
    }
    throw error;
  }
}

export function useProfile() {
  const { data, error, isLoading, isValidating, mutate } = useSWR(PROFILE_KEY, getProfile);
  return {
    user: data ?? null,
    /** True until the first answer (or cached value) is known. */
    isLoading: data === undefined && isLoading,
    /** True while the server is being asked, even when a cached answer is shown meanwhile. */
    isChecking: isValidating,
    error: error as unknown,
    refresh: mutate,
  };
}
