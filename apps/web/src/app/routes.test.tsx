import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';

function matchedPattern(pathname: string): string {
  const matches = matchRoutes(routes, pathname) ?? [];
  return matches
    .map((match) => match.route.path ?? '')
    .filter(Boolean)
    .join('/');
}

describe('routes', () => {
  it.each([
    ['/', ''],
    ['/about', 'about'],
    ['/teams', 'teams'],
    ['/teams/12', 'teams/:id'],
    ['/account/login', 'account/login'],
    ['/account/register', 'account/register'],
    ['/account/recovery', 'account/recovery'],
    ['/account/reset', 'account/reset'],
    ['/account/verify', 'account/verify'],
    ['/account/confirm', 'account/confirm'],
    ['/account/profile', 'account/profile'],
    ['/posts', 'posts'],
    ['/posts/abcd1234', 'posts/:postId'],
    ['/posts/abcd1234/edit', 'posts/:postId/edit'],
    ['/games', 'games'],
    ['/games/3', 'games/:id'],
    ['/games/3/challenges', 'games/:id/challenges'],
    ['/games/3/scoreboard', 'games/:id/scoreboard'],
    ['/games/3/scoreboard/reveal', 'games/:id/scoreboard/reveal'],
    ['/games/3/monitor/dashboard', 'games/:id/monitor/dashboard'],
    ['/games/3/monitor/events', 'games/:id/monitor/events'],
    ['/games/3/monitor/submissions', 'games/:id/monitor/submissions'],
    ['/games/3/monitor/cheatinfo', 'games/:id/monitor/cheatinfo'],
    ['/games/3/monitor/evidence', 'games/:id/monitor/evidence'],
    ['/games/3/monitor/traffic', 'games/:id/monitor/traffic'],
    ['/admin/games', 'admin/games'],
    ['/admin/games/3/info', 'admin/games/:id/info'],
    ['/admin/games/3/notices', 'admin/games/:id/notices'],
    ['/admin/games/3/awards', 'admin/games/:id/awards'],
    ['/admin/games/3/review', 'admin/games/:id/review'],
    ['/admin/games/3/writeups', 'admin/games/:id/writeups'],
    ['/admin/games/3/challenges', 'admin/games/:id/challenges'],
    ['/admin/games/3/challenges/7', 'admin/games/:id/challenges/:chalId'],
    ['/admin/games/3/challenges/7/flags', 'admin/games/:id/challenges/:chalId/flags'],
    ['/admin/instances', 'admin/instances'],
    ['/admin/logs', 'admin/logs'],
    ['/admin/settings', 'admin/settings'],
    ['/admin/teams', 'admin/teams'],
    ['/admin/users', 'admin/users'],
  ])('matches %s', (pathname, pattern) => {
    expect(matchedPattern(pathname)).toBe(pattern);
  });

  it('matches regardless of case', () => {
    expect(matchedPattern('/Account/Login')).toBe('account/login');
    expect(matchedPattern('/GAMES/3/Monitor/CheatInfo')).toBe('games/:id/monitor/cheatinfo');
    expect(matchedPattern('/Admin/Games/3/Challenges/7/Flags')).toBe('admin/games/:id/challenges/:chalId/flags');
  });

  it('sends unknown paths to the not-found page', () => {
    expect(matchedPattern('/no/such/page')).toBe('*');
    expect(matchedPattern('/admin/nothing')).toBe('*');
  });
});
