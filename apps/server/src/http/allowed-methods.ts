import type { FastifyInstance } from 'fastify';

interface RoutePattern {
  pattern: RegExp;
  method: string;
}

/** `/api/game/:id/notices` → a regular expression for concrete paths, as the router matches them. */
function patternOf(url: string): RegExp {
  const source = url
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  // Routes match case-insensitively and with or without a trailing slash (see the router options).
  return new RegExp(`^${source}/?$`, 'i');
}

/**
 * Remembers every route as it is registered, so that a request the router cannot place can be told apart:
 * an address that exists under other methods answers 405 with `Allow`, anything else 404.
 * Must be called before routes are registered.
 */
export function trackRouteMethods(app: FastifyInstance): (path: string) => string[] {
  const routes: RoutePattern[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ pattern: patternOf(route.url), method });
  });
  return (path) => {
    const methods = new Set(routes.filter((route) => route.pattern.test(path)).map((route) => route.method));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  };
}
