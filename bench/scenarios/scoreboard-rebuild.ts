/**
 * The whole scoreboard rebuild of a large game, as the server does it after a new solve: load the rows from
 * the local PostgreSQL server (four queries), compute the board, serialise it, precompress gzip and brotli.
 * A game of 10,000 teams, 100 challenges and 200,000 solves is seeded straight into a fresh database
 * (`flagpole_bench_rebuild`), then the server's own repository and scoreboard service run in this process:
 *
 * - each phase timed on its own (load, compute, serialise, compress), 3 warm-up and 10 timed runs;
 * - the service's rebuild after an invalidation (every row read again), from the event to the fresh board;
 * - a new solve inserted and announced as the flag checker does: the service merges it into the rows it
 *   holds and rebuilds without reading the database.
 *
 *   node --import tsx bench/scenarios/scoreboard-rebuild.ts [--write]
 *
 * --write records the results in bench/results/scoreboard-rebuild.md.
 */
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import pino from 'pino';
import { migrate, openDatabase } from '../../apps/server/src/db/database';
import { systemClock } from '../../apps/server/src/lib/clock';
import { MemoryEventBus } from '../../apps/server/src/lib/event-bus';
import { createScoreboardRepository } from '../../apps/server/src/repositories/scoreboard.repository';
import { computeScoreboard } from '../../apps/server/src/scoring/compute-scoreboard';
import { createScoreboardService, precompress } from '../../apps/server/src/services/scoreboard.service';
import { insertBigBoard } from '../../e2e/src/big-board';
import { databaseUrl, recreateDatabase } from './bench-database';

const TEAMS = 10_000;
const CHALLENGES = 100;
const SOLVES = 200_000;
const WARM_UP_RUNS = 3;
const TIMED_RUNS = 10;
const DB_NAME = 'flagpole_bench_rebuild';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The game and its board, seeded set-wise by the seeder the e2e tests use (`insertBigBoard`). */
async function seed(client: pg.Client): Promise<number> {
  const start = new Date(Date.now() - 24 * 3_600_000);
  const end = new Date(Date.now() + 24 * 3_600_000);
  await client.query('begin');
  const game = await client.query<{ id: number }>(
    `insert into games (title, start_at, end_at, writeup_deadline, public_key, private_key, practice_mode)
     values ('Rebuild bench', $1, $2, $2, 'unused', 'unused', false) returning id`,
    [start, end],
  );
  const gameId = game.rows[0]?.id ?? 0;
  await insertBigBoard(client, gameId, start, {
    teams: TEAMS,
    challenges: CHALLENGES,
    solves: SOLVES,
    userPrefix: 'rb',
    wordedNames: false,
    solveSpanMs: 24 * 3_600_000,
    noBloodEvery: 20,
  });
  await client.query('commit');
  await client.query('analyze');
  return gameId;
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  return { min: sorted[0] ?? 0, median: at(0.5), p90: at(0.9), max: sorted[sorted.length - 1] ?? 0 };
}

const ms = (value: number) => value.toFixed(1);
const row = (name: string, samples: number[]) => {
  const s = summary(samples);
  return `| ${name} | ${ms(s.min)} | ${ms(s.median)} | ${ms(s.p90)} | ${ms(s.max)} |`;
};

