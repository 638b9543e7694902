/**
 * THE ACCESS TABLE: who may call every route of the server. `access-table.test.ts` lists the routes the
 * app registers and fails when one is missing here (or when a row names a route that does not exist),
 * then calls each route as each caller below and compares the answer with the row.
 *
 * Adding a route? Add one row to ROUTES:
 *   { route: 'METHOD /url/:param', expect: USER }                 // exactly as Fastify registers it
 *   { route: '...', expect: TEAM_ONLY, url: (f) => `/api/team/${f.teamId}` }   // real ids from the fixture
 * - `expect`: one of the presets (PUBLIC, USER, MONITOR, ADMIN, TEAM_ONLY, PLAYER) or your own object giving an
 *   outcome for each caller. HEAD twins of GET routes are covered by the GET row.
 * - `url`: the URL to call, built from `AccessFixture` ids. Without it, path parameters get placeholders
 *   that name nothing (`999999`, a random-looking GUID, 64 zeros for `:hash`), which is enough for routes
 *   where the role alone decides. Give real ids where membership decides (TEAM_ONLY and the like).
 * - `body`: the body to send; default `{}` for POST/PUT/PATCH (a validation 400 still proves "allowed").
 * - Keep destructive calls away from fixture data other rows need: a placeholder id, or `f.spareTeamId`.
 * - `last: true` runs the row after every other (it ends the callers' sessions, e.g. sign-out).
 *
 * Callers: `anonymous` (no cookie), `banned` (a Banned user who still holds a session), `user` (captain
 * of team `teamId`, accepted in game `gameId`), `otherTeam` (captain of another team accepted in the same
 * game), `monitor`, `admin` (neither is in a team).
 *
 * Outcomes: `allow` — anything but 401/403 (a 400 or 404 from the handler is fine: the caller got past
 * access control); `deny` — 401 or 403; `refuse` — a 4xx other than 401 (403 or 404 or 400: signed in,
 * but this resource is not theirs). No caller may ever get a 5xx.
 */

export type Caller = 'anonymous' | 'banned' | 'user' | 'otherTeam' | 'monitor' | 'admin';
export type Outcome = 'allow' | 'deny' | 'refuse';
export type Expectation = Record<Caller, Outcome>;

export const CALLERS: readonly Caller[] = ['anonymous', 'banned', 'user', 'otherTeam', 'monitor', 'admin'];

/** Ids of the data every row can point at (see access-table.test.ts for how it is built). */
export interface AccessFixture {
  gameId: number;
  challengeId: number;
  /** A submission of `user`'s team to `challengeId`. */
  submissionId: number;
  /** Team of `user` (captain). */
  teamId: number;
  /** Another team captained by `user`, for destructive calls. */
  spareTeamId: number;
  /** Team of `otherTeam` (captain). */
  otherTeamId: number;
  participationId: number;
  userId: string;
  otherUserId: string;
}

export interface AccessRow {
  route: string;
  expect: Expectation;
  url?: (f: AccessFixture) => string;
  body?: (f: AccessFixture) => unknown;
  last?: true;
}

export const PUBLIC: Expectation = {
  anonymous: 'allow',
  banned: 'allow',
  user: 'allow',
  otherTeam: 'allow',
  monitor: 'allow',
  admin: 'allow',
};
export const USER: Expectation = { ...PUBLIC, anonymous: 'deny', banned: 'deny' };
export const MONITOR: Expectation = { ...USER, user: 'deny', otherTeam: 'deny' };
export const ADMIN: Expectation = { ...MONITOR, monitor: 'deny' };
/** Signed-in users, but only the members (or captain) of the team in the URL get through. */
export const TEAM_ONLY: Expectation = { ...USER, otherTeam: 'refuse', monitor: 'refuse', admin: 'refuse' };
/** Players of the game in the URL (both teams are accepted in it); anyone else signed in is refused. */
export const PLAYER: Expectation = { ...USER, monitor: 'refuse', admin: 'refuse' };

