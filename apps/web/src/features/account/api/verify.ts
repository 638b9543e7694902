import type { AccountVerifyModel } from '@flagpole/contract';
import { http } from '@/lib/http';

/** Confirms the e-mail of a new account; the server signs the user in. */
export function verifyAccount(body: AccountVerifyModel): Promise<void> {
  return http.post('/api/account/verify', body);
}
