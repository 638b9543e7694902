import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { fromEpochMs, ValuesStatement } from './values-statement';

export interface NewSubmission {
  gameId: number;
  challengeId: number;
  participationId: number;
  userId: string;
  answer: string;
  at: Date;
  /**
   * Set when the verdict was given on entry: the row is stored judged, with its event. An Accepted one is
   * stored only by the judge's transaction, which records its solve beside it (judge.repository `storeAccepting`).
   */
  judged?: { status: 'WrongAnswer' | 'Accepted'; at: Date; challengeTitle: string; teamId: number };
  /** The process that stores it and will judge it (its lease id). */
  owner: string;
  /** The client's Idempotency-Key, if it sent one. */
  idempotencyKey?: string | undefined;
}

/** A stored submission's id; `replayOf` is set when the key was used before and nothing new was stored. */
export interface StoredSubmission {
  id: number;
  /** The earlier submission the idempotency key names: what it was for, to refuse a key reused for another answer. */
  replayOf?: { gameId: number; challengeId: number; answer: string };
}

const submissionValues = (input: NewSubmission) => ({
  game_id: input.gameId,
  challenge_id: input.challengeId,
  participation_id: input.participationId,
  user_id: input.userId,
  answer: input.answer,
  submitted_at: input.at,
  owner_process: input.owner,
  idempotency_key: input.idempotencyKey ?? null,
});

const keyOf = (userId: string, idempotencyKey: string) => `${userId} ${idempotencyKey}`;

interface InsertedRow {
  id: string | number;
  user_id: string;
  idempotency_key: string | null;
  /** The submission became its team's solve (only `insertAcceptingStatement` records solves). */
  solved: boolean;
}

/** The columns of `submissionsWith`'s rows; the two times are Unix milliseconds (see fromEpochMs). */
const SUBMISSION_CASTS = [
  'int',
  'int',
  'int',
  'int',
  'uuid',
  'text',
  'int8',
  'text',
  'int8',
  'jsonb',
  'int',
  'uuid',
  'text',
];

/**
 * The group commit's statement. Rows judged on entry get their FlagSubmit event in the same statement, unless
 * their key was used before (nothing is stored then). Ids are drawn in `ord` order, so sorting them restores
 * the order given. `solves` is the rest of the statement: a last common table expression and the final select.
 */
const submissionsWith = (values: string, solves: string) => `
    with sent(ord, game_id, challenge_id, participation_id, user_id, answer, submitted_ms, status, checked_ms,
           event_values, team_id, owner_process, idempotency_key) as (${values}),
    v as (
      select ord, game_id, challenge_id, participation_id, user_id, answer, ${fromEpochMs('submitted_ms')} as submitted_at,
        status, ${fromEpochMs('checked_ms')} as checked_at, event_values, team_id, owner_process, idempotency_key
      from sent
    ),
    inserted as (
      insert into submissions (game_id, challenge_id, participation_id, user_id, answer, submitted_at, status,
        checked_at, owner_process, idempotency_key)
      select game_id, challenge_id, participation_id, user_id, answer, submitted_at, status, checked_at,
        owner_process, idempotency_key
      from v order by ord
      on conflict (user_id, idempotency_key) where idempotency_key is not null do nothing
      returning id, user_id, idempotency_key, game_id, challenge_id, participation_id, submitted_at, status
    ),
    events as (
      insert into game_events (game_id, type, values, user_id, team_id, published_at)
      select game_id, 'FlagSubmit', event_values, user_id, team_id, checked_at from v
      where event_values is not null
        and (v.idempotency_key is null or exists (
          select 1 from inserted i where i.user_id = v.user_id and i.idempotency_key = v.idempotency_key))
      order by ord
    )${solves}`;

const insertStatement = new ValuesStatement(SUBMISSION_CASTS, (values) =>
  submissionsWith(
    values,
    `
    select id, user_id, idempotency_key, false as solved from inserted order by id`,
  ),
);

/**
 * The group commit that also records the solves of its Accepted rows, as `recordSolves` does (one per team and
 * challenge, the batch's earliest answer, moved earlier if an earlier one arrives): for batches that need no
 * challenge lock, so a batch of correct answers is one statement committed on its own rather than a transaction of
 * four. `solved` tells which stored submissions became their team's solve.
 */
