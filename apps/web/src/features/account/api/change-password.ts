import type { PasswordChangeModel } from '@flagpole/contract';
import { http } from '@/lib/http';

export function changePassword(body: PasswordChangeModel): Promise<void> {
  return http.put('/api/account/changepassword', body);
}
