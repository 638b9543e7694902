import type {
  AdminUserInfoModel,
  ArrayResponseOfUserInfoModel,
  ProfileUserInfoModel,
  UserCreateModel,
  UserListOrder,
} from '@flagpole/contract';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { fetcher, http } from '@/lib/http';
import { ADMIN_PAGE_SIZE, adminKeys, isListKey } from './keys';
import { useSearchableList } from './searchable-list';

/** One page of users in the chosen order, of those matching `search` when it is not blank. */
export function useAdminUsers(page: number, search: string, order: UserListOrder) {
  const { data, error } = useSearchableList<ArrayResponseOfUserInfoModel>(adminKeys.usersPrefix, page, search, order);
  return { users: data, error, pageSize: ADMIN_PAGE_SIZE };
}

/** One user's profile (`GET /api/admin/users/{id}`), read when the admin opens the user; null loads nothing. */
export function useAdminUser(userId: string | null) {
  return useSWR<ProfileUserInfoModel>(userId === null ? null : adminKeys.user(userId), fetcher, {
    refreshInterval: 0,
  });
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
  const { mutate } = useSWRConfig();
  return useCallback(
    async (userId, changes) => {
      await http.put(adminKeys.user(userId), changes);
      await Promise.all([revalidate(), mutate(adminKeys.user(userId))]);
    },
    [revalidate, mutate],
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
