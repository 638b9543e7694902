import type { Db } from '../db/database';
import type { ParticipationStatusName } from '../db/schema';
import { callerParticipation, gameWithCallerParticipation, PARTICIPATION_COLUMNS } from './caller-participation';

/** What the writeup rules read about a game and the caller's team in it. */
export interface WriteupContextRow {
  game: {
    id: number;
    title: string;
    start_at: Date;
    end_at: Date;
    practice_mode: boolean;
    writeup_required: boolean;
    writeup_deadline: Date;
    writeup_note: string;
  };
  participation: {
    id: number;
    status: ParticipationStatusName;
    teamId: number;
    teamName: string;
    writeupHash: string | null;
    writeupSize: number | null;
  } | null;
}

export interface StoredWriteupRow {
  participationId: number;
  teamId: number;
  teamName: string;
  teamBio: string;
  teamAvatarHash: string | null;
  teamLocked: boolean;
  captainId: string;
  divisionId: number | null;
  hash: string;
  uploadedAt: Date;
}

/** Writeups are a file reference on the participation; these are the queries around it. */
export function createWriteupRepository(db: Db) {
  return {
    /** The game and the caller's participation (through the roster) with its writeup; undefined for no game. */
    async context(gameId: number, userId: string): Promise<WriteupContextRow | undefined> {
      const row = await gameWithCallerParticipation(db, gameId, userId)
        .leftJoin('files as f', 'f.hash', 'p.writeup_hash')
        .select([
          'g.id',
          'g.title',
          'g.start_at',
          'g.end_at',
          'g.practice_mode',
          'g.writeup_required',
          'g.writeup_deadline',
          'g.writeup_note',
          ...PARTICIPATION_COLUMNS,
          'p.writeup_hash',
          'f.size',
        ])
        .executeTakeFirst();
      if (!row) return undefined;
      const { participation_id, status, team_id, team_name, writeup_hash, size, ...game } = row;
      const participation = callerParticipation({ participation_id, status, team_id, team_name });
      return {
        game,
        participation: participation && {
          ...participation,
          writeupHash: writeup_hash,
          writeupSize: size === null ? null : Number(size),
        },
      };
    },

    async gameTitle(gameId: number): Promise<string | undefined> {
      const row = await db.selectFrom('games').select('title').where('id', '=', gameId).executeTakeFirst();
      return row?.title;
    },

    /**
     * Points the participation at its new writeup and answers the file it replaced (null for none), in one
     * transaction that holds the row, so two uploads at once cannot both keep the old one.
     */
    async replace(participationId: number, hash: string, uploadedAt: Date): Promise<string | null> {
      return db.transaction().execute(async (trx) => {
        const previous = await trx
          .selectFrom('participations')
          .select('writeup_hash')
          .where('id', '=', participationId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('participations')
          .set({ writeup_hash: hash, writeup_uploaded_at: uploadedAt })
          .where('id', '=', participationId)
          .execute();
        return previous.writeup_hash;
      });
    },

    /** Every writeup of the game, oldest upload first. */
    async list(gameId: number): Promise<StoredWriteupRow[]> {
      const rows = await db
        .selectFrom('participations as p')
        .innerJoin('teams as t', 't.id', 'p.team_id')
        .select([
          'p.id',
          'p.team_id',
          't.name',
          't.bio',
          't.avatar_hash',
          't.locked',
          't.captain_id',
          'p.division_id',
          'p.writeup_hash',
          'p.writeup_uploaded_at',
        ])
        .where('p.game_id', '=', gameId)
        .where('p.writeup_hash', 'is not', null)
        .orderBy('p.writeup_uploaded_at')
        .orderBy('p.id')
        .execute();
      return rows.flatMap((r) =>
        r.writeup_hash && r.writeup_uploaded_at
          ? [
              {
                participationId: r.id,
                teamId: r.team_id,
                teamName: r.name,
                teamBio: r.bio,
                teamAvatarHash: r.avatar_hash,
                teamLocked: r.locked,
                captainId: r.captain_id,
                divisionId: r.division_id,
                hash: r.writeup_hash,
                uploadedAt: r.writeup_uploaded_at,
              },
            ]
          : [],
      );
    },

    /** The game's division names by id, as the admin list names them (`WriteupInfoModel.divisions`). */
    async divisionNames(gameId: number): Promise<Record<string, string>> {
      const rows = await db
        .selectFrom('divisions')
        .select(['id', 'name'])
        .where('game_id', '=', gameId)
        .orderBy('id')
        .execute();
      return Object.fromEntries(rows.map((r) => [String(r.id), r.name]));
    },

    /** Detaches every writeup of the game and answers the files they held, in one transaction. */
    async clear(gameId: number): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('participations')
          .select(['id', 'writeup_hash'])
          .where('game_id', '=', gameId)
          .where('writeup_hash', 'is not', null)
          .forUpdate()
          .execute();
        if (rows.length === 0) return [];
        await trx
          .updateTable('participations')
          .set({ writeup_hash: null, writeup_uploaded_at: null })
          .where(
            'id',
            'in',
            rows.map((r) => r.id),
          )
          .execute();
        return rows.flatMap((r) => (r.writeup_hash ? [r.writeup_hash] : []));
      });
    },
  };
}
export type WriteupRepository = ReturnType<typeof createWriteupRepository>;
