import type { HealthCheckEditModel } from '@flagpole/contract';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../db/database';
import type { ChallengesTable, FlagMatchTypeName, FlagsTable, GamesTable, HealthChecksTable } from '../db/schema';
import { type AttachmentView, createChallengeRepository } from '../repositories/challenge.repository';

export type ExportGameRow = Selectable<GamesTable>;
export type ExportChallengeRow = Selectable<ChallengesTable>;
export type ExportHealthRow = Pick<
  Selectable<HealthChecksTable>,
  'challenge_id' | 'image' | 'script' | 'timeout_seconds' | 'interval_seconds' | 'enabled'
>;
export type ExportFlagRow = Pick<
  Selectable<FlagsTable>,
  'id' | 'challenge_id' | 'flag' | 'attachment_id' | 'match_type'
>;

export type ExportAttachment = AttachmentView;

/** Rows are inserted in slices of this many (parameters per statement stay far below PostgreSQL's limit). */
const SLICE = 500;

function slices<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += SLICE) out.push(items.slice(at, at + SLICE));
  return out;
}

/** What export reads and import writes. Bound to a connection or a transaction; a few queries per game. */
export function createTransferRepository(db: Db) {
  return {
    // ---- export ----

    async game(gameId: number): Promise<ExportGameRow | undefined> {
      return db.selectFrom('games').selectAll().where('id', '=', gameId).executeTakeFirst();
    },

    /** Health checks of imported challenges: due at once (they run while the game runs, like any other). */
    async insertHealthChecks(
      gameId: number,
      checks: Array<{ challengeId: number; check: HealthCheckEditModel }>,
      now: Date,
    ): Promise<void> {
      if (checks.length === 0) return;
      await db
        .insertInto('health_checks')
        .values(
          checks.map(({ challengeId, check }) => ({
            challenge_id: challengeId,
            game_id: gameId,
            image: check.image,
            script: check.script,
            timeout_seconds: check.timeoutSeconds,
            interval_seconds: check.intervalSeconds,
            enabled: check.enabled,
            next_run_at: now,
          })),
        )
        .execute();
    },

    async healthChecks(gameId: number): Promise<ExportHealthRow[]> {
      return db
        .selectFrom('health_checks')
        .select(['challenge_id', 'image', 'script', 'timeout_seconds', 'interval_seconds', 'enabled'])
        .where('game_id', '=', gameId)
        .execute();
    },

    async challenges(gameId: number): Promise<ExportChallengeRow[]> {
      return db.selectFrom('challenges').selectAll().where('game_id', '=', gameId).orderBy('id').execute();
    },

    /**
     * The organiser's flags: static flags (never a team's generated flag) and the whole pool of dynamic
     * attachments, including pool flags already handed to a team (the hand-out is team data, left behind).
     */
    async flags(gameId: number): Promise<ExportFlagRow[]> {
      return db
        .selectFrom('flags')
        .innerJoin('challenges', 'challenges.id', 'flags.challenge_id')
        .select(['flags.id', 'flags.challenge_id', 'flags.flag', 'flags.attachment_id', 'flags.match_type'])
        .where('challenges.game_id', '=', gameId)
        .where('challenges.type', '<>', 'DynamicContainer')
        .where((eb) =>
          eb.or([eb('flags.participation_id', 'is', null), eb('challenges.type', '=', 'DynamicAttachment')]),
        )
        .orderBy('flags.challenge_id')
        .orderBy('flags.id')
        .execute();
    },

    /** Read as the challenge editor reads them, so a package names and sizes files the same way. */
    attachments(ids: number[]): Promise<Map<number, ExportAttachment>> {
      return createChallengeRepository(db).attachments(ids);
    },

    async fileSizes(hashes: string[]): Promise<Map<string, number>> {
      const found = new Map<string, number>();
      for (const slice of slices(hashes)) {
        const rows = await db.selectFrom('files').select(['hash', 'size']).where('hash', 'in', slice).execute();
        for (const r of rows) found.set(r.hash, r.size);
      }
      return found;
    },

    /** The organisers' notices, oldest first; automatic ones (bloods, new challenges) are game history. */
    async normalNotices(gameId: number) {
      return db
        .selectFrom('game_notices')
        .select(['values', 'published_at'])
        .where('game_id', '=', gameId)
        .where('type', '=', 'Normal')
        .orderBy('published_at')
        .orderBy('id')
        .execute();
    },

    /** Entered teams with their rosters and statuses (the `teams` part of an export). */
    async participations(gameId: number) {
      const rows = await db
        .selectFrom('participations')
        .innerJoin('teams', 'teams.id', 'participations.team_id')
        .leftJoin('participation_members', 'participation_members.participation_id', 'participations.id')
        .leftJoin('users', 'users.id', 'participation_members.user_id')
        .select([
          'participations.id',
          'teams.name as team',
          'participations.status',
          'participations.division_id',
          'participations.created_at',
          'users.user_name',
        ])
        .where('participations.game_id', '=', gameId)
        .orderBy('participations.id')
        .orderBy('users.user_name')
        .execute();
      const byId = new Map<
        number,
        { team: string; status: string; divisionId: number | null; joinedAt: Date; members: string[] }
      >();
      for (const r of rows) {
        const entry = byId.get(r.id) ?? {
          team: r.team,
          status: r.status,
          divisionId: r.division_id,
          joinedAt: r.created_at,
          members: [],
        };
        if (r.user_name) entry.members.push(r.user_name);
        byId.set(r.id, entry);
      }
      return [...byId.values()];
    },

    /** One page of a game's submissions in id order, after `afterId` (the `submissions` part of an export). */
    async submissionPage(gameId: number, after: { at: Date; id: string } | null, count: number) {
      let query = db
        .selectFrom('submissions')
        .innerJoin('participations', 'participations.id', 'submissions.participation_id')
        .innerJoin('teams', 'teams.id', 'participations.team_id')
        .leftJoin('users', 'users.id', 'submissions.user_id')
        .select([
          'submissions.id',
          'submissions.challenge_id',
          'teams.name as team',
          'users.user_name',
          'submissions.answer',
          'submissions.status',
          'submissions.submitted_at',
        ])
        .where('submissions.game_id', '=', gameId);
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb('submissions.submitted_at', '>', after.at),
            eb.and([eb('submissions.submitted_at', '=', after.at), eb('submissions.id', '>', after.id)]),
          ]),
        );
      }
      return query.orderBy('submissions.submitted_at').orderBy('submissions.id').limit(count).execute();
    },

    // ---- import ----

    async insertGame(game: Insertable<GamesTable>): Promise<number> {
      const row = await db.insertInto('games').values(game).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /** New challenges; the ids come back in the order given (PostgreSQL returns VALUES rows in order). */
    async insertChallenges(rows: Array<Insertable<ChallengesTable>>): Promise<number[]> {
      const ids: number[] = [];
      for (const slice of slices(rows)) {
        const inserted = await db.insertInto('challenges').values(slice).returning('id').execute();
        ids.push(...inserted.map((r) => r.id));
      }
      return ids;
    },

    /** New attachment rows; the ids come back in the order given. */
    async insertAttachments(
      rows: Array<{ type: 'Local' | 'Remote'; file_hash: string | null; remote_url: string | null }>,
    ): Promise<number[]> {
      const ids: number[] = [];
      for (const slice of slices(rows)) {
        const inserted = await db.insertInto('attachments').values(slice).returning('id').execute();
        ids.push(...inserted.map((r) => r.id));
      }
      return ids;
    },

    async insertFlags(
      rows: Array<{ challenge_id: number; flag: string; match_type: FlagMatchTypeName; attachment_id: number | null }>,
    ): Promise<void> {
      for (const slice of slices(rows)) await db.insertInto('flags').values(slice).execute();
    },

    async insertNotices(gameId: number, notices: Array<{ content: string; publishedAt: Date }>): Promise<void> {
      const rows = notices.map((n) => ({
        game_id: gameId,
        type: 'Normal' as const,
        values: JSON.stringify([n.content]),
        published_at: n.publishedAt,
      }));
      for (const slice of slices(rows)) await db.insertInto('game_notices').values(slice).execute();
    },

    /** Adds `count` references to each file, creating the rows of files new to the store. */
    async addFileReferences(files: Array<{ hash: string; size: number; contentType: string; count: number }>) {
      const rows = files.map((f) => ({
        hash: f.hash,
        size: f.size,
        content_type: f.contentType,
        reference_count: f.count,
      }));
      for (const slice of slices(rows)) {
        await db
          .insertInto('files')
          .values(slice)
          .onConflict((oc) =>
            oc.column('hash').doUpdateSet({ reference_count: sql`files.reference_count + excluded.reference_count` }),
          )
          .execute();
      }
    },
  };
}
export type TransferRepository = ReturnType<typeof createTransferRepository>;
