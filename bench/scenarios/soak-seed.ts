/**
 * The soak scenario's event: 2,000 players in 500 teams of four, all accepted into one game of 50 challenges (half
 * of them with decaying scores, so every solve re-prices the board), nothing solved yet: the event starts empty and
 * everything after this goes through the API. Written set-wise into the local PostgreSQL server, with one password
 * hash shared by every account.
 */
import { generateKeyPairSync } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { databaseUrl } from './bench-database';

export const SOAK_PLAYERS = 2_000;
export const SOAK_TEAMS = 500;
export const SOAK_CHALLENGES = 50;
export const SOAK_PASSWORD = 'Soak-pass1';

export interface SoakSeeded {
  gameId: number;
  challengeIds: number[];
  /** Per team (index = team number - 1): its members' user names. */
  teams: string[][];
  /** The container challenge (`containerImage` given), outside `challengeIds`: no flag is submitted for it. */
  containerChallengeId: number | null;
}

export async function seedSoak(
  dbName: string,
  eventHours: number,
  container?: { image: string; port: number },
): Promise<SoakSeeded> {
  const db = new pg.Client({ connectionString: databaseUrl(dbName) });
  await db.connect();
  const passwordHash = await hash(SOAK_PASSWORD, { algorithm: 2 });
  const now = Date.now();
  // A real Ed25519 pair in the server's format (team-token.ts): team details sign each team's token with it.
  const keys = generateKeyPairSync('ed25519');
  const publicKey = Buffer.from(String(keys.publicKey.export({ format: 'jwk' }).x), 'base64url').toString('base64');
  const privateKey = keys.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
  await db.query('begin');
  // Started a minute ago and open well past the real run, so no request meets a closed game.
  const game = await db.query<{ id: number }>(
    `insert into games (title, start_at, end_at, writeup_deadline, public_key, private_key, practice_mode)
     values ('Soak event', $1, $2, $2, $3, $4, false) returning id`,
    [new Date(now - 60_000), new Date(now + (eventHours + 24) * 3_600_000), publicKey, privateKey],
  );
  const gameId = game.rows[0]?.id ?? 0;
  const challenges = await db.query<{ id: number }>(
    `insert into challenges (game_id, title, category, type, is_enabled, original_score, min_score_rate, difficulty)
     select $1, 'Challenge ' || n, (array['Web','Pwn','Crypto','Misc','Reverse'])[1 + n % 5], 'StaticAttachment',
       true, 500, case when n % 2 = 0 then 0.25 else 1 end, 20
     from generate_series(1, $2) n order by n returning id`,
    [gameId, SOAK_CHALLENGES],
  );
  const challengeIds = challenges.rows.map((row) => row.id);
  await db.query(
    `insert into flags (challenge_id, flag) select id, 'flag{soak-' || id || '}' from unnest($1::int[]) id`,
    [challengeIds],
  );
  let containerChallengeId: number | null = null;
  if (container) {
    const row = await db.query<{ id: number }>(
      `insert into challenges (game_id, title, category, type, is_enabled, original_score, min_score_rate, difficulty,
         flag_template, container_image, expose_port)
       values ($1, 'Instance', 'Pwn', 'DynamicContainer', true, 500, 0.25, 20, 'flag{soak-[GUID]}', $2, $3)
       returning id`,
      [gameId, container.image, container.port],
    );
    containerChallengeId = row.rows[0]?.id ?? null;
  }
  await db.query(
    `insert into users (user_name, email, email_confirmed, password_hash)
     select 'soak' || n, 'soak' || n || '@bench.invalid', true, $1 from generate_series(1, $2) n`,
    [passwordHash, SOAK_PLAYERS],
  );
  const perTeam = SOAK_PLAYERS / SOAK_TEAMS;
  // Team t (from 1) has players (t-1)·4+1 … t·4; the first is its captain.
  await db.query(
    `insert into teams (name, invite_token, captain_id)
     select 'Team ' || t, md5(random()::text), u.id
     from generate_series(1, $1) t join users u on u.user_name = 'soak' || ((t - 1) * $2 + 1)`,
    [SOAK_TEAMS, perTeam],
  );
  await db.query(
    `insert into team_members (team_id, user_id)
     select tm.id, u.id from teams tm cross join generate_series(1, $1) k
     join users u on u.user_name = 'soak' || ((substr(tm.name, 6)::int - 1) * $1 + k)`,
    [perTeam],
  );
  await db.query(`insert into participations (game_id, team_id, status) select $1, id, 'Accepted' from teams`, [
    gameId,
  ]);
  await db.query(
    `insert into participation_members (participation_id, game_id, user_id)
     select p.id, p.game_id, m.user_id from participations p join team_members m using (team_id) where p.game_id = $1`,
    [gameId],
  );
  await db.query('commit');
  await db.end();
  const teams = Array.from({ length: SOAK_TEAMS }, (_, team) =>
    Array.from({ length: perTeam }, (_, member) => `soak${team * perTeam + member + 1}`),
  );
  return { gameId, challengeIds, teams, containerChallengeId };
}
