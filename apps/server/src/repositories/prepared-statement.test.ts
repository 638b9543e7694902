import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/schema';
import { prepare } from './prepared-statement';

/** Compiles only: no database behind it. */
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const lookup = (gameId: number, challengeId: number) =>
  db
    .selectFrom('challenges as c')
    .select(['c.id', 'c.title'])
    .where('c.id', '=', challengeId)
    .where('c.game_id', '=', gameId)
    .where('c.is_enabled', '=', true)
    .where('c.id', '<>', gameId);

describe('prepared statements', () => {
  it('write the builder’s text once and place each call’s values where its arguments were, constants kept', () => {
    const statement = prepare(2, lookup);
    for (const [gameId, challengeId] of [
      [7, 12],
      [3, 4],
    ] as const) {
      const built = lookup(gameId, challengeId).compile();
      const prepared = statement(gameId, challengeId);
      expect(prepared.sql).toBe(built.sql);
      expect(prepared.parameters).toEqual(built.parameters);
    }
    expect(statement(1, 2).parameters).toEqual([2, 1, true, 1]);
  });

  it('pass dates and strings through as they are given', () => {
    const at = new Date('2030-01-01T00:00:00Z');
    const statement = prepare(2, (id: string, when: Date) =>
      db.updateTable('users').set({ last_visited_at: when }).where('id', '=', id),
    );
    expect(statement('u1', at).parameters).toEqual([at, 'u1']);
  });

  it('refuse a builder that does not use an argument as a value of its own', () => {
    expect(() => prepare(1, (id: number) => db.selectFrom('games').select('id').where(sql.lit(id), '=', 1))).toThrow(
      /argument 0/,
    );
    expect(() =>
      prepare(2, (id: number, _unused: number) => db.selectFrom('games').select('id').where('id', '=', id)),
    ).toThrow(/argument 1/);
  });
});
