import { type Language, languageFromAcceptHeader } from '@flagpole/contract';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's language, from Accept-Language. */
    language: Language;
  }
}

/** Every request, routed or not. A callback hook: an async one costs a promise per request for no waiting. */
export function registerLanguage(app: FastifyInstance): void {
  app.decorateRequest('language', 'en-US');
  app.addHook('onRequest', (request, reply, done) => {
    request.language = languageFromAcceptHeader(request.headers['accept-language']);
    reply.header('content-language', request.language);
    done();
  });
}
