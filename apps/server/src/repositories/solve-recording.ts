import { GamePermission, hasPermission } from '@flagpole/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { HIDDEN_TITLE } from '../scoring/prerequisites';
import type { ScoreboardSolveInput } from '../scoring/types';
import type { BloodNotice, Verdict } from './judge-types';
import type { NoticeRepository } from './notice.repository';
import { ValuesStatement } from './values-statement';

const BLOOD_NOTICES = ['FirstBlood', 'SecondBlood', 'ThirdBlood'] as const;

/** Inserts solves, or moves a team's solve to an earlier submission; tells which rows are new. */
const solveStatement = new ValuesStatement(
  ['int', 'int', 'int', 'bigint', 'timestamptz'],
  (values) => `
    insert into solves (participation_id, challenge_id, game_id, submission_id, solved_at) ${values}
    on conflict (participation_id, challenge_id) do update
      set submission_id = excluded.submission_id, solved_at = excluded.solved_at
      where solves.solved_at > excluded.solved_at
    returning submission_id, (xmax = 0) as inserted`,
);

/** What recording accepted answers wrote: solves inserted or moved earlier (by game), and blood notices. */
export interface RecordedSolves {
  solves: Map<number, ScoreboardSolveInput[]>;
  notices: BloodNotice[];
}

/**
 * The eligible solves of each challenge committed before, counted up to three (ranks past third blood award
 * nothing, so an index walk of a few rows replaces a count of every solve). Eligible: the team is Accepted,
 * its division (if any) has GetBlood on the challenge, the solve lies in [start, end) and not after the
 * challenge deadline — the scoreboard's rule (scoring/README.md). `challengeIds` is a subquery of the ids;
 * `excluded` one of submissions not to count (the new solves themselves), if any.
 */
function priorEligibleSolves(challengeIds: string, excluded?: string): string {
  return `
    select c.id as challenge_id, (
      select count(*)::int from (
        select 1 from solves s
        join participations p on p.id = s.participation_id
        join games g on g.id = s.game_id
        where s.challenge_id = c.id
          ${excluded === undefined ? '' : `and s.submission_id not in (${excluded})`}
          and p.status = 'Accepted'
          and (p.division_id is null or (coalesce(
            (select dc.permissions from division_challenge_configs dc
              where dc.division_id = p.division_id and dc.challenge_id = c.id),
            (select d.default_permissions from divisions d where d.id = p.division_id)
          ) & ${GamePermission.GetBlood}) <> 0)
          and s.solved_at >= g.start_at and s.solved_at < g.end_at
          and (c.deadline_at is null or s.solved_at <= c.deadline_at)
        limit 3
      ) as first_three
    ) as n
    from challenges c
    where c.id in (${challengeIds})`;
}

/**
 * Counts the prior eligible solves of a list of challenges. Asked before every group commit that holds a correct
 * answer (`openChallenges`), so its text is written once per id count rather than built per batch.
 */
const priorSolvesStatement = new ValuesStatement(['int'], (values) =>
  priorEligibleSolves(`select id from (${values}) as ids(id)`),
);

/**
 * The challenges among `challengeIds` whose bloods are not all given (fewer than three eligible solves committed),
 * in id order: the ones a batch of solves must lock (`lockChallenges`).
 */
export async function openChallenges(
  executor: Kysely<Database> | Transaction<Database>,
  challengeIds: readonly number[],
): Promise<number[]> {
  const ids = [...new Set(challengeIds)].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const prior = await executor.executeQuery(
    priorSolvesStatement.compile<{ challenge_id: number; n: number }>(ids.map((id) => [id])),
  );
  const decided = new Set(prior.rows.filter((r) => Number(r.n) >= 3).map((r) => r.challenge_id));
  return ids.filter((id) => !decided.has(id));
}

