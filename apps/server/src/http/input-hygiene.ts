import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

const MAX_DEPTH = 32;

/** The first path (`a.b.0`) holding a string with a NUL character, or null. */
function findNul(value: unknown, path: string, depth: number): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth > MAX_DEPTH) return path || 'body';
  for (const [key, item] of Object.entries(value)) {
    const found = findNul(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL cannot store NUL characters in text, so a string carrying one would fail deep in a
 * query as a 500. Such input is refused up front, for every route, as a 400 naming the field.
 */
export function registerInputHygiene(app: FastifyInstance): void {
  // A callback hook: an async one costs a promise per request for no waiting.
  app.addHook('preValidation', (request, _reply, done) => {
    const field = findNul(request.params, '', 0) ?? findNul(request.query, '', 0) ?? findNul(request.body, '', 0);
    done(field ? badRequest('error.invalidField', { field }) : undefined);
  });
}
