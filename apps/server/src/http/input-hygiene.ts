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
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findNul(part, '', 0);
      if (field) throw badRequest('error.invalidField', { field });
    }
  });
}
