import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendMethodNotAllowed, sendRouteNotFound } from './error-handler';

/**
 * Serves the built web application: hashed files under /static/ cached for a year,
 * and index.html for every other non-API path so the client router can take over.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
  allowedMethods: (path: string, method?: string) => string[] = () => [],
): Promise<void> {
  const indexPath = distDir ? path.join(distDir, 'index.html') : undefined;
  const hasWebApp = indexPath !== undefined && existsSync(indexPath);
  if (hasWebApp && distDir) {
    await app.register(fastifyStatic, {
      root: path.join(distDir, 'static'),
      prefix: '/static/',
      immutable: true,
      maxAge: '365d',
      wildcard: true,
      index: false,
    });
  }
  const indexHtml = hasWebApp && indexPath ? readFileSync(indexPath, 'utf8') : undefined;

  app.setNotFoundHandler((request, reply) => {
    // An address that exists under other methods: 405 with the methods it takes, never 404.
    const allowed = allowedMethods(request.url.split('?')[0] ?? '', request.method);
    if (allowed.length > 0) return sendMethodNotAllowed(request, reply, allowed);
    const url = request.url.toLowerCase();
    const isApi = url.startsWith('/api/') || url === '/api' || url.startsWith('/assets/') || url.startsWith('/static/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) return sendRouteNotFound(request, reply);
    if (!indexHtml) {
      return reply.code(404).type('text/plain').send('The web application has not been built: run `npm run build`.');
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml.replace('<html lang="en-US"', `<html lang="${request.language}"`));
  });
}