/**
 * Locks the rows of the challenges that will get solves and whose bloods are not all given yet, in id order
 * (so two transactions never deadlock), before anything counts their solves: blood ranks are decided under
 * this lock. A challenge with three eligible solves already committed is not locked: committed solves stay,
 * so no new solve of it can be a blood whatever commits beside it, and batches of solves to such challenges
 * (nearly all of them once a game is under way) commit side by side instead of one after another. Not FOR
 * UPDATE: that would also block the foreign-key checks of new submissions to these challenges. Returns the
 * challenges locked: only their new solves are checked for bloods.
 */
export async function lockChallenges(
  trx: Transaction<Database>,
  challengeIds: readonly number[],
): Promise<Set<number>> {
  const open = await openChallenges(trx, challengeIds);
  if (open.length > 0) {
    await trx.selectFrom('challenges').select('id').where('id', 'in', open).orderBy('id').forNoKeyUpdate().execute();
  }
  return new Set(open);
}

/**
 * Inserts the solves of accepted answers and awards bloods for new solves of the challenges `locked` by
 * `lockChallenges` (the others have all their bloods). The
 * primary key keeps one solve per team and challenge: the earliest submission, whatever order they were
 * judged in. Returns the solves every process's scoreboard merges and the blood notices to announce.
 */
/** The solves of the accepted answers whose submission became the team's solve (`written`), by game. */
export function solvesByGame(
  accepted: readonly Verdict[],
  written: ReadonlySet<number>,
): Map<number, ScoreboardSolveInput[]> {
  const byGame = new Map<number, ScoreboardSolveInput[]>();
  for (const { submission } of accepted) {
    if (!written.has(submission.id)) continue;
    const solves = byGame.get(submission.gameId) ?? [];
    solves.push({
      participationId: submission.participationId,
      challengeId: submission.challengeId,
      userName: submission.userName,
      time: submission.submittedAt.getTime(),
    });
    byGame.set(submission.gameId, solves);
  }
  return byGame;
}

export async function recordSolves(
  trx: Transaction<Database>,
  accepted: readonly Verdict[],
  now: Date,
  notices: NoticeRepository,
  locked: ReadonlySet<number>,
): Promise<RecordedSolves> {
  const recorded: RecordedSolves = { solves: new Map(), notices: [] };
  if (accepted.length === 0) return recorded;
  // One row per team and challenge (an upsert may not touch a row twice): a team's earliest answer of the batch.
  const earliest = new Map<string, Verdict>();
  for (const v of accepted) {
    const key = `${v.submission.participationId}:${v.submission.challengeId}`;
    const held = earliest.get(key);
    if (!held || v.submission.submittedAt.getTime() < held.submission.submittedAt.getTime()) earliest.set(key, v);
  }
  const inserted = (
    await trx.executeQuery(
      solveStatement.compile<{ submission_id: string; inserted: boolean }>(
        [...earliest.values()].map((v) => [
          v.submission.participationId,
          v.submission.challengeId,
          v.submission.gameId,
          String(v.submission.id),
          v.submission.submittedAt,
        ]),
      ),
    )
  ).rows;
  recorded.solves = solvesByGame(accepted, new Set(inserted.map((r) => Number(r.submission_id))));
  const newIds = new Set(inserted.filter((r) => r.inserted).map((r) => Number(r.submission_id)));
  if (newIds.size === 0) return recorded;
  const newSolves = accepted.filter((v) => newIds.has(v.submission.id) && locked.has(v.submission.challengeId));
  if (newSolves.length === 0) return recorded;
  recorded.notices = await awardBloods(trx, newSolves, now, notices);
  return recorded;
}

interface BloodFacts {
  submission_id: string | number;
  /** The team's permissions on the challenge when it is Accepted (All without a division); null otherwise. */
  permissions: number | null;
  disable_blood_bonus: boolean;
  deadline_at: Date | null;
  start_at: Date;
  end_at: Date;
  /** The game's scoreboard freeze and its reveal (docs/game-play.md, "Freeze and reveal"). */
  freeze_at: Date | null;
  scoreboard_revealed_at: Date | null;
  /** Eligible solves of the challenge committed before, counted up to three. */
  prior: number;
  /** Hidden until a team unlocks it (scoring/prerequisites.ts): its blood notice must not name it. */
  title_hidden: boolean;
}

