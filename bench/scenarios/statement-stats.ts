import pg from 'pg';
import { databaseUrl } from './bench-database';

/**
 * PostgreSQL's own statement statistics of a phase (`--statements`): needs a server started with
 * `shared_preload_libraries = 'pg_stat_statements'` (bench/README.md, "Statement statistics"). Counts per
 * submission do not depend on the machine's load, so they show what a code change added to the database's work
 * even on a busy machine; the times beside them do depend on it.
 */
export interface StatementLine {
  query: string;
  callsPerSubmission: number;
  rowsPerCall: number;
  meanMs: number;
  /** Share of the phase's total execution time. */
  share: number;
}

export interface StatementSummary {
  statementsPerSubmission: number;
  execUsPerSubmission: number;
  /** Block writes (WAL is written by commits): buffers dirtied per submission. */
  dirtiedPerSubmission: number;
  lines: StatementLine[];
}

export async function openStatementStats(database: string) {
  const client = new pg.Client({ connectionString: databaseUrl(database) });
  await client.connect();
  await client.query('create extension if not exists pg_stat_statements');
  return {
    /** Forgets everything counted so far: the phase's own statements are what the summary reads. */
    async reset(): Promise<void> {
      await client.query('select pg_stat_statements_reset()');
    },
    async summary(submissions: number): Promise<StatementSummary> {
      const { rows } = await client.query<{
        query: string;
        calls: string;
        rows: string;
        total: number;
        mean: number;
        dirtied: string;
      }>(
        `select query, calls, rows, total_exec_time as total, mean_exec_time as mean,
                shared_blks_dirtied as dirtied
           from pg_stat_statements
          where dbid = (select oid from pg_database where datname = current_database())
            and query not like '%pg_stat_statements%'
          order by total_exec_time desc`,
      );
      const per = Math.max(1, submissions);
      const totalMs = rows.reduce((sum, row) => sum + row.total, 0);
      const lines = rows.slice(0, 12).map((row) => ({
        query: row.query.replace(/\s+/g, ' ').slice(0, 160),
        callsPerSubmission: Number(row.calls) / per,
        rowsPerCall: Number(row.rows) / Math.max(1, Number(row.calls)),
        meanMs: row.mean,
        share: totalMs === 0 ? 0 : row.total / totalMs,
      }));
      return {
        statementsPerSubmission: rows.reduce((sum, row) => sum + Number(row.calls), 0) / per,
        execUsPerSubmission: (totalMs * 1000) / per,
        dirtiedPerSubmission: rows.reduce((sum, row) => sum + Number(row.dirtied), 0) / per,
        lines,
      };
    },
    close: () => client.end(),
  };
}

/** The summary as lines for the console and the written results. */
export function describeStatements(phase: string, summary: StatementSummary): string {
  const head =
    `${phase}: ${summary.statementsPerSubmission.toFixed(2)} statements, ` +
    `${summary.execUsPerSubmission.toFixed(0)} µs of execution, ` +
    `${summary.dirtiedPerSubmission.toFixed(2)} buffers dirtied per submission`;
  const lines = summary.lines
    .filter((line) => line.share >= 0.005)
    .map(
      (line) =>
        `  ${line.callsPerSubmission.toFixed(4)}/sub  ${line.rowsPerCall.toFixed(1)} rows  ` +
        `${line.meanMs.toFixed(3)} ms  ${(line.share * 100).toFixed(0)}%  ${line.query}`,
    );
  return [head, ...lines].join('\n');
}
