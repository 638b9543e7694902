import type { ContainerService as ContainerServiceSpec } from '@flagpole/contract';
import { type Selectable, sql, type Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { ChallengeTypeName, ContainerInstancesTable, Database } from '../db/schema';
import { ownerIsGone } from '../repositories/process-lease.repository';

export type InstanceRow = Selectable<ContainerInstancesTable>;

/** What starting an instance needs to know about its challenge. */
export interface ContainerChallengeRow {
  id: number;
  game_id: number;
  title: string;
  category: string;
  type: ChallengeTypeName;
  is_enabled: boolean;
  /** Players see the challenge from this instant on (scoring/release.ts). */
  release_at: Date | null;
  flag_template: string | null;
  container_image: string;
  memory_limit: number;
  cpu_count: number;
  storage_limit: number;
  expose_port: number;
  network_mode: 'Open' | 'Isolated' | 'Custom';
  enable_traffic_capture: boolean;
  /** A multi-service challenge's services; null: the single image (docs/containers.md, "Several services"). */
  container_services: ContainerServiceSpec[] | null;
}

/** A live instance joined with what the proxy and the admin page show. */
export interface InstanceListRow extends InstanceRow {
  team_id: number | null;
  team_name: string | null;
  team_avatar: string | null;
  challenge_title: string;
  challenge_category: string;
  challenge_type: ChallengeTypeName;
  enable_traffic_capture: boolean;
}

const live = 'Destroyed';

/** SQL of container instances. Reservation runs in one transaction holding the team's row lock. */
export function createInstanceRepository(db: Db) {
  function listQuery(executor: Db | Transaction<Database> = db) {
    return executor
      .selectFrom('container_instances as i')
      .innerJoin('challenges as c', 'c.id', 'i.challenge_id')
      .leftJoin('participations as p', 'p.id', 'i.participation_id')
      .leftJoin('teams as t', 't.id', 'p.team_id')
      .selectAll('i')
      .select([
        't.id as team_id',
        't.name as team_name',
        't.avatar_hash as team_avatar',
        'c.title as challenge_title',
        'c.category as challenge_category',
        'c.type as challenge_type',
        'c.enable_traffic_capture',
      ]);
  }

  return {
    async challenge(gameId: number, challengeId: number): Promise<ContainerChallengeRow | undefined> {
      return db
        .selectFrom('challenges')
        .select([
          'id',
          'game_id',
          'title',
          'category',
          'type',
          'is_enabled',
          'release_at',
          'flag_template',
          'container_image',
          'memory_limit',
          'cpu_count',
          'storage_limit',
          'expose_port',
          'network_mode',
          'enable_traffic_capture',
          'container_services',
        ])
        .where('id', '=', challengeId)
        .where('game_id', '=', gameId)
        .executeTakeFirst();
    },

    /**
     * Runs `work` in a transaction holding a lock on the team's participation (or, for a test container, the
     * challenge), so two concurrent starts of one team see each other's rows.
     */
    async reserve<T>(
      key: { participationId: number | null; challengeId: number },
      work: (trx: Transaction<Database>) => Promise<T>,
    ): Promise<T> {
      return db.transaction().execute(async (trx) => {
        if (key.participationId === null) {
          await trx.selectFrom('challenges').select('id').where('id', '=', key.challengeId).forUpdate().execute();
        } else {
          await trx
            .selectFrom('participations')
            .select('id')
            .where('id', '=', key.participationId)
            .forUpdate()
            .execute();
        }
        return work(trx);
      });
    },

    /** The newest instance row of a team (or the test slot) on a challenge, destroyed or not. */
    async latest(
      challengeId: number,
      participationId: number | null,
      executor: Db | Transaction<Database> = db,
    ): Promise<InstanceRow | undefined> {
      return (
        executor
          .selectFrom('container_instances')
          .selectAll()
          .where('challenge_id', '=', challengeId)
          .where((eb) =>
            participationId === null
              ? eb('participation_id', 'is', null)
              : eb('participation_id', '=', participationId),
          )
          // A health check's instance is neither a team's nor the test container.
          .where('health_check', '=', false)
          .orderBy('last_operation_at', 'desc')
          .limit(1)
          .executeTakeFirst()
      );
    },

    /** The game's cap on a team's live instances (0: none). */
    async containerLimit(trx: Transaction<Database>, gameId: number): Promise<number> {
      const row = await trx
        .selectFrom('games')
        .select('container_count_limit')
        .where('id', '=', gameId)
        .executeTakeFirst();
      return row?.container_count_limit ?? 0;
    },

    async countLive(trx: Transaction<Database>, gameId: number, participationId: number): Promise<number> {
      const row = await trx
        .selectFrom('container_instances')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('game_id', '=', gameId)
        .where('participation_id', '=', participationId)
        .where('status', '<>', live)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The team's generated flag for the challenge, created on first use (unique per team and challenge). */
    async teamFlag(
      trx: Transaction<Database>,
      challengeId: number,
      participationId: number,
      generate: () => string,
    ): Promise<string> {
      await trx
        .insertInto('flags')
        .values({ challenge_id: challengeId, participation_id: participationId, flag: generate() })
        .onConflict((oc) =>
          oc.columns(['challenge_id', 'participation_id']).where('participation_id', 'is not', null).doNothing(),
        )
        .execute();
      const row = await trx
        .selectFrom('flags')
        .select('flag')
        .where('challenge_id', '=', challengeId)
        .where('participation_id', '=', participationId)
        .executeTakeFirstOrThrow();
      return row.flag;
    },

    async insert(
      trx: Transaction<Database>,
      row: Omit<InstanceRow, 'created_at' | 'status' | 'health_check'> & { health_check?: boolean },
    ): Promise<void> {
      await trx.insertInto('container_instances').values(row).execute();
    },

    /** Records where a Pending instance runs; false when it was destroyed while starting. */
    async markRunning(
      id: string,
      at: { engineId: string; ip: string; port: number; publicPort: number | null },
    ): Promise<boolean> {
      const result = await db
        .updateTable('container_instances')
        .set({ status: 'Running', engine_id: at.engineId, ip: at.ip, port: at.port, public_port: at.publicPort })
        .where('id', '=', id)
        .where('status', '=', 'Pending')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Marks a live instance Destroyed and returns it; undefined when it was already destroyed, so exactly one
     * caller (player, admin, reaper) goes on to remove it and report it.
     */
    async claimDestroy(id: string, now: Date): Promise<InstanceRow | undefined> {
      return db
        .updateTable('container_instances')
        .set({ status: 'Destroyed', last_operation_at: now })
        .where('id', '=', id)
        .where('status', '<>', live)
        .returningAll()
        .executeTakeFirst();
    },

    async extend(id: string, expectStopAt: Date): Promise<InstanceRow | undefined> {
      return db
        .updateTable('container_instances')
        .set({ expect_stop_at: expectStopAt })
        .where('id', '=', id)
        .where('status', '<>', live)
        .returningAll()
        .executeTakeFirst();
    },

    async byId(id: string): Promise<InstanceListRow | undefined> {
      return listQuery().where('i.id', '=', id).executeTakeFirst();
    },

    /** Live instances, newest first, optionally of one game. */
    async listLive(filter: { gameId?: number } = {}): Promise<InstanceListRow[]> {
      let query = listQuery().where('i.status', '<>', live);
      if (filter.gameId !== undefined) query = query.where('i.game_id', '=', filter.gameId);
      return query.orderBy('i.started_at', 'desc').execute();
    },

    /** Ids of live instances matching any of the conditions. */
    async liveIds(where: {
      expiredBefore?: Date;
      challengeId?: number;
      endedBefore?: Date;
      gameId?: number;
    }): Promise<string[]> {
      const rows = await db
        .selectFrom('container_instances as i')
        .innerJoin('challenges as c', 'c.id', 'i.challenge_id')
        .innerJoin('games as g', 'g.id', 'i.game_id')
        .select('i.id')
        .where('i.status', '<>', live)
        .$if(where.gameId !== undefined, (qb) => qb.where('i.game_id', '=', where.gameId as number))
        .where((eb) => {
          const parts = [];
          if (where.expiredBefore) parts.push(eb('i.expect_stop_at', '<', where.expiredBefore));
          if (where.challengeId !== undefined) parts.push(eb('i.challenge_id', '=', where.challengeId));
          if (where.endedBefore) {
            // Team instances of ended games (practice mode keeps playing) and of disabled challenges.
            parts.push(
              eb.and([
                eb('i.participation_id', 'is not', null),
                eb.or([
                  eb('c.is_enabled', '=', false),
                  eb.and([eb('g.end_at', '<', where.endedBefore), eb('g.practice_mode', '=', false)]),
                ]),
              ]),
            );
          }
          return parts.length > 0 ? eb.or(parts) : eb.val(false);
        })
        .execute();
      return rows.map((r) => r.id);
    },

    /**
     * Takes over Pending instances whose start was queued by a process that is gone: they become `owner`'s,
     * and it starts them. Rows another process is taking at the same moment are skipped.
     */
    async claimOrphanedStarts(owner: string): Promise<string[]> {
      const result = await sql<{ id: string }>`
        update container_instances set owner_process = ${owner}::uuid
        where id in (
          select i.id from container_instances i
          where i.status = 'Pending' and i.owner_process is not null and i.owner_process <> ${owner}::uuid
            and ${ownerIsGone(sql.ref('i.owner_process'))}
          for update of i skip locked
        )
        returning id`.execute(db);
      return result.rows.map((r) => r.id);
    },

    /** The team's flag of a dynamic container challenge, made when its instance was reserved. */
    async existingTeamFlag(challengeId: number, participationId: number): Promise<string | null> {
      const row = await db
        .selectFrom('flags')
        .select('flag')
        .where('challenge_id', '=', challengeId)
        .where('participation_id', '=', participationId)
        .executeTakeFirst();
      return row?.flag ?? null;
    },

    /** Pending instances created before `before`: their start was lost with the process that queued it. */
    async stalePendingIds(before: Date): Promise<string[]> {
      const rows = await db
        .selectFrom('container_instances')
        .select('id')
        .where('status', '=', 'Pending')
        .where('last_operation_at', '<', before)
        .execute();
      return rows.map((r) => r.id);
    },

    /** Running instances whose challenge limits their storage, with the limit in MiB (storage watchdog). */
    async runningStorageLimits(): Promise<Array<{ id: string; storage_limit: number }>> {
      return db
        .selectFrom('container_instances as i')
        .innerJoin('challenges as c', 'c.id', 'i.challenge_id')
        .select(['i.id', 'c.storage_limit'])
        .where('i.status', '=', 'Running')
        .where('c.storage_limit', '>', 0)
        .execute();
    },

    async runningIds(): Promise<string[]> {
      const rows = await db.selectFrom('container_instances').select('id').where('status', '=', 'Running').execute();
      return rows.map((r) => r.id);
    },

    /** Every instance id not destroyed (reconciliation). */
    async allLiveIds(): Promise<Set<string>> {
      const rows = await db.selectFrom('container_instances').select('id').where('status', '<>', live).execute();
      return new Set(rows.map((r) => r.id));
    },

    /** Forgets destroyed rows once their cool-down no longer matters. */
    async purgeDestroyed(before: Date): Promise<void> {
      await db
        .deleteFrom('container_instances')
        .where('status', '=', live)
        .where('last_operation_at', '<', before)
        .execute();
    },

    async recordEvent(event: {
      gameId: number;
      type: 'ContainerStart' | 'ContainerDestroy';
      values: string[];
      userId: string | null;
      teamId: number | null;
      at: Date;
    }): Promise<void> {
      await db
        .insertInto('game_events')
        .values({
          game_id: event.gameId,
          type: event.type,
          values: JSON.stringify(event.values),
          user_id: event.userId,
          team_id: event.teamId,
          published_at: event.at,
        })
        .execute();
    },

    async userName(userId: string): Promise<string> {
      const row = await db.selectFrom('users').select('user_name').where('id', '=', userId).executeTakeFirst();
      return row?.user_name ?? '';
    },
  };
}

export type InstanceRepository = ReturnType<typeof createInstanceRepository>;
