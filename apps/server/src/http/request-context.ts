import type { Language } from '@flagpole/contract';
import type { FastifyRequest } from 'fastify';
import type { Identity } from './access';
import { unauthorized } from './errors';

/** What services need to know about the request besides its body. */
export interface RequestContext {
  ip: string;
  userAgent: string | undefined;
  language: Language;
}

export function requestContext(request: FastifyRequest): RequestContext {
  return { ip: request.ip, userAgent: request.headers['user-agent'], language: request.language };
}

/** The signed-in caller of a route whose access already requires one. */
export function signedIn(request: FastifyRequest): Identity {
  if (!request.identity) throw unauthorized();
  return request.identity;
}
