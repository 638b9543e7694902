import { sql } from 'kysely';
import type { Db } from '../db/database';
import { CROWD, type EvidenceCase, type EvidenceInput } from './evidence-rules';

export interface StoredCase extends EvidenceCase {
  dismissedAt: Date | null;
  updatedAt: Date;
}

const ms = (d: Date) => d.getTime();

/** Rows per statement when storing cases: 6 parameters each, far below PostgreSQL's limit. */
const STORE_CHUNK = 500;

function chunked<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/**
 * The wrong answers that more than one team gave to a challenge (and no more than CROWD teams: a common guess
 * means nothing), one row per team with its first time. Grouped by PostgreSQL, so a game with millions of wrong
 * flags (brute forcing, format guessing) is read as a scan, not carried into this process each computation; the
 * answer is normalised as `normaliseAnswer` does (white space runs as one space, trimmed, case ignored).
 */
function sharedWrongAnswers(db: Db, gameId: number) {
  return sql<{ participation_id: number; challenge_id: number; answer: string; submitted_at: Date }>`
    with per_team as (
      select challenge_id, participation_id, min(submitted_at) as submitted_at,
             lower(btrim(regexp_replace(answer, '\\s+', ' ', 'g'))) as answer
      from submissions
      where game_id = ${gameId} and status = 'WrongAnswer'
      group by 1, 2, 4
    ), shared as (
      select challenge_id, answer from per_team where answer <> ''
      group by challenge_id, answer having count(*) between 2 and ${CROWD}
    )
    select p.participation_id, p.challenge_id, p.answer, p.submitted_at
    from per_team p join shared s on s.challenge_id = p.challenge_id and s.answer = p.answer`.execute(db);
}

