import {
  type Division,
  type DivisionChallengeConfigModel,
  type DivisionCreateModel,
  type DivisionEditModel,
  divisionLimits,
  GamePermission,
} from '@flagpole/contract';
import type { Db } from '../db/database';
import { badRequest, notFound } from '../http/errors';
import type { EventBus } from '../lib/event-bus';
import {
  createDivisionRepository,
  type DivisionRepository,
  type DivisionRow,
  toDivisionModel,
} from '../repositories/division.repository';
import { SCOREBOARD_INVALIDATE } from './scoreboard.service';

/** An empty invite code means none, as for games. */
const inviteCodeOf = (code: string | null | undefined) => (code ? code : null);

/**
 * Organisers' division management (`/api/edit/games/{id}/divisions`). Writes of one game are serialised by a
 * lock on the game row, so two requests cannot both pass the name check. Every change can move the board
 * (ranks, counted solves, bloods) and what teams may see, so it publishes `scoreboard:invalidate`, which also
 * drops every process's cached play lookups, after the commit.
 */
export function createDivisionService(deps: { db: Db; events: EventBus }) {
  const divisions = createDivisionRepository(deps.db);

  async function lockGame(trx: Db, gameId: number): Promise<void> {
    const game = await trx.selectFrom('games').select('id').where('id', '=', gameId).forUpdate().executeTakeFirst();
    if (!game) throw notFound('error.gameNotFound');
  }

  /** The configs as a map; 400 for a challenge of another game or one named twice. */
  async function configsOf(
    repo: DivisionRepository,
    gameId: number,
    list: readonly DivisionChallengeConfigModel[],
  ): Promise<Map<number, number>> {
    const configs = new Map<number, number>();
    for (const { challengeId, permissions } of list) {
      if (configs.has(challengeId)) throw badRequest('error.divisionChallengeTwice', { id: challengeId });
      configs.set(challengeId, permissions);
    }
    const known = await repo.challengesOfGame(gameId, [...configs.keys()]);
    for (const id of configs.keys()) if (!known.has(id)) throw badRequest('error.divisionChallengeUnknown', { id });
    return configs;
  }

  async function assertNameFree(repo: DivisionRepository, gameId: number, name: string, exceptId: number | null) {
    if (await repo.nameTaken(gameId, name, exceptId)) throw badRequest('error.divisionNameTaken', { name });
  }

  async function model(repo: DivisionRepository, row: DivisionRow): Promise<Division> {
    return toDivisionModel({ ...row, configs: await repo.configs(row.id) });
  }

  const invalidate = (gameId: number) => deps.events.publish(SCOREBOARD_INVALIDATE, { gameId });

  return {
    async list(gameId: number): Promise<Division[]> {
      const game = await deps.db.selectFrom('games').select('id').where('id', '=', gameId).executeTakeFirst();
      if (!game) throw notFound('error.gameNotFound');
      return (await divisions.listWithConfigs(gameId)).map(toDivisionModel);
    },

    async create(gameId: number, input: DivisionCreateModel): Promise<Division> {
      const created = await deps.db.transaction().execute(async (trx) => {
        const repo = createDivisionRepository(trx);
        await lockGame(trx, gameId);
        if ((await repo.count(gameId)) >= divisionLimits.perGame) {
          throw badRequest('error.tooManyDivisions', { count: divisionLimits.perGame });
        }
        await assertNameFree(repo, gameId, input.name, null);
        const configs = await configsOf(repo, gameId, input.challengeConfigs ?? []);
        const row = await repo.insert(gameId, {
          name: input.name,
          inviteCode: inviteCodeOf(input.inviteCode),
          defaultPermissions: input.defaultPermissions ?? GamePermission.All,
        });
        await repo.replaceConfigs(gameId, row.id, configs);
        return model(repo, row);
      });
      await invalidate(gameId);
      return created;
    },

    /** Null or absent fields stay; a list of configs (even empty) replaces every override. */
    async update(gameId: number, divisionId: number, input: DivisionEditModel): Promise<Division> {
      const updated = await deps.db.transaction().execute(async (trx) => {
        const repo = createDivisionRepository(trx);
        await lockGame(trx, gameId);
        if (!(await repo.find(gameId, divisionId))) throw notFound('error.divisionNotFound');
        if (input.name != null) await assertNameFree(repo, gameId, input.name, divisionId);
        const configs = input.challengeConfigs == null ? null : await configsOf(repo, gameId, input.challengeConfigs);
        const row = await repo.update(gameId, divisionId, {
          name: input.name ?? undefined,
          inviteCode: input.inviteCode == null ? undefined : inviteCodeOf(input.inviteCode),
          defaultPermissions: input.defaultPermissions ?? undefined,
        });
        if (!row) throw notFound('error.divisionNotFound');
        if (configs) await repo.replaceConfigs(gameId, divisionId, configs);
        return model(repo, row);
      });
      await invalidate(gameId);
      return updated;
    },

    /** Teams in the division keep playing without one (their entries lose the division). */
    async delete(gameId: number, divisionId: number): Promise<void> {
      await deps.db.transaction().execute(async (trx) => {
        await lockGame(trx, gameId);
        if (!(await createDivisionRepository(trx).delete(gameId, divisionId))) throw notFound('error.divisionNotFound');
      });
      await invalidate(gameId);
    },
  };
}
export type DivisionService = ReturnType<typeof createDivisionService>;
