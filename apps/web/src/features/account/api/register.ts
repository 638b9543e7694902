import type { RegisterModel, RegisterResponse } from '@flagpole/contract';
import { http } from '@/lib/http';

export function register(body: RegisterModel): Promise<RegisterResponse> {
  return http.post<RegisterResponse>('/api/account/register', body);
}
