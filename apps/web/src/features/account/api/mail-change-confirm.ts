import type { AccountVerifyModel } from '@flagpole/contract';
import { http } from '@/lib/http';

export function confirmMailChange(body: AccountVerifyModel): Promise<void> {
  return http.post('/api/account/mailchangeconfirm', body);
}
