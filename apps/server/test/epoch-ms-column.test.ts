/**
 * The group commit and the audit log send their times as Unix milliseconds (fromEpochMs) instead of Date parameters:
 * the stored time must be the very millisecond a Date parameter stored, at any date a timestamp field accepts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../src/db/database';
import { fromEpochMs, ValuesStatement } from '../src/repositories/values-statement';
import { createTestDatabase } from './postgres';

const usePostgres = process.env.TEST_DB === 'postgres';
let db: Db;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const database = usePostgres ? await createTestDatabase() : undefined;
  dropDatabase = database?.drop;
  db = await openDatabase({ url: database?.url, maxConnections: 2 });
});

afterAll(async () => {
  await db.destroy();
  await dropDatabase?.();
});

const selectTimes = (at: string) => (values: string) =>
  `select n, (extract(epoch from ${at}) * 1000)::text as ms from (${values}) as v(n, sent) order by n`;
const asMilliseconds = new ValuesStatement(['int', 'int8'], selectTimes(fromEpochMs('sent')));
const asDates = new ValuesStatement(['int', 'timestamptz'], selectTimes('sent'));
/** The stored time read back as text (pg's Date parser misreads years before 100). */
type TimeRow = { n: number; ms: string | null };

describe('times sent as Unix milliseconds (fromEpochMs)', () => {
  it('store the same millisecond a Date parameter stores, before and long after 1970, and keep nulls', async () => {
    const times = [
      0,
      1,
      -1,
      -999,
      -1_001,
      999,
      1_764_042_779_123,
      1_764_042_779_999,
      253_402_300_799_999, // the largest timestamp the contract accepts (9999-12-31T23:59:59.999Z)
      -62_135_596_800_000, // 0001-01-01
      4_102_444_800_001,
    ];
    const sent = await db.executeQuery(
      asMilliseconds.compile<TimeRow>([...times.map((ms, n) => [n, ms]), [times.length, null]]),
    );
    const dated = await db.executeQuery(asDates.compile<TimeRow>(times.map((ms, n) => [n, new Date(ms)])));
    for (const [n, ms] of times.entries()) {
      expect(sent.rows[n]?.ms, `${ms}`).toBe(dated.rows[n]?.ms);
      expect(Number(sent.rows[n]?.ms), `${ms}`).toBe(ms);
    }
    expect(sent.rows[times.length]?.ms).toBeNull();
  });
});