/**
 * What deciding bloods needs of each new solve, in one statement: the team's permissions, the challenge's
 * blood settings and window, and how many eligible solves the challenge had before (up to three).
 */
async function bloodFacts(trx: Transaction<Database>, newSolves: readonly Verdict[]): Promise<BloodFacts[]> {
  const result = await sql<BloodFacts>`
    with v(submission_id, participation_id, challenge_id) as (values ${sql.join(
      newSolves.map(
        (v) =>
          sql`(${String(v.submission.id)}::bigint, ${v.submission.participationId}::int, ${v.submission.challengeId}::int)`,
      ),
    )}),
    prior as (${sql.raw(priorEligibleSolves('select challenge_id from v', 'select submission_id from v'))})
    select v.submission_id,
      (select coalesce(dc.permissions, d.default_permissions, ${GamePermission.All}::int)
        from participations p
        left join divisions d on d.id = p.division_id
        left join division_challenge_configs dc on dc.division_id = p.division_id and dc.challenge_id = v.challenge_id
        where p.id = v.participation_id and p.status = 'Accepted') as permissions,
      c.disable_blood_bonus, c.deadline_at, g.start_at, g.end_at, g.freeze_at, g.scoreboard_revealed_at,
      prior.n as prior,
      (c.prerequisite_hidden and exists (select 1 from challenge_prerequisites cp where cp.challenge_id = c.id))
        as title_hidden
    from v
    join challenges c on c.id = v.challenge_id
    join games g on g.id = c.game_id
    join prior on prior.challenge_id = v.challenge_id`.execute(trx);
  return result.rows;
}

/**
 * Blood notices for new solves, decided under the challenge row locks taken by the caller: a new solve is
 * the k-th blood when k-1 earlier eligible solves of the challenge are already committed (commit order).
 * Eligible: the team is Accepted, its division (if any) has GetBlood on the challenge, the challenge keeps
 * its blood bonus, and the solve lies in [start, end) and not after the challenge deadline — the scoreboard's
 * rule (scoring/README.md). No notice once the game has ended. The blood of a solve made during a scoreboard
 * freeze is stored held: players learn of it at the reveal, not now (it is not returned for announcing).
 */
async function awardBloods(
  trx: Transaction<Database>,
  newSolves: readonly Verdict[],
  now: Date,
  notices: NoticeRepository,
): Promise<BloodNotice[]> {
  const facts = new Map((await bloodFacts(trx, newSolves)).map((f) => [Number(f.submission_id), f]));
  const counts = new Map<number, number>();
  const awarded: BloodNotice[] = [];
  for (const v of newSolves) {
    const f = facts.get(v.submission.id);
    if (!f || f.permissions === null || !hasPermission(f.permissions, GamePermission.GetBlood)) continue;
    const time = v.submission.submittedAt.getTime();
    const inWindow = time >= f.start_at.getTime() && time < f.end_at.getTime();
    const beforeDeadline = f.deadline_at === null || time <= f.deadline_at.getTime();
    if (!inWindow || !beforeDeadline) continue;
    const challengeId = v.submission.challengeId;
    const rank = (counts.get(challengeId) ?? Number(f.prior)) + 1;
    counts.set(challengeId, rank);
    const type = BLOOD_NOTICES[rank - 1];
    if (!type || f.disable_blood_bonus || now.getTime() >= f.end_at.getTime()) continue;
    const held = f.freeze_at !== null && f.scoreboard_revealed_at === null && time >= f.freeze_at.getTime();
    // A held notice carries its solve's time until it is released, so that a freeze moved later publishes
    // exactly the bloods won before the new freeze (game-edit.service.ts).
    const notice = await notices.insert(
      v.submission.gameId,
      type,
      [v.submission.teamName, f.title_hidden ? HIDDEN_TITLE : v.submission.challengeTitle],
      held ? v.submission.submittedAt : now,
      trx,
      held,
    );
    if (held) continue;
    awarded.push({ gameId: v.submission.gameId, notice });
  }
  return awarded;
}
