import { type Compilable, CompiledQuery } from 'kysely';
import { nameStatement } from '../db/named-statements';

/**
 * A statement written with the query builder once and then run with new values in the places of its
 * arguments. The lookups that refresh the per-process caches (a session, a player's participation, a challenge)
 * and the visit record run for every player every few seconds under load, and the builder rebuilt and compiled
 * each of them every time (Kysely was ~4 % of the server's CPU on correct flags). `build` is called once with
 * markers in place of the arguments; it must use each argument as a value only (no branch on it), which
 * `prepare` checks: every marker must come out as a parameter of its own.
 */
export function prepare<A extends readonly unknown[], R>(
  arity: A['length'],
  build: (...args: A) => Compilable<R>,
): (...args: A) => CompiledQuery<R> {
  const markers = Array.from({ length: arity }, (_, index) => `\u0000argument ${index}\u0000`);
  const compiled = build(...(markers as unknown as A)).compile();
  const sources = compiled.parameters.map((value) => {
    const index = typeof value === 'string' ? markers.indexOf(value) : -1;
    return index >= 0 ? { argument: index } : { value };
  });
  for (let index = 0; index < arity; index++) {
    if (!sources.some((source) => source.argument === index)) {
      throw new Error(`argument ${index} of a prepared statement is not a parameter of it`);
    }
  }
  // Run so often that PostgreSQL should parse and plan it once per connection.
  nameStatement(compiled.sql);
  return (...args: A) =>
    CompiledQuery.raw(
      compiled.sql,
      sources.map((source) => (source.argument === undefined ? source.value : args[source.argument])),
    ) as CompiledQuery<R>;
}
