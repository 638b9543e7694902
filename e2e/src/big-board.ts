import { randomBytes } from 'node:crypto';
import pg from 'pg';

/*
 * A game with thousands of teams, written straight into a PostgreSQL database the server under test uses:
 * registering thousands of players through the API would take minutes. The game itself (and its settings) is
 * created through the API first; this adds enabled challenges, one-member teams with accepted entries and their
 * solves, set-wise in one transaction. Team n is named `Team n` (plus a word, so names differ in more than the
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

export async function seedBigBoard(url: string, gameId: number, size: BigBoard): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const game = await client.query<{ start_at: Date }>('select start_at from games where id = $1', [gameId]);
  const start = game.rows[0]?.start_at ?? new Date();
  try {
    await client.query('begin');
    await client.query(
      `insert into challenges (game_id, title, category, type, is_enabled, original_score, disable_blood_bonus)
       select $1, 'Challenge ' || n, (array['Web','Pwn','Crypto','Misc','Reverse','Forensics'])[1 + n % 6],
              'StaticAttachment', true, 1000, false
       from generate_series(1, $2) n`,
      [gameId, size.challenges],
    );
    await client.query(
      `insert into users (user_name, email, email_confirmed, password_hash)
       select 'bb' || n, 'bb' || n || '@board.invalid', true, 'unused' from generate_series(1, $1) n`,
      [size.teams],
    );
    await client.query(
      `insert into teams (name, invite_token, captain_id)
       select 'Team ' || substr(u.user_name, 3) || ' ' || ($1::text[])[1 + substr(u.user_name, 3)::int % $2],
              md5(u.user_name), u.id
       from users u where u.user_name like 'bb%'`,
      [WORDS, WORDS.length],
    );
    await client.query(
      `insert into team_members (team_id, user_id)
       select t.id, t.captain_id from teams t join users u on u.id = t.captain_id where u.user_name like 'bb%'`,
    );
    await client.query(
      `insert into participations (game_id, team_id, status)
       select $1, t.id, 'Accepted' from teams t join users u on u.id = t.captain_id
       where u.user_name like 'bb%' order by substr(u.user_name, 3)::int`,
      [gameId],
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
              $2::timestamptz + (abs(hashint8(p.id * 1000 + c.id)) % 3000000) * interval '1 millisecond' as solved_at
       from participations p cross join challenges c
       where p.game_id = $1 and c.game_id = $1
       order by (abs(hashint4(p.id * 7919 + c.id)) % 1000) * (1 + (p.id - (select min(id) from participations)) / 1000.0)
       limit $3`,
      [gameId, start, size.solves],
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
    await client.query('commit');
    await client.query('analyze');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
