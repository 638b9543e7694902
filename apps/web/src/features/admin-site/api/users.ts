import type { AdminUserInfoModel, ArrayResponseOfUserInfoModel, UserCreateModel } from '@flagpole/contract';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { ADMIN_PAGE_SIZE, adminKeys, isListKey, pageQuery } from './keys';

/**
 * One page of users, or up to the server's limit of matches when `search` is not blank (search is a POST, so its
 * SWR key is a tuple rather than a path).
 */
export function useAdminUsers(page: number, search: string) {
  const hint = search.trim();
  const key = hint ? [adminKeys.usersPrefix, 'search', hint] : `${adminKeys.usersPrefix}?${pageQuery(page)}`;
  const { data, error } = useSWR(key, () =>
    hint
      ? http.request<ArrayResponseOfUserInfoModel>(`${adminKeys.usersPrefix}/search`, {
          method: 'POST',
          query: { hint },
        })
      : http.get<ArrayResponseOfUserInfoModel>(`${adminKeys.usersPrefix}?${pageQuery(page)}`),
  );
  return { users: data, error: error as unknown, pageSize: ADMIN_PAGE_SIZE };
}

function useRevalidateUsers() {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate(isListKey(adminKeys.usersPrefix)), [mutate]);
}

export function useAddUsers(): (users: UserCreateModel[]) => Promise<void> {
  const revalidate = useRevalidateUsers();
  return useCallback(
    async (users) => {
      await http.post(adminKeys.usersPrefix, users);
      await revalidate();
    },
    [revalidate],
  );
}

export function useUpdateUser(): (userId: string, changes: AdminUserInfoModel) => Promise<void> {
  const revalidate = useRevalidateUsers();
  return useCallback(
    async (userId, changes) => {
      await http.put(adminKeys.user(userId), changes);
      await revalidate();
    },
    [revalidate],
  );
}

export function useDeleteUser(): (userId: string) => Promise<void> {
  const revalidate = useRevalidateUsers();
  return useCallback(
    async (userId) => {
      await http.delete(adminKeys.user(userId));
      await revalidate();
    },
    [revalidate],
  );
}

/** Resets the password to a random one and returns it (shown once). */
export function resetUserPassword(userId: string): Promise<string> {
  return http.delete<string>(`${adminKeys.user(userId)}/password`);
}
