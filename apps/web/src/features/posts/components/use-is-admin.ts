import { roleRank } from '@flagpole/contract';
import { useProfile } from '@/features/account/api/get-profile';

/** Whether the signed-in user may edit posts (admins only; the server enforces it too). */
export function useIsAdmin(): boolean {
  const { user } = useProfile();
  return user ? roleRank[user.role] >= roleRank.Admin : false;
}
