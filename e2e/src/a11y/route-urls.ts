import type { AppRoute } from './app-routes';

/** Ids of the seeded event the route parameters are filled from. */
export interface SeededIds {
  gameId: number;
  teamId: number;
  challengeId: number;
  postId: string;
}

/**
 * A concrete URL for a route pattern: each `:param` takes the seeded id of the thing named by the segment before
 * it (`games/:id` a game, `challenges/:chalId` a challenge). A parameter after an unknown segment fails loudly,
 * so a new kind of page is given a seeded value here rather than silently left unscanned.
 */
export function routeUrl(route: AppRoute, ids: SeededIds): string {
  if (route.pattern === '*') return '/no-such-page';
  const byOwner: Record<string, string> = {
    games: String(ids.gameId),
    teams: String(ids.teamId),
    challenges: String(ids.challengeId),
    posts: ids.postId,
  };
  const segments = route.pattern.split('/');
  const filled = segments.map((segment, index) => {
    if (!segment.startsWith(':')) return segment;
    const owner = segments[index - 1] ?? '';
    const value = byOwner[owner];
    if (!value)
      throw new Error(`route ${route.pattern}: no seeded value for ${segment} after "${owner}" (route-urls.ts)`);
    return value;
  });
  return `/${filled.join('/')}`;
}
