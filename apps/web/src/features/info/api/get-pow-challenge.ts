import type { HashPowChallenge } from '@flagpole/contract';
import { http } from '@/lib/http';

/** A fresh proof-of-work challenge; never cached by SWR because each one is single-use. */
export function getPowChallenge(): Promise<HashPowChallenge> {
  return http.get<HashPowChallenge>('/api/captcha/powchallenge');
}
