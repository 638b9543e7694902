import { randomBytes } from 'node:crypto';
import pg from 'pg';

/*
 * A game with thousands of teams, written straight into a PostgreSQL database the server under test uses:
 * registering thousands of players through the API would take minutes. For the e2e tests the game itself (and
 * its settings) is created through the API first; this adds enabled challenges, one-member teams with accepted
 * entries and their solves, set-wise in one transaction. Team n is named `Team n` (plus a word, so names differ in more than the
 * number); stronger teams (low n) solve more. The server builds the board from these rows the next time the game's
 * board is invalidated (a team joining through the API does it).
 */

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const WORDS = ['Falcons', 'Owls', 'Otters', 'Foxes', 'Wolves', 'Herons', 'Lynxes', 'Ravens'];

/** A fresh database on the local PostgreSQL server, dropped by `drop`. */
export async function createBoardDatabase(prefix = 'flagpole_e2e_board') {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop(): Promise<void> {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** The name of the n-th seeded team (1-based). */
export function bigBoardTeamName(n: number): string {
  return `Team ${n} ${WORDS[n % WORDS.length]}`;
}

export interface BigBoard {
  teams: number;
  challenges: number;
  solves: number;
}

/** How a big board is seeded beyond its size; the defaults are the e2e game's. */
export interface BigBoardOptions extends BigBoard {
  /** Player n is user `${userPrefix}${n}` (so several boards can share a database). */
  userPrefix?: string;
  /** The password hash every player gets ('unused': nobody signs in). */
  passwordHash?: string;
  /** Team n is named `Team n` plus a word (`bigBoardTeamName`), or just `Team n`. */
  wordedNames?: boolean;
  /** Solve times fall within this many milliseconds after `start`. */
  solveSpanMs?: number;
  /** Challenge n has no blood bonus when n is a multiple of this (0: every challenge has one). */
  noBloodEvery?: number;
  /** Odd-numbered challenges decay slowly (difficulty 2000 + 40n, so a solve re-prices ~2,000 solvers). */
  slowDecay?: boolean;
  /** Each challenge gets the flag `flag{live-<challenge id>}`. */
  flags?: boolean;
}

/**
 * Adds the board to game `gameId` (which exists) inside the caller's transaction, set-wise: enabled challenges,
 * one-member teams with accepted entries, and solves spread over the game with stronger teams (low n) solving
 * more (team n solves challenge c when a hash of the pair falls under a share that shrinks with n), trimmed to
 * exactly `solves` rows. The e2e tests and the bench scenarios (scoreboard-live, scoreboard-rebuild) share it.
 */
export async function insertBigBoard(
  client: pg.Client,
  gameId: number,
  start: Date,
  options: BigBoardOptions,
): Promise<void> {
  const prefix = options.userPrefix ?? 'bb';
  const like = `${prefix}%`;
  const from = prefix.length + 1;
  await client.query(
    `insert into challenges (game_id, title, category, type, is_enabled, original_score, disable_blood_bonus, difficulty)
     select $1, 'Challenge ' || n, (array['Web','Pwn','Crypto','Misc','Reverse','Forensics'])[1 + n % 6],
            'StaticAttachment', true, 1000, $3 > 0 and n % greatest($3, 1) = 0,
            case when $4 and n % 2 = 1 then 2000 + 40 * n else 5 end
     from generate_series(1, $2) n`,
    [gameId, options.challenges, options.noBloodEvery ?? 0, options.slowDecay ?? false],
  );
  if (options.flags) {
    await client.query(
      `insert into flags (challenge_id, flag) select id, 'flag{live-' || id || '}' from challenges where game_id = $1`,
      [gameId],
    );
  }
  await client.query(
    `insert into users (user_name, email, email_confirmed, password_hash)
     select $2 || n, $2 || n || '@board.invalid', true, $3 from generate_series(1, $1) n`,
    [options.teams, prefix, options.passwordHash ?? 'unused'],
  );
  await client.query(
    `insert into teams (name, invite_token, captain_id)
     select 'Team ' || substr(u.user_name, $2) ||
              case when $3 then ' ' || ($4::text[])[1 + substr(u.user_name, $2)::int % $5] else '' end,
            md5(u.user_name), u.id
     from users u where u.user_name like $1`,
    [like, from, options.wordedNames ?? true, WORDS, WORDS.length],
  );
  await client.query(
    `insert into team_members (team_id, user_id)
     select t.id, t.captain_id from teams t join users u on u.id = t.captain_id where u.user_name like $1`,
    [like],
  );
  await client.query(
    `insert into participations (game_id, team_id, status)
     select $1, t.id, 'Accepted' from teams t join users u on u.id = t.captain_id
     where u.user_name like $2 order by substr(u.user_name, $3)::int`,
    [gameId, like, from],
  );
  await client.query(
    `insert into participation_members (participation_id, game_id, user_id)
     select p.id, p.game_id, t.captain_id from participations p join teams t on t.id = p.team_id
     where p.game_id = $1`,
    [gameId],
  );
  // Candidate pairs ordered by a pseudo-random key weighted towards strong (low-numbered) teams.
  await client.query(
    `create temporary table pairs on commit drop as
     select p.id as participation_id, c.id as challenge_id,
            $2::timestamptz + (abs(hashint8(p.id * 1000 + c.id)) % $4) * interval '1 millisecond' as solved_at
     from participations p cross join challenges c
     where p.game_id = $1 and c.game_id = $1
     order by (abs(hashint4(p.id * 7919 + c.id)) % 1000) * (1 + (p.id - (select min(id) from participations)) / 1000.0)
     limit $3`,
    [gameId, start, options.solves, options.solveSpanMs ?? 3_000_000],
  );
  await client.query(
    `insert into submissions (game_id, challenge_id, participation_id, answer, status, submitted_at, checked_at)
     select $1, challenge_id, participation_id, 'flag{board}', 'Accepted', solved_at, solved_at from pairs`,
    [gameId],
  );
  await client.query(
    `insert into solves (participation_id, challenge_id, game_id, submission_id, solved_at)
     select s.participation_id, s.challenge_id, s.game_id, s.id, s.submitted_at from submissions s
     where s.game_id = $1`,
    [gameId],
  );
}

/** Seeds the e2e board into game `gameId` (created through the API) of the database at `url`. */
export async function seedBigBoard(url: string, gameId: number, size: BigBoard): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const game = await client.query<{ start_at: Date }>('select start_at from games where id = $1', [gameId]);
  const start = game.rows[0]?.start_at ?? new Date();
  try {
    await client.query('begin');
    await insertBigBoard(client, gameId, start, size);
    await client.query('commit');
    await client.query('analyze');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
