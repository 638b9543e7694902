import type { Language } from '@flagpole/contract';
import type { FastifyRequest } from 'fastify';
import type { Identity } from './access';
import { unauthorized } from './errors';

/** The header a load rehearsal's registrations and sign-ins carry: the run's secret. */
export const REHEARSAL_HEADER = 'x-flagpole-rehearsal';

/** What services need to know about the request besides its body. */
export interface RequestContext {
  ip: string;
  userAgent: string | undefined;
  /** The raw Accept-Language header: with the user agent, a session's browser fingerprint (flag-sharing evidence). */
  acceptLanguage?: string | undefined;
  language: Language;
  /**
   * Names the account the request turned out to act for (a sign-in, a registration), so that its audit entry
   * names it even when the caller was anonymous, and even when the request then fails.
   */
  identify?: (userName: string) => void;
  /** The `X-Flagpole-Rehearsal` header: a load rehearsal's run secret (docs/operations.md, "Rehearsal"). */
  rehearsal?: string | undefined;
}

/** A header's single value (a repeated header counts as absent). */
const headerValue = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

export function requestContext(request: FastifyRequest): RequestContext {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    acceptLanguage: request.headers['accept-language'],
    language: request.language,
    rehearsal: headerValue(request.headers[REHEARSAL_HEADER]),
    identify: (userName) => {
      request.auditActor = userName;
    },
  };
}

/** The signed-in caller of a route whose access already requires one. */
export function signedIn(request: FastifyRequest): Identity {
  if (!request.identity) throw unauthorized();
  return request.identity;
}
