/**
 * "Nothing lost" at the end of a soak run: every submission the server acknowledged (answered 200 with its id) is a
 * row of the submissions table, none is left unjudged, and the verdicts the players were told match the stored
 * ones and the solves. The acknowledged ids go into a temporary table in chunks and are joined against the rows.
 */
import pg from 'pg';
import { databaseUrl } from './bench-database';
import type { SoakTraffic } from './soak-traffic';

export interface LostCheck {
  acknowledged: number;
  /** Acknowledged ids with no row. */
  missing: number;
  /** Rows of the game's submissions (acknowledged ones, and any sent whose answer never arrived). */
  stored: number;
  /** Rows still waiting for a verdict after the run. */
  unjudged: number;
  /** Stored verdicts of the game, by status. */
  storedVerdicts: Record<string, number>;
  /** Accepted verdicts the players were told, and solves stored. */
  acceptedTold: number;
  solves: number;
}

export async function checkNothingLost(dbName: string, gameId: number, traffic: SoakTraffic): Promise<LostCheck> {
  // The last verdicts may still be being written: wait until nothing is pending, at most 30 s.
  const db = new pg.Client({ connectionString: databaseUrl(dbName) });
  await db.connect();
  try {
    for (let waited = 0; waited < 30; waited++) {
      const pending = await db.query<{ n: string }>(
        `select count(*) as n from submissions where game_id = $1 and status = 'FlagSubmitted'`,
        [gameId],
      );
      if (Number(pending.rows[0]?.n ?? 0) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    await db.query('create temporary table soak_acknowledged (id bigint primary key)');
    const ids = traffic.acknowledgedIds;
    for (let from = 0; from < ids.length; from += 50_000) {
      await db.query('insert into soak_acknowledged select unnest($1::bigint[]) on conflict do nothing', [
        ids.slice(from, from + 50_000),
      ]);
    }
    const missing = await db.query<{ n: string }>(
      'select count(*) as n from soak_acknowledged a left join submissions s using (id) where s.id is null',
    );
    const verdicts = await db.query<{ status: string; n: string }>(
      'select status, count(*) as n from submissions where game_id = $1 group by status',
      [gameId],
    );
    const solves = await db.query<{ n: string }>('select count(*) as n from solves where game_id = $1', [gameId]);
    const storedVerdicts = Object.fromEntries(verdicts.rows.map((row) => [row.status, Number(row.n)]));
    return {
      acknowledged: ids.length,
      missing: Number(missing.rows[0]?.n ?? 0),
      stored: Object.values(storedVerdicts).reduce((sum, n) => sum + n, 0),
      unjudged: storedVerdicts.FlagSubmitted ?? 0,
      storedVerdicts,
      acceptedTold: traffic.counts.verdicts.get('Accepted') ?? 0,
      solves: Number(solves.rows[0]?.n ?? 0),
    };
  } finally {
    await db.end();
  }
}