const insertAcceptingStatement = new ValuesStatement(SUBMISSION_CASTS, (values) =>
  submissionsWith(
    values,
    `,
    solved as (
      insert into solves (participation_id, challenge_id, game_id, submission_id, solved_at)
      select distinct on (participation_id, challenge_id) participation_id, challenge_id, game_id, id, submitted_at
      from inserted where status = 'Accepted'
      order by participation_id, challenge_id, submitted_at, id
      on conflict (participation_id, challenge_id) do update
        set submission_id = excluded.submission_id, solved_at = excluded.solved_at
        where solves.solved_at > excluded.solved_at
      returning submission_id
    )
    select i.id, i.user_id, i.idempotency_key, (s.submission_id is not null) as solved
    from inserted i left join solved s on s.submission_id = i.id
    order by i.id`,
  ),
);

const UNIQUE_VIOLATION = '23505';
export const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;

/** The submissions these (user, idempotency key) pairs stored earlier, by `keyOf`. */
export async function submissionsByKey(
  pairs: readonly { userId: string; key: string }[],
  executor: Db | Transaction<Database>,
): Promise<Map<string, StoredSubmission>> {
  const found = new Map<string, StoredSubmission>();
  if (pairs.length === 0) return found;
  const rows = await executor
    .selectFrom('submissions')
    .select(['id', 'user_id', 'idempotency_key', 'game_id', 'challenge_id', 'answer'])
    .where((eb) => eb.or(pairs.map((p) => eb.and([eb('user_id', '=', p.userId), eb('idempotency_key', '=', p.key)]))))
    .execute();
  for (const r of rows) {
    if (r.user_id === null || r.idempotency_key === null) continue;
    found.set(keyOf(r.user_id, r.idempotency_key), {
      id: Number(r.id),
      replayOf: { gameId: r.game_id, challengeId: r.challenge_id, answer: r.answer },
    });
  }
  return found;
}

/**
 * Stores submissions to challenges without a submission limit in one statement; the results come back in
 * the order given (PostgreSQL assigns the ids in the order of the VALUES list). A submission whose
 * idempotency key its user sent before stores nothing and answers the earlier submission (`replayOf`).
 */
export async function insertSubmissions(
  executor: Db | Transaction<Database>,
  inputs: readonly NewSubmission[],
): Promise<StoredSubmission[]> {
  return (await insertWith(insertStatement, executor, inputs)).stored;
}

/**
 * `insertSubmissions` for a group commit holding correct answers judged on entry whose challenges need no lock
 * (every blood given): their solves are recorded in the same statement. Returns the stored submissions and the ids
 * of those that became their team's solve (inserted or moved earlier).
 */
export function insertAcceptingSubmissions(
  executor: Db | Transaction<Database>,
  inputs: readonly NewSubmission[],
): Promise<{ stored: StoredSubmission[]; solved: Set<number> }> {
  return insertWith(insertAcceptingStatement, executor, inputs);
}

