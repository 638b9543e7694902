import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../src/db/database';
import { nameStatement, statementName } from '../src/db/named-statements';
import { prepare } from '../src/repositories/prepared-statement';
import { createTestDatabase } from './postgres';

const onPostgres = process.env.TEST_DB === 'postgres';

describe('which statements are named', () => {
  it('a text reading every column of a table never is; a product is not such a read', () => {
    for (const text of [
      'select * from users where id = $1',
      'select "users".*, "sessions"."expires_at" from "sessions" inner join "users" on true',
      'select u.* from users u',
      'select count(*) from users',
    ]) {
      expect(nameStatement(text), text).toBe(text.includes('count(*)'));
    }
    expect(nameStatement('select $1::int * 2 as doubled')).toBe(true);
    expect(statementName('select $1::int * 2 as doubled')).toMatch(/^fp_[\w-]{22}$/);
  });
});

describe.runIf(onPostgres)('named statements on the server pool', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase();
    // One connection, so every query below meets the statements the earlier ones prepared.
    db = await openDatabase({ url: database.url, maxConnections: 1 });
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('a prepared lookup is parsed once per connection and answers every run with that run’s values', async () => {
    const lookup = prepare(1, (id: string) => db.selectFrom('users').select(['id', 'user_name']).where('id', '=', id));
    const name = statementName(lookup('x').sql);
    expect(name).toBeDefined();
    const first = await db.executeQuery(lookup('00000000-0000-0000-0000-000000000001'));
    const second = await db.executeQuery(lookup('00000000-0000-0000-0000-000000000002'));
    expect([first.rows, second.rows]).toEqual([[], []]);
    const prepared = await sql<{ name: string; calls: number }>`
      select name, generic_plans + custom_plans as calls from pg_prepared_statements where name = ${name}`.execute(db);
    expect(prepared.rows).toEqual([{ name, calls: 2 }]);
  });

  it('an unregistered statement stays unnamed', async () => {
    await sql`select ${1}::int as one`.execute(db);
    const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db);
    expect(prepared.rows.map((row) => row.statement).filter((text) => text.includes('as one'))).toEqual([]);
  });
});
