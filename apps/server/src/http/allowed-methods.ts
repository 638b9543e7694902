import type { FastifyInstance } from 'fastify';

interface RoutePattern {
  pattern: RegExp;
  /** The same address with its parameters allowed to be empty; undefined for a route without parameters. */
  withEmptyParameters: RegExp | undefined;
  method: string;
}

/**
 * `/api/game/:id/notices` → a regular expression for concrete paths, as the router matches them; with
 * `parameter` `[^/]*`, the paths where some parameter is empty.
 */
function patternOf(url: string, parameter = '[^/]+'): RegExp {
  const source = url
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return parameter;
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  // Routes match case-insensitively and with or without a trailing slash (see the router options).
  return new RegExp(`^${source}/?$`, 'i');
}

/**
 * Remembers every route as it is registered, so that a request the router cannot place can be told apart:
 * an address that exists under other methods answers 405 with `Allow`, anything else 404. A path that is a
 * route of the request's own method but for an empty parameter (`DELETE /api/assets/`, which is also the
 * address `/api/assets` of other methods) names nothing: no methods, so 404, as every route with a parameter
 * documents. Must be called before routes are registered.
 */
export function trackRouteMethods(app: FastifyInstance): (path: string, method?: string) => string[] {
  const routes: RoutePattern[] = [];
  app.addHook('onRoute', (route) => {
    const withEmptyParameters = route.url.includes(':') ? patternOf(route.url, '[^/]*') : undefined;
    for (const method of [route.method].flat()) {
      routes.push({ pattern: patternOf(route.url), withEmptyParameters, method });
    }
  });
  return (path, method) => {
    if (routes.some((route) => route.method === method && route.withEmptyParameters?.test(path))) return [];
    const methods = new Set(routes.filter((route) => route.pattern.test(path)).map((route) => route.method));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  };
}