async function insertWith(
  statement: ValuesStatement,
  executor: Db | Transaction<Database>,
  inputs: readonly NewSubmission[],
): Promise<{ stored: StoredSubmission[]; solved: Set<number> }> {
  const solved = new Set<number>();
  if (inputs.length === 0) return { stored: [], solved };
  // The same key twice in one batch (a client retrying at once): only the first goes to the database.
  const firstOfKey = new Map<string, number>();
  const unique: NewSubmission[] = [];
  /** Each input's place in `unique`, negative (-1 - place) for a repeat of an earlier input's key. */
  const places = inputs.map((input) => {
    if (input.idempotencyKey !== undefined) {
      const key = keyOf(input.userId, input.idempotencyKey);
      const first = firstOfKey.get(key);
      if (first !== undefined) return -1 - first;
      firstOfKey.set(key, unique.length);
    }
    unique.push(input);
    return unique.length - 1;
  });
  const rows = unique.map((input, ord) => {
    const judged = input.judged;
    const eventValues = judged
      ? JSON.stringify([judged.status, input.answer, judged.challengeTitle, String(input.challengeId)])
      : null;
    return [
      ord,
      input.gameId,
      input.challengeId,
      input.participationId,
      input.userId,
      input.answer,
      input.at.getTime(),
      judged?.status ?? 'FlagSubmitted',
      judged ? judged.at.getTime() : null,
      eventValues,
      judged?.teamId ?? null,
      input.owner,
      input.idempotencyKey ?? null,
    ];
  });
  const result = await executor.executeQuery(statement.compile<InsertedRow>(rows));
  for (const r of result.rows) if (r.solved) solved.add(Number(r.id));
  const storedKeys = new Set(
    result.rows.flatMap((r) => (r.idempotency_key === null ? [] : [keyOf(r.user_id, r.idempotency_key)])),
  );
  const ids = result.rows.map((r) => Number(r.id));
  let next = 0;
  const fresh: Array<StoredSubmission | undefined> = unique.map((input) =>
    input.idempotencyKey === undefined || storedKeys.has(keyOf(input.userId, input.idempotencyKey))
      ? { id: ids[next++] as number }
      : undefined,
  );
  const replayed = unique.flatMap((input, index) =>
    fresh[index] === undefined ? [{ userId: input.userId, key: input.idempotencyKey as string }] : [],
  );
  const earlier = await submissionsByKey(replayed, executor);
  const uniqueResults = unique.map((input, index) => {
    const own = fresh[index];
    if (own) return own;
    const found = earlier.get(keyOf(input.userId, input.idempotencyKey as string));
    if (!found) throw new Error('submission with a used idempotency key not found');
    return found;
  });
  const stored = inputs.map((input, index) => {
    const place = places[index] as number;
    if (place >= 0) return uniqueResults[place] as StoredSubmission;
    // A repeat within the batch answers the first one's id, as a replay of it.
    const first = uniqueResults[-1 - place] as StoredSubmission;
    return {
      id: first.id,
      replayOf: { gameId: input.gameId, challengeId: input.challengeId, answer: input.answer },
    };
  });
  return { stored, solved };
}

/**
 * Storing flag submissions: group-committed inserts for challenges without a limit, and the advisory-locked
 * insert of limited ones; both answer a repeated Idempotency-Key with the submission it named first.
 */
export function createSubmissionStore(db: Db) {
  return {
    submissionsByKey: (pairs: readonly { userId: string; key: string }[], executor: Db | Transaction<Database> = db) =>
      submissionsByKey(pairs, executor),

    /** Group commit on its own (no verdict given on entry is Accepted), see `insertSubmissions`. */
    insertSubmissions: (inputs: readonly NewSubmission[]) => insertSubmissions(db, inputs),

    /**
     * Stores a submission as FlagSubmitted and returns it, or 'limit' when the team has used up the
     * challenge's submission limit. With a limit, an advisory lock per (team, challenge) serialises the
     * count and the insert, so parallel submissions cannot overshoot it. A key sent before answers the
     * earlier submission without counting against the limit.
     */
    async insertLimitedSubmission(input: NewSubmission & { limit: number }): Promise<StoredSubmission | 'limit'> {
      const values = submissionValues(input);
      const replay = async (executor: Db | Transaction<Database> = db) => {
        if (input.idempotencyKey === undefined) return undefined;
        const found = await submissionsByKey([{ userId: input.userId, key: input.idempotencyKey }], executor);
        return found.get(keyOf(input.userId, input.idempotencyKey));
      };
      try {
        return await db.transaction().execute(async (trx) => {
          await sql`select pg_advisory_xact_lock(${input.participationId}::int, ${input.challengeId}::int)`.execute(
            trx,
          );
          const earlier = await replay(trx);
          if (earlier) return earlier;
          const count = await trx
            .selectFrom('submissions')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('participation_id', '=', input.participationId)
            .where('challenge_id', '=', input.challengeId)
            .executeTakeFirstOrThrow();
          if (Number(count.n) >= input.limit) return 'limit';
          const row = await trx.insertInto('submissions').values(values).returning('id').executeTakeFirstOrThrow();
          return { id: Number(row.id) };
        });
      } catch (error) {
        // The key was taken meanwhile by the same user's submission to another challenge.
        const earlier = isUniqueViolation(error) ? await replay() : undefined;
        if (earlier) return earlier;
        throw error;
      }
    },
  };
}
