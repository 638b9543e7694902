/**
 * The game-load scenario's game: 500 teams, 50 challenges and about 6,500 solves written straight into the local
 * PostgreSQL server (bulk data bypasses the API; the measured operations go through it). Deterministic, so every
 * run seeds the same game.
 */
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { databaseUrl } from './bench-database';

export const TEAMS = 500;
export const CHALLENGES = 50;
const TARGET_SOLVES = 6_500;
export const PASSWORD = 'Bench-pass1';

/** Deterministic pseudo-random numbers so every run seeds the same game. */
function mulberry32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface Seeded {
  gameId: number;
  challengeIds: number[];
  /** Per team: user name and the challenges it has not solved yet. */
  teams: Array<{ userName: string; unsolved: number[] }>;
  solves: number;
}

export async function seed(dbName: string): Promise<Seeded> {
  const db = new pg.Client({ connectionString: databaseUrl(dbName) });
  await db.connect();
  const random = mulberry32(0x5eed);
  const passwordHash = await hash(PASSWORD, { algorithm: 2 });
  const now = Date.now();
  const start = new Date(now - 6 * 3_600_000);
  const end = new Date(now + 24 * 3_600_000);
  await db.query('begin');
  const game = await db.query<{ id: number }>(
    `insert into games (title, start_at, end_at, writeup_deadline, public_key, private_key, practice_mode)
     values ('Bench game', $1, $2, $2, 'unused', 'unused', false) returning id`,
    [start, end],
  );
  const gameId = game.rows[0]?.id ?? 0;
  const challenges = await db.query<{ id: number }>(
    `insert into challenges (game_id, title, category, type, is_enabled, original_score)
     select $1, 'Challenge ' || n, (array['Web','Pwn','Crypto','Misc','Reverse'])[1 + n % 5], 'StaticAttachment', true, 500
     from generate_series(1, $2) n returning id`,
    [gameId, CHALLENGES],
  );
  const challengeIds = challenges.rows.map((row) => row.id);
  await db.query(
    `insert into flags (challenge_id, flag) select id, 'flag{bench-' || id || '}' from unnest($1::int[]) id`,
    [challengeIds],
  );
  const users = await db.query<{ id: string; user_name: string }>(
    `insert into users (user_name, email, email_confirmed, password_hash)
     select 'bench' || n, 'bench' || n || '@bench.invalid', true, $1 from generate_series(1, $2) n
     returning id, user_name`,
    [passwordHash, TEAMS],
  );
  const teams: Seeded['teams'] = [];
  const solveRows: Array<[number, number, Date]> = [];
  for (const [index, user] of users.rows.entries()) {
    const team = await db.query<{ id: number }>(
      `insert into teams (name, invite_token, captain_id) values ($1, md5(random()::text), $2) returning id`,
      [`Team ${index + 1}`, user.id],
    );
    const teamId = team.rows[0]?.id ?? 0;
    await db.query('insert into team_members (team_id, user_id) values ($1, $2)', [teamId, user.id]);
    const participation = await db.query<{ id: number }>(
      `insert into participations (game_id, team_id, status) values ($1, $2, 'Accepted') returning id`,
      [gameId, teamId],
    );
    const participationId = participation.rows[0]?.id ?? 0;
    await db.query('insert into participation_members (participation_id, game_id, user_id) values ($1, $2, $3)', [
      participationId,
      gameId,
      user.id,
    ]);
    // Stronger teams solve more: a skewed share of the target solve count.
    const share = Math.min(CHALLENGES, Math.round((TARGET_SOLVES / TEAMS) * 2 * (1 - index / TEAMS) + random()));
    const order = [...challengeIds].sort(() => random() - 0.5);
    for (const challengeId of order.slice(0, share)) {
      solveRows.push([participationId, challengeId, new Date(start.getTime() + random() * (now - start.getTime()))]);
    }
    teams.push({ userName: user.user_name, unsolved: order.slice(share) });
  }
  solveRows.sort((a, b) => a[2].getTime() - b[2].getTime());
  for (const [participationId, challengeId, at] of solveRows) {
    const submission = await db.query<{ id: string }>(
      `insert into submissions (game_id, challenge_id, participation_id, answer, status, submitted_at, checked_at)
       values ($1, $2, $3, $4, 'Accepted', $5, $5) returning id`,
      [gameId, challengeId, participationId, `flag{bench-${challengeId}}`, at],
    );
    await db.query(
      'insert into solves (participation_id, challenge_id, game_id, submission_id, solved_at) values ($1, $2, $3, $4, $5)',
      [participationId, challengeId, gameId, submission.rows[0]?.id, at],
    );
  }
  await db.query('commit');
  await db.end();
  return { gameId, challengeIds, teams, solves: solveRows.length };
}