async function main() {
  const write = process.argv.includes('--write');
  await recreateDatabase(DB_NAME);
  const db = await openDatabase({ url: databaseUrl(DB_NAME), maxConnections: 8 });
  await migrate(db);
  const client = new pg.Client({ connectionString: databaseUrl(DB_NAME) });
  await client.connect();
  const seedStarted = performance.now();
  const gameId = await seed(client);
  console.log(`seeded in ${Math.round(performance.now() - seedStarted)} ms`);

  const repository = createScoreboardRepository(db);
  const phases = { load: [] as number[], compute: [] as number[], serialise: [] as number[], compress: [] as number[] };
  const totals: number[] = [];
  let bodyBytes = 0;
  let compressed = { gzip: 0, brotli: 0 };
  for (let run = 0; run < WARM_UP_RUNS + TIMED_RUNS; run++) {
    const t0 = performance.now();
    const loaded = await repository.load(gameId);
    if (!loaded) throw new Error('game not found');
    const t1 = performance.now();
    const model = computeScoreboard(loaded.input, { now: Date.now() });
    const t2 = performance.now();
    const bytes = Buffer.from(JSON.stringify(model), 'utf8');
    const t3 = performance.now();
    const [gz, br] = await precompress(bytes);
    const t4 = performance.now();
    if (run < WARM_UP_RUNS) continue;
    phases.load.push(t1 - t0);
    phases.compute.push(t2 - t1);
    phases.serialise.push(t3 - t2);
    phases.compress.push(t4 - t3);
    totals.push(t4 - t0);
    bodyBytes = bytes.length;
    compressed = { gzip: gz.length, brotli: br.length };
  }

  // The service as the server runs it: an invalidation on the bus, one debounced rebuild, listeners told.
  const events = new MemoryEventBus();
  const service = createScoreboardService({
    repository,
    clock: systemClock,
    events,
    log: pino({ level: 'silent' }),
  });
  await service.get(gameId);
  const afterInvalidation: number[] = [];
  const afterNewSolve: number[] = [];
  const rebuilt = () => new Promise<void>((resolve) => service.onRebuilt(() => resolve()));
  // Each change comes after a pause longer than the service's spacing of rebuilds (the last build's duration
  // after its end), so these are the latencies of an isolated change, not of a stream of them.
  const pause = () => new Promise((resolve) => setTimeout(resolve, 3_000));
  for (let run = 0; run < TIMED_RUNS; run++) {
    await pause();
    const done = rebuilt();
    const started = performance.now();
    await service.invalidate(gameId);
    await done;
    afterInvalidation.push(performance.now() - started);
  }
  // A new solve of a team that had none on the challenge, then the rebuild that shows it.
  const unsolved = await client.query<{ participation_id: number; team_id: number; challenge_id: number }>(
    `select p.id as participation_id, p.team_id, c.id as challenge_id from participations p cross join challenges c
     where p.game_id = $1 and c.game_id = $1
       and not exists (select 1 from solves s where s.participation_id = p.id and s.challenge_id = c.id)
     limit $2`,
    [gameId, TIMED_RUNS],
  );
  for (const pair of unsolved.rows) {
    await pause();
    const done = rebuilt();
    const started = performance.now();
    const solvedAt = new Date();
    await client.query(
      `with sub as (insert into submissions (game_id, challenge_id, participation_id, answer, status, submitted_at, checked_at)
                    values ($1, $2, $3, 'flag{bench}', 'Accepted', $4, $4) returning id)
       insert into solves (participation_id, challenge_id, game_id, submission_id, solved_at)
       select $3, $2, $1, id, $4 from sub`,
      [gameId, pair.challenge_id, pair.participation_id, solvedAt],
    );
    // What the flag checker announces after its verdict transaction commits.
    await service.solvesChanged(gameId, [
      {
        participationId: pair.participation_id,
        challengeId: pair.challenge_id,
        userName: `rb${pair.participation_id}`,
        time: solvedAt.getTime(),
      },
    ]);
    await done;
    const board = await service.get(gameId);
    const solved = board?.itemByTeam.get(pair.team_id)?.solvedChallenges.some((s) => s.id === pair.challenge_id);
    if (!solved) {
      throw new Error('new solve not on the rebuilt board');
    }
    afterNewSolve.push(performance.now() - started);
  }
  service.close();
  await client.end();
  await db.destroy();

  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const commit = execSync('git rev-parse --short HEAD', { cwd: repoRoot, encoding: 'utf8' }).trim();
  const lines = [
    '# Scoreboard rebuild (bench/scenarios/scoreboard-rebuild.ts)',
    '',
    `Run ${new Date().toISOString()} on ${cpus().length} cores (${cpu.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, commit ${commit}; load average at the end ${loadavg()[0]?.toFixed(1)}.`,
    `Game: ${TEAMS} teams, ${CHALLENGES} challenges, ${SOLVES} solves on the local PostgreSQL server; the body is ${(bodyBytes / 2 ** 20).toFixed(1)} MiB (gzip ${(compressed.gzip / 2 ** 20).toFixed(1)} MiB, brotli ${(compressed.brotli / 2 ** 20).toFixed(1)} MiB).`,
    '',
    `Milliseconds, ${TIMED_RUNS} timed runs after ${WARM_UP_RUNS} warm-up runs:`,
    '',
    '| phase | min | median | p90 | max |',
    '|---|---|---|---|---|',
    row('load (4 queries, rows to input)', phases.load),
    row('compute', phases.compute),
    row('serialise (JSON)', phases.serialise),
    row('compress (gzip 6 and brotli 5, in parallel)', phases.compress),
    row('whole rebuild', totals),
    row('service: invalidation to fresh board (rows read again; debounce included)', afterInvalidation),
    row('service: new solve announced to a board that shows it (merged; debounce included)', afterNewSolve),
  ];
  const report = `${lines.join('\n')}\n`;
  console.log(report);
  if (write) writeFileSync(path.join(repoRoot, 'bench/results/scoreboard-rebuild.md'), report);
}

await main();