const team = (f: AccessFixture) => `/api/team/${f.teamId}`;
const game = (f: AccessFixture) => `/api/game/${f.gameId}`;

export const ROUTES: AccessRow[] = [
  // ---- Health, info, captcha, posts, assets ---------------------------------------------------------
  { route: 'GET /healthz', expect: PUBLIC },
  { route: 'GET /readyz', expect: PUBLIC },
  { route: 'GET /openapi.json', expect: PUBLIC },
  { route: 'GET /api/config', expect: PUBLIC },
  { route: 'GET /api/schemas/challenge.schema.json', expect: PUBLIC },
  { route: 'GET /api/schemas/noctf.schema.json', expect: PUBLIC },
  { route: 'GET /api/captcha', expect: PUBLIC },
  { route: 'GET /api/captcha/powchallenge', expect: PUBLIC },
  { route: 'GET /api/posts', expect: PUBLIC },
  { route: 'GET /api/posts/latest', expect: PUBLIC },
  { route: 'GET /api/posts/:id', expect: PUBLIC },
  { route: 'GET /assets/:hash/:name', expect: PUBLIC },
  { route: 'POST /api/assets', expect: ADMIN },
  { route: 'DELETE /api/assets/:hash', expect: ADMIN },

  // ---- Account --------------------------------------------------------------------------------------
  { route: 'POST /api/account/register', expect: PUBLIC },
  { route: 'POST /api/account/login', expect: PUBLIC },
  { route: 'POST /api/account/verify', expect: PUBLIC },
  { route: 'POST /api/account/recovery', expect: PUBLIC },
  { route: 'POST /api/account/passwordreset', expect: PUBLIC },
  { route: 'POST /api/account/logout', expect: USER, last: true },
  { route: 'GET /api/account/profile', expect: USER },
  { route: 'PUT /api/account/update', expect: USER, body: () => ({ bio: 'access table' }) },
  { route: 'PUT /api/account/avatar', expect: USER },
  { route: 'PUT /api/account/changepassword', expect: USER },
  { route: 'PUT /api/account/changeemail', expect: USER },
  { route: 'POST /api/account/mailchangeconfirm', expect: USER },
  // Single sign-on: starting and finishing are open to all (a signed-in caller links); no provider is configured
  // here, so both redirect to the sign-in page.
  { route: 'GET /api/account/oidc/login', expect: PUBLIC },
  { route: 'GET /api/account/oidc/callback', expect: PUBLIC },
  { route: 'GET /api/account/ctftime/login', expect: PUBLIC },
  { route: 'GET /api/account/ctftime/callback', expect: PUBLIC },
  { route: 'GET /api/account/identities', expect: USER },
  { route: 'DELETE /api/account/identities/:provider', expect: USER, url: () => '/api/account/identities/oidc' },

  // ---- Teams ----------------------------------------------------------------------------------------
  { route: 'GET /api/team', expect: USER },
  { route: 'POST /api/team', expect: USER },
  { route: 'POST /api/team/accept', expect: USER },
  { route: 'POST /api/team/verify', expect: PUBLIC },
  { route: 'GET /api/team/:id', expect: PUBLIC, url: team },
  { route: 'GET /api/team/:id/games', expect: PUBLIC, url: (f) => `${team(f)}/games` },
  { route: 'PUT /api/team/:id', expect: TEAM_ONLY, url: team, body: () => ({ bio: 'access table' }) },
  { route: 'DELETE /api/team/:id', expect: TEAM_ONLY, url: (f) => `/api/team/${f.spareTeamId}` },
  { route: 'PUT /api/team/:id/avatar', expect: TEAM_ONLY, url: (f) => `${team(f)}/avatar` },
  { route: 'GET /api/team/:id/invite', expect: TEAM_ONLY, url: (f) => `${team(f)}/invite` },
  { route: 'PUT /api/team/:id/invite', expect: TEAM_ONLY, url: (f) => `${team(f)}/invite` },
  {
    route: 'POST /api/team/:id/kick/:userId',
    expect: TEAM_ONLY,
    url: (f) => `${team(f)}/kick/${f.otherUserId}`,
  },
  // The captain may not leave (400): still past access control; the others are not members.
  { route: 'POST /api/team/:id/leave', expect: TEAM_ONLY, url: (f) => `${team(f)}/leave` },
  {
    route: 'PUT /api/team/:id/transfer',
    expect: TEAM_ONLY,
    url: (f) => `${team(f)}/transfer`,
    body: (f) => ({ newCaptainId: f.otherUserId }),
  },

  // ---- Organiser edit area --------------------------------------------------------------------------
  { route: 'GET /api/edit/games', expect: ADMIN },
  { route: 'POST /api/edit/games', expect: ADMIN },
  { route: 'GET /api/edit/games/:id', expect: ADMIN },
  { route: 'PUT /api/edit/games/:id', expect: ADMIN },
  { route: 'DELETE /api/edit/games/:id', expect: ADMIN },
  { route: 'PUT /api/edit/games/:id/poster', expect: ADMIN },
  { route: 'POST /api/edit/games/:id/export', expect: ADMIN },
  { route: 'POST /api/edit/games/import', expect: ADMIN },
  { route: 'POST /api/edit/games/import/ctfd', expect: ADMIN },
  { route: 'GET /api/edit/games/:id/notices', expect: ADMIN },
  { route: 'POST /api/edit/games/:id/notices', expect: ADMIN },
  { route: 'PUT /api/edit/games/:id/notices/:noticeId', expect: ADMIN },
  { route: 'DELETE /api/edit/games/:id/notices/:noticeId', expect: ADMIN },
  { route: 'GET /api/edit/games/:id/challenges', expect: ADMIN },
  { route: 'POST /api/edit/games/:id/challenges', expect: ADMIN },
  { route: 'POST /api/edit/games/:id/challenges/updateaccepted', expect: ADMIN },
  { route: 'GET /api/edit/games/:id/challenges/:cId', expect: ADMIN },
  { route: 'PUT /api/edit/games/:id/challenges/:cId', expect: ADMIN },
  { route: 'DELETE /api/edit/games/:id/challenges/:cId', expect: ADMIN },
  { route: 'POST /api/edit/games/:id/challenges/:cId/attachment', expect: ADMIN },
  { route: 'POST /api/edit/games/:id/challenges/:cId/flags', expect: ADMIN },
  { route: 'DELETE /api/edit/games/:id/challenges/:cId/flags/:fId', expect: ADMIN },
  { route: 'POST /api/edit/games/:id/challenges/:cId/container', expect: ADMIN },
  { route: 'DELETE /api/edit/games/:id/challenges/:cId/container', expect: ADMIN },
  { route: 'GET /api/edit/games/:id/challenges/:cId/container/services', expect: ADMIN },
  { route: 'GET /api/edit/games/:id/challenges/:cId/health', expect: ADMIN },
  { route: 'PUT /api/edit/games/:id/challenges/:cId/health', expect: ADMIN },
  { route: 'DELETE /api/edit/games/:id/challenges/:cId/health', expect: ADMIN },
  { route: 'POST /api/edit/games/:id/challenges/:cId/health/run', expect: ADMIN },
  { route: 'DELETE /api/edit/games/:id/writeups', expect: ADMIN },
  { route: 'POST /api/edit/games/:id/scoreboard/flush', expect: ADMIN },
  { route: 'POST /api/edit/games/:id/scoreboard/reveal', expect: ADMIN },
  { route: 'GET /api/edit/games/:id/readiness', expect: ADMIN },
  { route: 'GET /api/edit/games/:id/divisions', expect: ADMIN },
  { route: 'POST /api/edit/games/:id/divisions', expect: ADMIN },
  { route: 'PUT /api/edit/games/:id/divisions/:divisionId', expect: ADMIN },
  { route: 'DELETE /api/edit/games/:id/divisions/:divisionId', expect: ADMIN },
  { route: 'GET /api/edit/games/:id/phases', expect: ADMIN },
  { route: 'POST /api/edit/games/:id/phases', expect: ADMIN },
  { route: 'PUT /api/edit/games/:id/phases/:phaseId', expect: ADMIN },
  { route: 'DELETE /api/edit/games/:id/phases/:phaseId', expect: ADMIN },
  { route: 'GET /api/edit/games/:id/challenges/:cId/hints', expect: ADMIN },
  { route: 'POST /api/edit/games/:id/challenges/:cId/hints', expect: ADMIN },
  { route: 'DELETE /api/edit/games/:id/challenges/:cId/hints/:hintId', expect: ADMIN },
  { route: 'GET /api/edit/games/:id/awards', expect: ADMIN },
  { route: 'POST /api/edit/games/:id/awards', expect: ADMIN },
  { route: 'DELETE /api/edit/games/:id/awards/:awardId', expect: ADMIN },
  { route: 'GET /api/edit/games/:id/awards/pending', expect: ADMIN },
  { route: 'DELETE /api/edit/games/:id/awards/pending/:pendingId', expect: ADMIN },
  { route: 'POST /api/edit/posts', expect: ADMIN },
  { route: 'PUT /api/edit/posts/:id', expect: ADMIN },
  { route: 'DELETE /api/edit/posts/:id', expect: ADMIN },

  // ---- API tokens -----------------------------------------------------------------------------------
  { route: 'GET /api/tokens', expect: ADMIN },
  { route: 'POST /api/tokens', expect: ADMIN },
  { route: 'DELETE /api/tokens/:id', expect: ADMIN },
  { route: 'POST /api/tokens/:id/restore', expect: ADMIN },

  // ---- Games: entry, play, monitoring ---------------------------------------------------------------
  { route: 'GET /api/game', expect: PUBLIC },
  { route: 'GET /api/game/recent', expect: PUBLIC },
  { route: 'GET /api/game/:id', expect: PUBLIC, url: game },
  { route: 'POST /api/game/:id', expect: USER },
  { route: 'DELETE /api/game/:id', expect: USER },
  { route: 'PUT /api/game/:id/roster', expect: USER, url: (f) => `${game(f)}/roster` },
  { route: 'GET /api/game/:id/participations', expect: ADMIN, url: (f) => `${game(f)}/participations` },
  { route: 'GET /api/game/:id/check', expect: USER, url: (f) => `${game(f)}/check` },
  // Players read their board; Admins and Monitors without a team read it as a preview.
  { route: 'GET /api/game/:id/details', expect: USER, url: (f) => `${game(f)}/details` },
  {
    route: 'GET /api/game/:id/challenges/:challengeId',
    expect: USER,
    url: (f) => `${game(f)}/challenges/${f.challengeId}`,
  },
  {
    route: 'POST /api/game/:id/challenges/:challengeId',
    expect: PLAYER,
    url: (f) => `${game(f)}/challenges/${f.challengeId}`,
    body: () => ({ flag: 'flag{access-table}' }),
  },
  // Locked hints: the players of the game only (organisers preview nothing: a hint list is a team's).
  {
    route: 'GET /api/game/:id/challenges/:challengeId/hints',
    expect: PLAYER,
    url: (f) => `${game(f)}/challenges/${f.challengeId}/hints`,
  },
  {
    route: 'POST /api/game/:id/challenges/:challengeId/hints/:hintId/unlock',
    expect: PLAYER,
    url: (f) => `${game(f)}/challenges/${f.challengeId}/hints/999999/unlock`,
  },
  // A submission is visible to its own team only.
  {
    route: 'GET /api/game/:id/challenges/:challengeId/status/:submitId',
    expect: TEAM_ONLY,
    url: (f) => `${game(f)}/challenges/${f.challengeId}/status/${f.submissionId}`,
  },
  // Container instances of the caller's team (the access test runs without an engine: players get a 400).
  {
    route: 'POST /api/game/:id/container/:challengeId',
    expect: PLAYER,
    url: (f) => `${game(f)}/container/${f.challengeId}`,
  },
  {
    route: 'DELETE /api/game/:id/container/:challengeId',
    expect: PLAYER,
    url: (f) => `${game(f)}/container/${f.challengeId}`,
  },
  {
    route: 'POST /api/game/:id/container/:challengeId/extend',
    expect: PLAYER,
    url: (f) => `${game(f)}/container/${f.challengeId}/extend`,
  },
  { route: 'GET /api/game/:id/scoreboard', expect: PUBLIC, url: (f) => `${game(f)}/scoreboard` },
  { route: 'GET /api/game/:id/ctftime', expect: PUBLIC, url: (f) => `${game(f)}/ctftime` },
  { route: 'GET /api/game/:id/notices', expect: PUBLIC, url: (f) => `${game(f)}/notices` },
  { route: 'GET /api/game/:id/events', expect: MONITOR, url: (f) => `${game(f)}/events` },
  { route: 'GET /api/game/:id/health', expect: MONITOR, url: (f) => `${game(f)}/health` },
  { route: 'GET /api/game/:id/submissions', expect: MONITOR, url: (f) => `${game(f)}/submissions` },
  { route: 'GET /api/game/:id/cheatinfo', expect: MONITOR, url: (f) => `${game(f)}/cheatinfo` },
  { route: 'GET /api/game/:id/dashboard', expect: MONITOR, url: (f) => `${game(f)}/dashboard` },
  { route: 'GET /api/game/:id/scoreboardsheet', expect: MONITOR, url: (f) => `${game(f)}/scoreboardsheet` },
  { route: 'GET /api/game/:id/submissionsheet', expect: MONITOR, url: (f) => `${game(f)}/submissionsheet` },
  { route: 'GET /api/game/:id/evidence', expect: MONITOR, url: (f) => `${game(f)}/evidence` },
  { route: 'POST /api/game/:id/evidence/refresh', expect: MONITOR, url: (f) => `${game(f)}/evidence/refresh` },
  {
    route: 'PUT /api/game/:id/evidence/:key/dismissed',
    expect: MONITOR,
    url: (f) => `${game(f)}/evidence/999999-999998/dismissed`,
    body: () => ({ dismissed: true }),
  },
  { route: 'GET /api/game/:id/evidence/export', expect: MONITOR, url: (f) => `${game(f)}/evidence/export` },
  { route: 'GET /api/game/:id/evidencesheet', expect: MONITOR, url: (f) => `${game(f)}/evidencesheet` },
  // Writeups belong to a team of the game; the fixture game collects none, so players get a 400.
  { route: 'GET /api/game/:id/writeup', expect: PLAYER, url: (f) => `${game(f)}/writeup` },
  { route: 'POST /api/game/:id/writeup', expect: PLAYER, url: (f) => `${game(f)}/writeup` },
  // Anyone may open the live channel; what it carries depends on the role (tested in game-live).
  { route: 'GET /api/game/:id/live', expect: PUBLIC, url: (f) => `${game(f)}/live` },

  // ---- Live hubs (SignalR) -------------------------------------------------------------------------------
  // Anyone may negotiate and connect: each hub admits or refuses the caller after the handshake, with a close
  // message (tested in live-hubs). A plain GET is 426; a send names its connection by `id`.
  ...['user', 'monitor', 'admin'].flatMap((hub): AccessRow[] => [
    { route: `POST /hub/${hub}/negotiate`, expect: PUBLIC },
    { route: `GET /hub/${hub}`, expect: PUBLIC, url: (f) => `/hub/${hub}?game=${f.gameId}` },
    { route: `POST /hub/${hub}`, expect: PUBLIC, url: () => `/hub/${hub}?id=access-table` },
  ]),

  // ---- Platform proxy and traffic captures ----------------------------------------------------------
  // The instance GUID is the capability: anyone may try; an unknown one is a plain 404.
  { route: 'GET /api/proxy/:id', expect: PUBLIC },
  { route: 'GET /api/proxy/noinst/:id', expect: PUBLIC },
  { route: 'GET /api/game/games/:id/captures', expect: MONITOR, url: (f) => `/api/game/games/${f.gameId}/captures` },
  { route: 'GET /api/game/captures/:challengeId', expect: MONITOR },
  { route: 'GET /api/game/captures/:challengeId/:partId', expect: MONITOR },
  { route: 'GET /api/game/captures/:challengeId/:partId/all', expect: MONITOR },
  { route: 'DELETE /api/game/captures/:challengeId/:partId/all', expect: MONITOR },
  { route: 'GET /api/game/captures/:challengeId/:partId/:filename', expect: MONITOR },
  { route: 'DELETE /api/game/captures/:challengeId/:partId/:filename', expect: MONITOR },

  // ---- Admin area -----------------------------------------------------------------------------------
  { route: 'GET /api/admin/users', expect: ADMIN },
  { route: 'POST /api/admin/users', expect: ADMIN },
  { route: 'POST /api/admin/users/search', expect: ADMIN, url: () => '/api/admin/users/search?hint=acl' },
  { route: 'GET /api/admin/users/:userid', expect: ADMIN, url: (f) => `/api/admin/users/${f.userId}` },
  { route: 'PUT /api/admin/users/:userid', expect: ADMIN, url: (f) => `/api/admin/users/${f.userId}` },
  { route: 'DELETE /api/admin/users/:userid', expect: ADMIN },
  { route: 'DELETE /api/admin/users/:userid/password', expect: ADMIN },
  { route: 'GET /api/admin/teams', expect: ADMIN },
  { route: 'POST /api/admin/teams/search', expect: ADMIN, url: () => '/api/admin/teams/search?hint=acl' },
  { route: 'PUT /api/admin/teams/:id', expect: ADMIN, url: (f) => `/api/admin/teams/${f.teamId}` },
  { route: 'DELETE /api/admin/teams/:id', expect: ADMIN },
  { route: 'POST /api/admin/rehearsals', expect: ADMIN },
  { route: 'DELETE /api/admin/rehearsals/:id', expect: ADMIN },
  { route: 'GET /api/admin/webhooks', expect: ADMIN },
  { route: 'POST /api/admin/webhooks', expect: ADMIN },
  { route: 'PUT /api/admin/webhooks/:id', expect: ADMIN },
  { route: 'DELETE /api/admin/webhooks/:id', expect: ADMIN },
  { route: 'POST /api/admin/webhooks/:id/test', expect: ADMIN },
  { route: 'GET /api/admin/webhooks/:id/deliveries', expect: ADMIN },
  { route: 'GET /api/admin/webhooks/:id/deliveries/:deliveryId/attempts', expect: ADMIN },
  { route: 'POST /api/admin/webhooks/:id/deliveries/:deliveryId/retry', expect: ADMIN },
  { route: 'GET /api/admin/instances', expect: ADMIN },
  { route: 'DELETE /api/admin/instances/:id', expect: ADMIN },
  { route: 'GET /api/admin/config', expect: ADMIN },
  { route: 'PUT /api/admin/config', expect: ADMIN },
  { route: 'POST /api/admin/config/logo', expect: ADMIN },
  { route: 'DELETE /api/admin/config/logo', expect: ADMIN },
  { route: 'GET /api/admin/files', expect: ADMIN },
  { route: 'GET /api/admin/logs', expect: ADMIN },
  { route: 'GET /api/admin/logs/live', expect: ADMIN },
  { route: 'GET /api/admin/writeups/:id', expect: ADMIN },
  { route: 'GET /api/admin/writeups/:id/all', expect: ADMIN },
  {
    route: 'PUT /api/admin/participation/:id',
    expect: ADMIN,
    url: (f) => `/api/admin/participation/${f.participationId}`,
    body: () => ({ status: 'Accepted' }),
  },
];
