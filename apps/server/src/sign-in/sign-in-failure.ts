import type { SignInFailure } from '@flagpole/contract';
import * as client from 'openid-client';
import { ProviderUnavailableError } from './providers';

/** A sign-in refused for a reason the player is told on the sign-in page. */
export class SignInFailed extends Error {
  constructor(readonly reason: SignInFailure) {
    super(reason);
    this.name = 'SignInFailed';
  }
}

/** The reason shown for whatever ended a sign-in: ours, the provider's answer, or the provider being away. */
export function failureOf(error: unknown): SignInFailure {
  if (error instanceof SignInFailed) return error.reason;
  if (error instanceof ProviderUnavailableError) return 'providerUnavailable';
  if (error instanceof client.AuthorizationResponseError) {
    return error.error === 'access_denied' ? 'denied' : 'failed';
  }
  // The token endpoint refused the code: used already, expired, or not issued for this flow.
  if (error instanceof client.ResponseBodyError && error.error === 'invalid_grant') return 'codeRejected';
  return 'failed';
}
