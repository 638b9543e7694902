import { CompiledQuery } from 'kysely';
import { nameStatement } from '../db/named-statements';

/** Row counts whose statement text is kept (a few hundred kilobytes at most per statement). */
const KEPT_ROW_COUNTS = 64;
/**
 * Row counts whose statement runs under a name (db/named-statements.ts): the small batches of a moderate load,
 * where planning each run cost PostgreSQL most per row. Each named statement keeps a plan in every connection
 * that ran it, so larger batches, whose planning is shared by their rows, stay unnamed.
 */
const NAMED_ROW_COUNTS = 8;

/**
 * The timestamptz of an int8 expression of Unix milliseconds (null stays null). A time is sent so, as a number,
 * rather than as a Date parameter, which pg writes through local-time getters (`dateToString`) at a cost above the
 * rest of a submission's row. Whole seconds and the remaining milliseconds are converted apart, so the result is
 * exact at any date (milliseconds divided by 1000 as a float are not, far from 1970).
 */
export const fromEpochMs = (milliseconds: string): string =>
  `(to_timestamp(${milliseconds} / 1000) + ${milliseconds} % 1000 * interval '1 millisecond')`;

/**
 * A statement over a VALUES list of typed rows, its text written once per row count and run with a flat list
 * of parameters. The hot group-commit statements (a submission, its event, its solve) were built through
 * Kysely's template and query builder per batch: a node per value, walked by the compiler, for a few
 * dozen rows each time. The text depends only on how many rows there are, so it is kept per row count (up to
 * `KEPT_ROW_COUNTS` rows: the usual batches; a larger one is written each time, still far cheaper than the builder).
 */
export class ValuesStatement {
  private readonly texts = new Map<number, string>();

  /**
   * `casts` are the PostgreSQL types of a row's columns, in order; `wrap(values)` writes the whole statement
   * around the `values (...), (...)` list.
   */
  constructor(
    private readonly casts: readonly string[],
    private readonly wrap: (values: string) => string,
  ) {}

  /** The statement for `rows` (each with one value per cast, in order). */
  compile<R>(rows: readonly (readonly unknown[])[]): CompiledQuery<R> {
    const parameters: unknown[] = [];
    for (const row of rows) {
      if (row.length !== this.casts.length) throw new Error('a row has the wrong number of values');
      for (const value of row) parameters.push(value);
    }
    return CompiledQuery.raw(this.text(rows.length), parameters) as CompiledQuery<R>;
  }

  private text(rowCount: number): string {
    const kept = this.texts.get(rowCount);
    if (kept !== undefined) return kept;
    const width = this.casts.length;
    const rows: string[] = [];
    for (let row = 0; row < rowCount; row++) {
      const values = this.casts.map((cast, column) => `$${row * width + column + 1}::${cast}`);
      rows.push(`(${values.join(', ')})`);
    }
    const text = this.wrap(`values ${rows.join(', ')}`);
    if (rowCount <= KEPT_ROW_COUNTS) this.texts.set(rowCount, text);
    if (rowCount <= NAMED_ROW_COUNTS) nameStatement(text);
    return text;
  }
}
