import type { Division } from '@flagpole/contract';
import type { Db } from '../db/database';

export interface DivisionRow {
  id: number;
  gameId: number;
  name: string;
  inviteCode: string | null;
  defaultPermissions: number;
}

/** A division with its per-challenge overrides, by challenge id. */
export interface DivisionWithConfigs extends DivisionRow {
  configs: Map<number, number>;
}

export interface DivisionWrite {
  name: string;
  inviteCode: string | null;
  defaultPermissions: number;
}

const COLUMNS = [
  'id',
  'game_id as gameId',
  'name',
  'invite_code as inviteCode',
  'default_permissions as defaultPermissions',
] as const;

/** The organisers' wire shape of a division. */
export function toDivisionModel(division: DivisionWithConfigs): Division {
  return {
    id: division.id,
    name: division.name,
    inviteCode: division.inviteCode,
    defaultPermissions: division.defaultPermissions,
    challengeConfigs: [...division.configs].map(([challengeId, permissions]) => ({ challengeId, permissions })),
  };
}

/** Divisions and their per-challenge configs. Bound to a connection or a transaction. */
export function createDivisionRepository(db: Db) {
  return {
    /** Every division of the game, by id, with its configs (two queries, whatever the number). */
    async listWithConfigs(gameId: number): Promise<DivisionWithConfigs[]> {
      const [divisions, configs] = await Promise.all([
        db.selectFrom('divisions').select(COLUMNS).where('game_id', '=', gameId).orderBy('id').execute(),
        db
          .selectFrom('division_challenge_configs')
          .select(['division_id', 'challenge_id', 'permissions'])
          .where('game_id', '=', gameId)
          .orderBy('division_id')
          .orderBy('challenge_id')
          .execute(),
      ]);
      const byId = new Map(divisions.map((d) => [d.id, { ...d, configs: new Map<number, number>() }]));
      for (const config of configs) byId.get(config.division_id)?.configs.set(config.challenge_id, config.permissions);
      return [...byId.values()];
    },

    /** Divisions without configs (names, codes, division-level flags). */
    async list(gameId: number): Promise<DivisionRow[]> {
      return db.selectFrom('divisions').select(COLUMNS).where('game_id', '=', gameId).orderBy('id').execute();
    },

    async find(gameId: number, divisionId: number): Promise<DivisionRow | undefined> {
      return db
        .selectFrom('divisions')
        .select(COLUMNS)
        .where('game_id', '=', gameId)
        .where('id', '=', divisionId)
        .executeTakeFirst();
    },

    async count(gameId: number): Promise<number> {
      const row = await db
        .selectFrom('divisions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('game_id', '=', gameId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async nameTaken(gameId: number, name: string, exceptId: number | null): Promise<boolean> {
      let query = db
        .selectFrom('divisions')
        .select('id')
        .where('game_id', '=', gameId)
        .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
      if (exceptId !== null) query = query.where('id', '<>', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** Ids of the game's challenges among `ids`. */
    async challengesOfGame(gameId: number, ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('challenges')
        .select('id')
        .where('game_id', '=', gameId)
        .where('id', 'in', [...ids])
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    async insert(gameId: number, values: DivisionWrite): Promise<DivisionRow> {
      return db
        .insertInto('divisions')
        .values({
          game_id: gameId,
          name: values.name,
          invite_code: values.inviteCode,
          default_permissions: values.defaultPermissions,
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
    },

    async update(gameId: number, divisionId: number, values: Partial<DivisionWrite>): Promise<DivisionRow | undefined> {
      const changes = {
        ...(values.name !== undefined && { name: values.name }),
        ...(values.inviteCode !== undefined && { invite_code: values.inviteCode }),
        ...(values.defaultPermissions !== undefined && { default_permissions: values.defaultPermissions }),
      };
      if (Object.keys(changes).length === 0) return this.find(gameId, divisionId);
      return db
        .updateTable('divisions')
        .set(changes)
        .where('game_id', '=', gameId)
        .where('id', '=', divisionId)
        .returning(COLUMNS)
        .executeTakeFirst();
    },

    /** Replaces every per-challenge config of the division. */
    async replaceConfigs(gameId: number, divisionId: number, configs: ReadonlyMap<number, number>): Promise<void> {
      await db.deleteFrom('division_challenge_configs').where('division_id', '=', divisionId).execute();
      if (configs.size === 0) return;
      await db
        .insertInto('division_challenge_configs')
        .values(
          [...configs].map(([challengeId, permissions]) => ({
            division_id: divisionId,
            challenge_id: challengeId,
            game_id: gameId,
            permissions,
          })),
        )
        .execute();
    },

    async configs(divisionId: number): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('division_challenge_configs')
        .select(['challenge_id', 'permissions'])
        .where('division_id', '=', divisionId)
        .orderBy('challenge_id')
        .execute();
      return new Map(rows.map((r) => [r.challenge_id, r.permissions]));
    },

    /** Deletes the division; its configs go with it and participations lose it (database rules). */
    async delete(gameId: number, divisionId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('divisions')
        .where('game_id', '=', gameId)
        .where('id', '=', divisionId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
export type DivisionRepository = ReturnType<typeof createDivisionRepository>;
