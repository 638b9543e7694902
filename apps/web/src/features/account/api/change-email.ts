import type { MailChangeModel, MailChangeResponse } from '@flagpole/contract';
import { http } from '@/lib/http';

/** Starts an e-mail change; `data` is true when a confirmation mail was sent. */
export function changeEmail(body: MailChangeModel): Promise<MailChangeResponse> {
  return http.put<MailChangeResponse>('/api/account/changeemail', body);
}
