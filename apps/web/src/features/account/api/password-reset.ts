import type { PasswordResetModel } from '@flagpole/contract';
import { http } from '@/lib/http';

export function resetPassword(body: PasswordResetModel): Promise<void> {
  return http.post('/api/account/passwordreset', body);
}
