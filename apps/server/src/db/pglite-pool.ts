import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/**
 * Presents an embedded PGlite database as a one-connection pool for Kysely's Postgres dialect.
 * PGlite runs one session, so a checkout holds it until release; waiters queue in order.
 */
export class PGlitePool implements PostgresPool {
  private queue: Array<() => void> = [];
  private busy = false;

  constructor(private readonly pg: PGlite) {}

  async connect(): Promise<PostgresPoolClient> {
    if (this.busy) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.busy = true;
    const pg = this.pg;
    let released = false;
    return {
      query: async <R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> => {
        const result = await pg.query<R>(sql, parameters as unknown[]);
        const command = sql.trimStart().split(/\s/, 1)[0]?.toUpperCase() ?? 'SELECT';
        return {
          command: command as PostgresQueryResult<R>['command'],
          rowCount: result.affectedRows ?? result.rows.length,
          rows: result.rows,
        };
      },
      release: () => {
        if (released) return;
        released = true;
        const next = this.queue.shift();
        if (next) next();
        else this.busy = false;
      },
    } as PostgresPoolClient;
  }

  async end(): Promise<void> {
    await this.pg.close();
  }
}