/** SQL of flag-sharing evidence: the activity the rules read, the claim, and the stored cases. */
export function createEvidenceRepository(db: Db) {
  return {
    /** Everything the rules need about one game, read in a few plain queries (never on the submission path). */
    async input(gameId: number): Promise<EvidenceInput> {
      const [cheats, wrong, solves, sessions, instances, downloads, gated] = await Promise.all([
        db
          .selectFrom('cheat_infos as ci')
          .innerJoin('submissions as s', 's.id', 'ci.submission_id')
          .select(['ci.submit_participation_id', 'ci.source_participation_id', 's.challenge_id', 's.submitted_at'])
          .select('s.answer')
          .where('ci.game_id', '=', gameId)
          .execute(),
        sharedWrongAnswers(db, gameId),
        db
          .selectFrom('solves')
          .select(['participation_id', 'challenge_id', 'solved_at'])
          .where('game_id', '=', gameId)
          .execute(),
        db
          .selectFrom('sessions as s')
          .innerJoin('participation_members as pm', 'pm.user_id', 's.user_id')
          .select(['pm.participation_id', 's.ip', 's.user_agent', 's.language', 's.created_at'])
          .where('pm.game_id', '=', gameId)
          .execute(),
        db
          .selectFrom('container_instances')
          .select(['participation_id', 'challenge_id', 'started_at'])
          .where('game_id', '=', gameId)
          .where('participation_id', 'is not', null)
          .execute(),
        db
          .selectFrom('attachment_downloads as d')
          .innerJoin('participations as p', 'p.id', 'd.participation_id')
          .select(['d.participation_id', 'd.challenge_id', 'd.first_at'])
          .where('p.game_id', '=', gameId)
          .execute(),
        db
          .selectFrom('challenges as c')
          .leftJoin('attachments as a', 'a.id', 'c.attachment_id')
          .select('c.id')
          .where('c.game_id', '=', gameId)
          .where((eb) =>
            eb.or([
              eb('c.type', 'in', ['StaticContainer', 'DynamicContainer', 'DynamicAttachment']),
              eb('a.type', '=', 'Local'),
            ]),
          )
          .execute(),
      ]);
      return {
        wrongTeamFlags: cheats.map((r) => ({
          submitParticipationId: r.submit_participation_id,
          sourceParticipationId: r.source_participation_id,
          challengeId: r.challenge_id,
          at: ms(r.submitted_at),
          answer: r.answer,
        })),
        wrongAnswers: wrong.rows.map((r) => ({
          participationId: r.participation_id,
          challengeId: r.challenge_id,
          answer: r.answer,
          at: ms(r.submitted_at),
        })),
        solves: solves.map((r) => ({
          participationId: r.participation_id,
          challengeId: r.challenge_id,
          at: ms(r.solved_at),
        })),
        sessions: sessions.map((r) => ({
          participationId: r.participation_id,
          ip: r.ip,
          userAgent: r.user_agent,
          language: r.language,
          at: ms(r.created_at),
        })),
        accesses: [
          ...instances.map((r) => ({
            participationId: r.participation_id as number,
            challengeId: r.challenge_id,
            at: ms(r.started_at),
          })),
          ...downloads.map((r) => ({
            participationId: r.participation_id,
            challengeId: r.challenge_id,
            at: ms(r.first_at),
          })),
        ],
        gatedChallengeIds: gated.map((r) => r.id),
      };
    },

    /**
     * Claims the game's computation for `owner` when none ran since `staleBefore` (or `force`) and no live claim
     * holds it: one conditional statement, so of several processes exactly one wins.
     */
    async claim(gameId: number, owner: string, now: Date, until: Date, staleBefore: Date, force: boolean) {
      const row = await sql<{ game_id: number }>`
        insert into evidence_runs (game_id, claimed_by, claimed_until) values (${gameId}, ${owner}, ${until})
        on conflict (game_id) do update set claimed_by = excluded.claimed_by, claimed_until = excluded.claimed_until
        where (evidence_runs.claimed_until is null or evidence_runs.claimed_until < ${now})
          and (${force} or evidence_runs.computed_at is null or evidence_runs.computed_at < ${staleBefore})
        returning game_id`.execute(db);
      return row.rows.length > 0;
    },

    /**
     * Stores a computation: cases upserted (a dismissal stays), cases gone deleted, the claim released. A big
     * game can hold tens of thousands of cases: they are written a chunk per statement, not a statement per case,
     * and the keys to delete are found by reading the stored ones (a `not in` list of every new key would outgrow
     * PostgreSQL's 65,535 parameters).
     */
    async store(gameId: number, owner: string, cases: EvidenceCase[], now: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const kept = new Set(cases.map((c) => c.key));
        const stored = await trx
          .selectFrom('evidence_cases')
          .select('case_key')
          .where('game_id', '=', gameId)
          .execute();
        const gone = stored.map((row) => row.case_key).filter((key) => !kept.has(key));
        for (const keys of chunked(gone, STORE_CHUNK)) {
          await trx.deleteFrom('evidence_cases').where('game_id', '=', gameId).where('case_key', 'in', keys).execute();
        }
        for (const chunk of chunked(cases, STORE_CHUNK)) {
          await trx
            .insertInto('evidence_cases')
            .values(
              chunk.map((c) => ({
                game_id: gameId,
                case_key: c.key,
                participation_ids: JSON.stringify(c.participationIds),
                strength: c.strength,
                signals: JSON.stringify(c.signals),
                updated_at: now,
              })),
            )
            .onConflict((oc) =>
              oc.columns(['game_id', 'case_key']).doUpdateSet((eb) => ({
                strength: eb.ref('excluded.strength'),
                signals: eb.ref('excluded.signals'),
                participation_ids: eb.ref('excluded.participation_ids'),
                updated_at: eb.ref('excluded.updated_at'),
              })),
            )
            .execute();
        }
        await trx
          .updateTable('evidence_runs')
          .set({ computed_at: now, claimed_by: null, claimed_until: null })
          .where('game_id', '=', gameId)
          .where('claimed_by', '=', owner)
          .execute();
      });
    },

    async release(gameId: number, owner: string): Promise<void> {
      await db
        .updateTable('evidence_runs')
        .set({ claimed_by: null, claimed_until: null })
        .where('game_id', '=', gameId)
        .where('claimed_by', '=', owner)
        .execute();
    },

    async computedAt(gameId: number): Promise<Date | null> {
      const row = await db
        .selectFrom('evidence_runs')
        .select('computed_at')
        .where('game_id', '=', gameId)
        .executeTakeFirst();
      return row?.computed_at ?? null;
    },

    async cases(gameId: number): Promise<StoredCase[]> {
      const rows = await db
        .selectFrom('evidence_cases')
        .selectAll()
        .where('game_id', '=', gameId)
        .orderBy('strength', 'desc')
        .orderBy('case_key')
        .execute();
      return rows.map((r) => ({
        key: r.case_key,
        participationIds: r.participation_ids,
        strength: r.strength,
        signals: r.signals as EvidenceCase['signals'],
        dismissedAt: r.dismissed_at,
        updatedAt: r.updated_at,
      }));
    },

    async setDismissed(gameId: number, key: string, by: string | null, at: Date | null): Promise<boolean> {
      const result = await db
        .updateTable('evidence_cases')
        .set({ dismissed_at: at, dismissed_by: by })
        .where('game_id', '=', gameId)
        .where('case_key', '=', key)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Games worth computing each minute: started, not ended more than an hour ago. */
    async activeGames(now: Date): Promise<number[]> {
      const rows = await db
        .selectFrom('games')
        .select('id')
        .where('start_at', '<=', now)
        .where('end_at', '>', new Date(now.getTime() - 60 * 60_000))
        .execute();
      return rows.map((r) => r.id);
    },

    /** Records a team's first download of a challenge's local attachment, by the file's hash (never throws). */
    async recordDownload(userId: string, fileHash: string, now: Date): Promise<void> {
      await sql`
        insert into attachment_downloads (participation_id, challenge_id, first_at)
        select distinct pm.participation_id, c.id, ${now}::timestamptz
        from attachments a
        join challenges c on c.attachment_id = a.id
          or c.id in (select f.challenge_id from flags f where f.attachment_id = a.id)
        join participation_members pm on pm.game_id = c.game_id and pm.user_id = ${userId}
        join games g on g.id = c.game_id and g.start_at <= ${now} and g.end_at > ${now}
        where a.type = 'Local' and a.file_hash = ${fileHash}
        on conflict do nothing`.execute(db);
    },
  };
}
export type EvidenceRepository = ReturnType<typeof createEvidenceRepository>;
