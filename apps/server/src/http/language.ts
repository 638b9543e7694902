import { type Language, languageFromAcceptHeader } from '@flagpole/contract';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's language, from Accept-Language. */
    language: Language;
  }
}

export function registerLanguage(app: FastifyInstance): void {
  app.decorateRequest('language', 'en-US');
  app.addHook('onRequest', async (request, reply) => {
    request.language = languageFromAcceptHeader(request.headers['accept-language']);
    reply.header('content-language', request.language);
  });
}
