import { describe, expect, it } from 'vitest';
import { ValuesStatement } from './values-statement';

describe('ValuesStatement', () => {
  const statement = new ValuesStatement(['int', 'text'], (values) => `select * from (${values}) as v(n, t)`);

  it('numbers the parameters row by row, each with its cast, and passes the values flat in that order', () => {
    const compiled = statement.compile([
      [1, 'a'],
      [2, null],
    ]);
    expect(compiled.sql).toBe('select * from (values ($1::int, $2::text), ($3::int, $4::text)) as v(n, t)');
    expect(compiled.parameters).toEqual([1, 'a', 2, null]);
  });

  it('writes the same text for the same number of rows', () => {
    expect(statement.compile([[3, 'c']]).sql).toBe(statement.compile([[4, 'd']]).sql);
  });

  it('refuses a row with a value missing rather than shifting every parameter after it', () => {
    expect(() => statement.compile([[1]])).toThrow();
  });
});
