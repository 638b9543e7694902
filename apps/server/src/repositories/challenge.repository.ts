import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../db/database';
import type { AttachmentsTable, ChallengesTable, FlagMatchTypeName, FlagsTable } from '../db/schema';

export type ChallengeRow = Selectable<ChallengesTable>;
export type ChallengeUpdate = Updateable<ChallengesTable>;
export type FlagRow = Selectable<FlagsTable>;
export type NewAttachment = Insertable<AttachmentsTable>;

export interface AttachmentView {
  id: number;
  type: 'None' | 'Local' | 'Remote';
  remoteUrl: string | null;
  fileHash: string | null;
  fileSize: number | null;
  /** The uploaded file's name, for local files. */
  fileName: string | null;
}

/** Attachment ids per statement (parameters stay far below PostgreSQL's limit). */
const ATTACHMENT_SLICE = 500;

/** Challenges, their flags and attachments. Bound to a connection or a transaction. */
export function createChallengeRepository(db: Db) {
  return {
    async listForGame(gameId: number): Promise<ChallengeRow[]> {
      return db.selectFrom('challenges').selectAll().where('game_id', '=', gameId).orderBy('id').execute();
    },

    /** Whether `phaseId` is a phase of the game (a challenge may only belong to one of its own game's). */
    async phaseOfGame(gameId: number, phaseId: number): Promise<boolean> {
      const row = await db
        .selectFrom('game_phases')
        .select('id')
        .where('game_id', '=', gameId)
        .where('id', '=', phaseId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async find(gameId: number, challengeId: number, options: { lock?: boolean } = {}) {
      let query = db.selectFrom('challenges').selectAll().where('id', '=', challengeId).where('game_id', '=', gameId);
      if (options.lock) query = query.forUpdate();
      return query.executeTakeFirst();
    },

    /** The challenges this one requires (scoring/prerequisites.ts), in id order. */
    async requiredIds(challengeId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('challenge_prerequisites')
        .select('required_id')
        .where('challenge_id', '=', challengeId)
        .orderBy('required_id')
        .execute();
      return rows.map((row) => row.required_id);
    },

    async insert(challenge: Insertable<ChallengesTable>): Promise<ChallengeRow> {
      return db.insertInto('challenges').values(challenge).returningAll().executeTakeFirstOrThrow();
    },

    async update(challengeId: number, changes: ChallengeUpdate): Promise<ChallengeRow> {
      return db
        .updateTable('challenges')
        .set(changes)
        .where('id', '=', challengeId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async delete(challengeId: number): Promise<void> {
      await db.deleteFrom('challenges').where('id', '=', challengeId).execute();
    },

    /** Solves of Accepted teams per challenge of a game. */
    async acceptedCounts(gameId: number): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('solves')
        .innerJoin('participations', 'participations.id', 'solves.participation_id')
        .select(['solves.challenge_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('solves.game_id', '=', gameId)
        .where('participations.status', '=', 'Accepted')
        .groupBy('solves.challenge_id')
        .execute();
      return new Map(rows.map((r) => [r.challenge_id, Number(r.n)]));
    },

    /** The organiser's flags: static flags and the dynamic-attachment pool, not per-team generated ones. */
    async flags(challengeId: number): Promise<FlagRow[]> {
      return db
        .selectFrom('flags')
        .selectAll()
        .where('challenge_id', '=', challengeId)
        .where('participation_id', 'is', null)
        .orderBy('id')
        .execute();
    },

    async countFlags(challengeId: number): Promise<number> {
      const row = await db
        .selectFrom('flags')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('challenge_id', '=', challengeId)
        .where('participation_id', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insertFlag(
      challengeId: number,
      flag: string,
      matchType: FlagMatchTypeName,
      attachmentId: number | null,
    ): Promise<void> {
      await db
        .insertInto('flags')
        .values({ challenge_id: challengeId, flag, match_type: matchType, attachment_id: attachmentId })
        .execute();
    },

    async deleteFlag(challengeId: number, flagId: number): Promise<FlagRow | undefined> {
      return db
        .deleteFrom('flags')
        .where('id', '=', flagId)
        .where('challenge_id', '=', challengeId)
        .returningAll()
        .executeTakeFirst();
    },

    async attachments(ids: number[]): Promise<Map<number, AttachmentView>> {
      const found = new Map<number, AttachmentView>();
      // In slices: a game package reads every attachment of a game at once.
      for (let at = 0; at < ids.length; at += ATTACHMENT_SLICE) {
        const rows = await db
          .selectFrom('attachments')
          .leftJoin('files', 'files.hash', 'attachments.file_hash')
          .select([
            'attachments.id',
            'attachments.type',
            'attachments.remote_url',
            'attachments.file_hash',
            'attachments.file_name',
            'files.size',
          ])
          .where('attachments.id', 'in', ids.slice(at, at + ATTACHMENT_SLICE))
          .execute();
        for (const r of rows) {
          found.set(r.id, {
            id: r.id,
            type: r.type,
            remoteUrl: r.remote_url,
            fileHash: r.file_hash,
            fileSize: r.size ?? null,
            fileName: r.file_name,
          });
        }
      }
      return found;
    },

    async insertAttachment(attachment: NewAttachment): Promise<number> {
      const row = await db.insertInto('attachments').values(attachment).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /** Every attachment a challenge owns: its own and its flags'. */
    async attachmentIdsOf(challengeIds: number[]): Promise<number[]> {
      if (challengeIds.length === 0) return [];
      const own = await db
        .selectFrom('challenges')
        .select('attachment_id')
        .where('id', 'in', challengeIds)
        .where('attachment_id', 'is not', null)
        .execute();
      const ofFlags = await db
        .selectFrom('flags')
        .select('attachment_id')
        .where('challenge_id', 'in', challengeIds)
        .where('attachment_id', 'is not', null)
        .execute();
      return [...own, ...ofFlags].flatMap((r) => (r.attachment_id === null ? [] : [r.attachment_id]));
    },

    /** Deletes attachments and drops one reference to each local file they used. */
    async deleteAttachments(ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      const rows = await db.deleteFrom('attachments').where('id', 'in', ids).returning('file_hash').execute();
      for (const row of rows) {
        if (row.file_hash === null) continue;
        await db
          .updateTable('files')
          .set({ reference_count: sql`greatest(reference_count - 1, 0)` })
          .where('hash', '=', row.file_hash)
          .execute();
      }
    },

    /** Adds a reference to a stored file; false when no such file exists. */
    /** Takes a reference to a stored file; its latest upload name, or undefined when there is no such file. */
    async retainFile(hash: string): Promise<{ name: string | null } | undefined> {
      return db
        .updateTable('files')
        .set({ reference_count: sql`reference_count + 1` })
        .where('hash', '=', hash)
        .returning('name')
        .executeTakeFirst();
    },
  };
}
export type ChallengeRepository = ReturnType<typeof createChallengeRepository>;
