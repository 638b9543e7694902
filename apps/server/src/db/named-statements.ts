import { createHash } from 'node:crypto';

/*
 * Statements PostgreSQL parses and plans once per connection instead of once per run. node-postgres sends a query
 * with values as an unnamed statement: the server parses and plans it every time. For the statements run with
 * every flag submission (the group commit's insert, the status read, the per-process cache lookups) planning cost
 * the server more than running them (pg_stat_statements under the multi-process benchmark: 180–440 µs of planning
 * per call against 100–400 µs of execution). A statement whose text is registered here runs under a name (a
 * prepared statement of its connection): parsed once, then planned as PostgreSQL's plan cache decides (a generic
 * plan once it costs no more than the custom ones).
 *
 * Only the server pool names statements (db/guarded-pool.ts); the embedded database ignores the registry.
 * A text that reads every column of a table (`*`) is never named: its prepared statement would fail with
 * "cached plan must not change result type" once a newer process's migration adds a column during a rolling
 * upgrade, and the connections of the older processes would keep failing until they closed.
 */

const names = new Map<string, string>();

/** Registers `text` to run as a named statement on the server pool; returns whether it will be. */
export function nameStatement(text: string): boolean {
  if (names.has(text)) return true;
  if (readsEveryColumn(text)) return false;
  names.set(text, `fp_${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`);
  return true;
}

/** The name `text` runs under, if it was registered. */
export const statementName = (text: string): string | undefined => names.get(text);

/** `select *`, `"t".*` or `t.*` anywhere in the text (a multiplication is always written between operands). */
function readsEveryColumn(text: string): boolean {
  return /(^|[\s,(])("[^"]+"\.|\w+\.)?\*\s*(,|from\b|$)/i.test(text);
}
