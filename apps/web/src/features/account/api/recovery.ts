import type { RecoveryModel, RequestResponse } from '@flagpole/contract';
import { http } from '@/lib/http';

/** Asks for a password-reset mail; the answer's title says what happened. */
export function requestRecovery(body: RecoveryModel): Promise<RequestResponse | undefined> {
  return http.post<RequestResponse | undefined>('/api/account/recovery', body);
}
