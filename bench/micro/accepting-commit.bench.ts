/**
 * Micro-benchmark of the group commit of correct answers judged on entry, on the local PostgreSQL server: batches
 * of 14 correct answers from 14 teams (the mean batch of game-load's 50-connection phase) to challenges whose
 * bloods are all given, stored the two ways the judge repository has had: the transaction every such batch was
 * (begin, the blood check, the submissions with their events, the solves, commit: five round trips) and the
 * statement it now is when no challenge needs a lock (the same check, then one statement: two round trips).
 * One batch at a time, the two ways alternating in blocks of 25; wall time per batch, so the figure is the
 * round trips' and PostgreSQL's share of a correct flag's POST (its commit waits for the WAL flush).
 *
 *   flock /tmp/flagpole-bench.lock node --import tsx bench/micro/accepting-commit.bench.ts   (from the repository root)
 */
import { sql } from 'kysely';
import { migrate, openDatabase } from '../../apps/server/src/db/database';
import { createNoticeRepository } from '../../apps/server/src/repositories/notice.repository';
import { lockChallenges, openChallenges, recordSolves } from '../../apps/server/src/repositories/solve-recording';
import {
  insertAcceptingSubmissions,
  insertSubmissions,
  type NewSubmission,
} from '../../apps/server/src/repositories/submission-store';
import { databaseUrl, recreateDatabase } from '../scenarios/bench-database';
import { calibrate, describeCalibration } from '../scenarios/calibration';

const DB_NAME = 'flagpole_bench_commit';
const TEAMS = 800;
const CHALLENGES = 20;
const BATCH = 14;
const BLOCK = 25;
const BLOCKS_EACH = 12;
const OWNER = '00000000-0000-4000-8000-000000000001';

const calibration = calibrate();
console.log(describeCalibration(calibration));
await recreateDatabase(DB_NAME);
const db = await openDatabase({ url: databaseUrl(DB_NAME), maxConnections: 2 });
await migrate(db);
const notices = createNoticeRepository(db);

// A running game: three teams (not timed) hold every challenge's three bloods; the timed teams solve the rest.
const now = Date.now();
const game = await db
  .insertInto('games')
  .values({
    title: 'Commit bench',
    start_at: new Date(now - 3_600_000),
    end_at: new Date(now + 3_600_000),
    writeup_deadline: new Date(now + 3_600_000),
    public_key: 'unused',
    private_key: 'unused',
    practice_mode: false,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
const gameId = game.id;
const { rows: challengeRows } = await sql<{ id: number }>`
  insert into challenges (game_id, title, category, type, is_enabled, original_score)
  select ${gameId}, 'Challenge ' || n, 'Misc', 'StaticAttachment', true, 500 from generate_series(1, ${CHALLENGES}) n
  returning id`.execute(db);
const challengeIds = challengeRows.map((row) => row.id);
const { rows: teamRows } = await sql<{ participation_id: number; team_id: number; user_id: string }>`
  with u as (
    insert into users (user_name, email, email_confirmed, password_hash)
    select 'commit' || n, 'commit' || n || '@bench.invalid', true, 'unused' from generate_series(1, ${TEAMS + 3}) n
    returning id, user_name),
  t as (
    insert into teams (name, invite_token, captain_id)
    select 'Team ' || u.user_name, md5(u.user_name), u.id from u returning id, captain_id),
  p as (
    insert into participations (game_id, team_id, status) select ${gameId}, t.id, 'Accepted' from t returning id, team_id)
  select p.id as participation_id, t.id as team_id, t.captain_id as user_id from p join t on t.id = p.team_id
  order by p.id`.execute(db);

let order = 0;
/** The next batch: one unsolved challenge for each of BATCH teams in turn. */
function nextBatch(): NewSubmission[] {
  return Array.from({ length: BATCH }, () => {
    const pair = order++;
    const team = teamRows[3 + (pair % TEAMS)];
    const challengeId = challengeIds[Math.floor(pair / TEAMS) % CHALLENGES];
    if (!team || challengeId === undefined) throw new Error('out of pairs');
    return {
      gameId,
      challengeId,
      participationId: team.participation_id,
      userId: team.user_id,
      answer: `flag{${challengeId}}`,
      at: new Date(),
      owner: OWNER,
      judged: { status: 'Accepted', at: new Date(), challengeTitle: `Challenge ${challengeId}`, teamId: team.team_id },
    };
  });
}

const verdictsOf = (inputs: NewSubmission[], ids: number[]) =>
  inputs.map((input, index) => ({
    status: 'Accepted' as const,
    submission: {
      id: ids[index] as number,
      gameId,
      challengeId: input.challengeId,
      participationId: input.participationId,
      userId: input.userId,
      userName: 'commit',
      answer: input.answer,
      submittedAt: input.at,
      challengeType: 'StaticAttachment' as const,
      challengeTitle: 'c',
      teamId: 0,
      teamName: 't',
    },
  }));

/** How every batch was stored: one transaction of five round trips. */
async function asTransaction(inputs: NewSubmission[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const locked = await lockChallenges(
      trx,
      inputs.map((input) => input.challengeId),
    );
    const stored = await insertSubmissions(trx, inputs);
    await recordSolves(
      trx,
      verdictsOf(
        inputs,
        stored.map((s) => s.id),
      ),
      new Date(),
      notices,
      locked,
    );
  });
}

/** How a batch with no challenge to lock is stored now: the check, then one statement. */
async function asStatement(inputs: NewSubmission[]): Promise<void> {
  if (
    (
      await openChallenges(
        db,
        inputs.map((input) => input.challengeId),
      )
    ).length > 0
  )
    throw new Error('not decided');
  await insertAcceptingSubmissions(db, inputs);
}

// The bloods: three solves on every challenge, by the first three teams, through the old path.
for (let blood = 0; blood < 3; blood++) {
  const team = teamRows[blood];
  if (!team) throw new Error('no team');
  await asTransaction(
    challengeIds.map((challengeId) => ({
      gameId,
      challengeId,
      participationId: team.participation_id,
      userId: team.user_id,
      answer: `flag{${challengeId}}`,
      at: new Date(),
      owner: OWNER,
      judged: { status: 'Accepted', at: new Date(), challengeTitle: 'c', teamId: team.team_id },
    })),
  );
}

const timings: Record<'transaction' | 'statement', number[]> = { transaction: [], statement: [] };
// A warm-up block each, not timed.
for (let i = 0; i < BLOCK; i++) await asTransaction(nextBatch());
for (let i = 0; i < BLOCK; i++) await asStatement(nextBatch());
for (let block = 0; block < BLOCKS_EACH * 2; block++) {
  const way = block % 2 === 0 ? 'transaction' : 'statement';
  for (let i = 0; i < BLOCK; i++) {
    const batch = nextBatch();
    const began = performance.now();
    await (way === 'transaction' ? asTransaction(batch) : asStatement(batch));
    timings[way].push(performance.now() - began);
  }
}
const solves = await db
  .selectFrom('solves')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow();
await db.destroy();

const at = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
for (const [way, ms] of Object.entries(timings)) {
  const sorted = [...ms].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
  console.log(
    `${way.padEnd(11)} ${sorted.length} batches of ${BATCH}: mean ${mean.toFixed(2)} ms, p50 ${at(sorted, 0.5).toFixed(2)} ms, p99 ${at(sorted, 0.99).toFixed(2)} ms`,
  );
}
console.log(`solves stored: ${solves.n} (expected ${3 * CHALLENGES + order})`);
