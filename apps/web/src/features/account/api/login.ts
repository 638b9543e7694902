import type { LoginModel } from '@flagpole/contract';
import { http } from '@/lib/http';

export function login(body: LoginModel): Promise<void> {
  return http.post('/api/account/login', body);
}
