import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { generateGameKeyPair } from '../../../apps/server/src/lib/team-token';

/*
 * Games, teams and signed-in players written straight into the database of the fault suite, so that
 * setting up dozens of players costs no password hashing and no rate limit.
 */

/** A player's credentials as a browser holds them: session and XSRF cookies, and the XSRF header. */
export interface Player {
  name: string;
  teamName: string;
  participationId: number;
  headers: Record<string, string>;
}

const HOUR = 3_600_000;

export async function createGame(db: pg.Pool, title: string): Promise<number> {
  const keys = generateGameKeyPair();
  const now = Date.now();
  const { rows } = await db.query<{ id: number }>(
    `insert into games (title, start_at, end_at, writeup_deadline, practice_mode, public_key, private_key)
     values ($1, $2, $3, $3, false, $4, $5) returning id`,
    [title, new Date(now - HOUR), new Date(now + 24 * HOUR), keys.publicKey, keys.privateKey],
  );
  return (rows[0] as { id: number }).id;
}

/** An enabled static challenge with one flag; `limit` submissions per team (0: no limit). */
export async function createChallenge(db: pg.Pool, gameId: number, title: string, flag: string, limit = 0) {
  const { rows } = await db.query<{ id: number }>(
    `insert into challenges (game_id, title, category, type, is_enabled, submission_limit)
     values ($1, $2, 'Misc', 'StaticAttachment', true, $3) returning id`,
    [gameId, title, limit],
  );
  const id = (rows[0] as { id: number }).id;
  await db.query('insert into flags (challenge_id, flag) values ($1, $2)', [id, flag]);
  return id;
}

/** A user signed in with a session of their own: their id and the headers a browser would send. */
export async function createUser(db: pg.Pool, name: string, role: 'User' | 'Admin' = 'User') {
  const token = randomBytes(32).toString('base64url');
  const xsrf = randomBytes(16).toString('hex');
  const user = await db.query<{ id: string }>(
    `insert into users (user_name, email, email_confirmed, password_hash, role)
     values ($1, $2, true, 'not-a-hash', $3) returning id`,
    [name, `${name}@faults.example`, role],
  );
  const userId = (user.rows[0] as { id: string }).id;
  await db.query(`insert into sessions (token_hash, user_id, expires_at) values ($1, $2, now() + interval '6 days')`, [
    createHash('sha256').update(token).digest('hex'),
    userId,
  ]);
  const headers = { cookie: `flagpole_session=${token}; XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
  return { userId, headers };
}

/** `count` players, each alone in an Accepted team of the game, signed in with a session of their own. */
export async function createPlayers(db: pg.Pool, gameId: number, prefix: string, count: number): Promise<Player[]> {
  const players: Player[] = [];
  for (let i = 0; i < count; i++) {
    const name = `${prefix}${i}`;
    const { userId, headers } = await createUser(db, name);
    const teamName = `T-${name}`.slice(0, 20);
    const team = await db.query<{ id: number }>(
      'insert into teams (name, invite_token, captain_id) values ($1, $2, $3) returning id',
      [teamName, randomBytes(16).toString('hex'), userId],
    );
    const teamId = (team.rows[0] as { id: number }).id;
    await db.query('insert into team_members (team_id, user_id) values ($1, $2)', [teamId, userId]);
    const participation = await db.query<{ id: number }>(
      `insert into participations (game_id, team_id, status) values ($1, $2, 'Accepted') returning id`,
      [gameId, teamId],
    );
    const participationId = (participation.rows[0] as { id: number }).id;
    await db.query('insert into participation_members (participation_id, game_id, user_id) values ($1, $2, $3)', [
      participationId,
      gameId,
      userId,
    ]);
    players.push({ name, teamName, participationId, headers });
  }
  return players;
}

/** A dynamic challenge: each player's team gets a flag of its own (`flag{<team>}`), returned by team name. */
export async function createDynamicChallenge(db: pg.Pool, gameId: number, title: string, players: readonly Player[]) {
  const { rows } = await db.query<{ id: number }>(
    `insert into challenges (game_id, title, category, type, is_enabled)
     values ($1, $2, 'Misc', 'DynamicAttachment', true) returning id`,
    [gameId, title],
  );
  const id = (rows[0] as { id: number }).id;
  const flags = new Map<string, string>();
  for (const player of players) {
    const flag = `flag{${title}-${player.name}}`;
    await db.query('insert into flags (challenge_id, participation_id, flag) values ($1, $2, $3)', [
      id,
      player.participationId,
      flag,
    ]);
    flags.set(player.name, flag);
  }
  return { id, flags };
}

/** Verdicts of these submissions by id (FlagSubmitted while unjudged), with when each was given. */
export async function verdicts(db: pg.Pool, ids: readonly number[]) {
  const { rows } = await db.query<{ id: string; status: string; checked_at: Date | null }>(
    'select id, status, checked_at from submissions where id = any($1::bigint[])',
    [ids.map(String)],
  );
  return new Map(rows.map((r) => [Number(r.id), { status: r.status, checkedAt: r.checked_at?.getTime() ?? null }]));
}

/** Solved challenges per team of the game, from the solves table (the truth every board must show). */
export async function solvedCounts(db: pg.Pool, gameId: number): Promise<Map<string, number>> {
  const { rows } = await db.query<{ name: string; n: number }>(
    `select t.name, count(*)::int as n from solves s
     join participations p on p.id = s.participation_id join teams t on t.id = p.team_id
     where s.game_id = $1 group by t.name`,
    [gameId],
  );
  return new Map(rows.map((r) => [r.name, r.n]));
}
