/**
 * Micro-benchmark of the scoreboard computation: a deterministic random game of 10,000 teams, 100 challenges
 * and 200,000 solves, computed 20 times after a warm-up.
 *
 *   node --import tsx bench/micro/scoreboard.bench.ts            (from the repository root)
 *   node --import tsx --expose-gc bench/micro/scoreboard.bench.ts (heap numbers after a full GC)
 *
 * Three inputs are timed: solves already in time order (what the repository delivers, ORDER BY time), the
 * same solves shuffled (the engine then sorts them itself), and the time-ordered game with three quarters of
 * the teams in three divisions (one not ranked overall, one without bloods or dynamic-score effect, per-challenge
 * overrides on ten challenges). Then two streams of rebuilds after one new solve each, as the live server runs
 * them: computing each board from scratch, and reusing the previous board's equal rows (what the server does).
 */
import { type ChallengeCategory, GamePermission } from '@flagpole/contract';
import { computeScoreboard } from '../../apps/server/src/scoring/compute-scoreboard';
import { mergeSolves } from '../../apps/server/src/scoring/merge-solves';
import type {
  ScoreboardChallengeInput,
  ScoreboardInput,
  ScoreboardSolveInput,
  ScoreboardTeamInput,
} from '../../apps/server/src/scoring/types';

const TEAM_COUNT = 10_000;
const CHALLENGE_COUNT = 100;
const SOLVE_COUNT = 200_000;
const WARM_UP_RUNS = 5;
const TIMED_RUNS = 20;
const SEED = 0x5eed;

const GAME_START = Date.UTC(2026, 0, 10, 8);
const GAME_LENGTH_MS = 48 * 3600 * 1000;
const CATEGORIES: readonly ChallengeCategory[] = ['Web', 'Pwn', 'Crypto', 'Reverse', 'Misc', 'Forensics'];

/** mulberry32: tiny, fast and good enough to make the same game on every run. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<T>(list: readonly T[], random: () => number): T {
  const value = list[Math.floor(random() * list.length)];
  if (value === undefined) throw new Error('pick from an empty list');
  return value;
}

function makeChallenges(random: () => number): ScoreboardChallengeInput[] {
  return Array.from({ length: CHALLENGE_COUNT }, (_, index) => ({
    id: 1000 + index,
    title: `challenge-${String(index).padStart(3, '0')}`,
    category: pick(CATEGORIES, random),
    originalScore: pick([500, 1000, 1000, 1500], random),
    minScoreRate: 0.25,
    difficulty: pick([3, 5, 5, 10, 20], random),
    disableBloodBonus: random() < 0.05,
    // One challenge in ten closes before the end of the game, so some solves miss their deadline.
    deadline: random() < 0.1 ? GAME_START + Math.floor(GAME_LENGTH_MS * (0.5 + random() * 0.4)) : null,
    enabled: true,
  }));
}

function makeTeams(): ScoreboardTeamInput[] {
  return Array.from({ length: TEAM_COUNT }, (_, index) => ({
    participationId: 1 + index,
    teamId: 50_000 + index,
    name: `team-${index}`,
    avatar: index % 3 === 0 ? null : `/assets/${index.toString(16).padStart(64, '0')}/avatar`,
    bio: null,
    divisionId: null,
  }));
}

/**
 * Unique (team, challenge) pairs. Easy challenges are solved far more often (squared uniform index), and 2 %
 * of the solves come after the end of the game, as practice-mode solves would.
 */
function makeSolves(random: () => number, challenges: readonly ScoreboardChallengeInput[]): ScoreboardSolveInput[] {
  const taken = new Uint8Array(TEAM_COUNT * CHALLENGE_COUNT);
  const solves: ScoreboardSolveInput[] = [];
  while (solves.length < SOLVE_COUNT) {
    const team = Math.floor(random() * TEAM_COUNT);
    const challenge = Math.floor(random() ** 2 * CHALLENGE_COUNT);
    const pair = team * CHALLENGE_COUNT + challenge;
    if (taken[pair] === 1) continue;
    taken[pair] = 1;
    const offset = random() < 0.02 ? GAME_LENGTH_MS + random() * 3600_000 : random() * GAME_LENGTH_MS;
    solves.push({
      participationId: 1 + team,
      challengeId: challenges[challenge]?.id ?? 0,
      userName: `user-${team}-${Math.floor(random() * 4)}`,
      time: GAME_START + Math.floor(offset),
    });
  }
  return solves;
}

function makeGame(): ScoreboardInput {
  const random = createRandom(SEED);
  const challenges = makeChallenges(random);
  return {
    game: { start: GAME_START, end: GAME_START + GAME_LENGTH_MS, bloodBonus: 52_459_530, practiceMode: true },
    challenges,
    teams: makeTeams(),
    divisions: [],
    solves: makeSolves(random, challenges),
  };
}

/** The same game with teams spread over three divisions (every fourth team has none). */
function withDivisions(game: ScoreboardInput): ScoreboardInput {
  const { All, RankOverall, GetBlood, AffectDynamicScore, GetScore } = GamePermission;
  const overrides = game.challenges.slice(0, 10).map((c) => ({ challengeId: c.id, permissions: All & ~GetScore }));
  return {
    ...game,
    divisions: [
      { id: 1, name: 'open', defaultPermissions: All, challengeConfigs: [] },
      { id: 2, name: 'guests', defaultPermissions: All & ~RankOverall, challengeConfigs: overrides },
      { id: 3, name: 'staff', defaultPermissions: All & ~(GetBlood | AffectDynamicScore), challengeConfigs: [] },
    ],
    teams: game.teams.map((team, index) => ({ ...team, divisionId: index % 4 === 0 ? null : 1 + (index % 3) })),
  };
}

function percentile(sorted: readonly number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

function collectGarbage(): void {
  const gc: unknown = Reflect.get(globalThis, 'gc');
  if (typeof gc === 'function') gc();
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * A stream of rebuilds, as the live server does them: each adds one new solve (a pair not solved yet, at the end
 * of the game) to the held rows and computes the board again, given the previous board (`reuse`, its equal rows
 * are reused) or not. Reports the time per rebuild and how much the heap grew over the timed runs.
 */
function measureStream(label: string, start: ScoreboardInput, reuse: boolean): void {
  const solved = new Set(start.solves.map((solve) => `${solve.participationId}:${solve.challengeId}`));
  let input = start;
  let step = 0;
  const nextSolve = (): ScoreboardSolveInput => {
    for (;;) {
      step++;
      const team = start.teams[(step * 7_919) % start.teams.length] as ScoreboardTeamInput;
      const challenge = start.challenges[(step * 31) % start.challenges.length] as ScoreboardChallengeInput;
      const key = `${team.participationId}:${challenge.id}`;
      if (solved.has(key)) continue;
      solved.add(key);
      return {
        participationId: team.participationId,
        challengeId: challenge.id,
        userName: null,
        time: GAME_START + GAME_LENGTH_MS - 1,
      };
    }
  };
  let board = computeScoreboard(input, { now: 0 });
  const rebuild = () => {
    input = { ...input, solves: mergeSolves(input.solves, [nextSolve()]) };
    board = computeScoreboard(input, { now: step, previous: reuse ? board : undefined });
  };
  for (let run = 0; run < WARM_UP_RUNS; run++) rebuild();
  collectGarbage();
  const heapBefore = process.memoryUsage().heapUsed;
  let peakHeap = heapBefore;
  const durations: number[] = [];
  for (let run = 0; run < TIMED_RUNS; run++) {
    const started = performance.now();
    rebuild();
    durations.push(performance.now() - started);
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  }
  durations.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(22)} min ${durations[0]?.toFixed(1)} ms  median ${percentile(durations, 0.5).toFixed(1)} ms  ` +
      `p95 ${percentile(durations, 0.95).toFixed(1)} ms  heap used ${megabytes(heapBefore)} before, ` +
      `${megabytes(peakHeap)} peak over ${TIMED_RUNS} rebuilds  (checksum ${board.items[0]?.score ?? 0})`,
  );
}

function measure(label: string, input: ScoreboardInput): void {
  let checksum = 0;
  for (let run = 0; run < WARM_UP_RUNS; run++) checksum += computeScoreboard(input, { now: 0 }).items.length;
  collectGarbage();
  const heapBefore = process.memoryUsage().heapUsed;
  const durations: number[] = [];
  let peakHeap = heapBefore;
  for (let run = 0; run < TIMED_RUNS; run++) {
    const started = performance.now();
    const board = computeScoreboard(input, { now: run });
    durations.push(performance.now() - started);
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    checksum += board.items[0]?.score ?? 0;
  }
  durations.sort((a, b) => a - b);
  const median = percentile(durations, 0.5);
  console.log(
    `${label.padEnd(22)} min ${durations[0]?.toFixed(1)} ms  median ${median.toFixed(1)} ms  ` +
      `p95 ${percentile(durations, 0.95).toFixed(1)} ms  max ${durations.at(-1)?.toFixed(1)} ms  ` +
      `heap used ${megabytes(heapBefore)} before, ${megabytes(peakHeap)} peak  (checksum ${checksum})`,
  );
}

const generationStarted = performance.now();
const unordered = makeGame();
// Fresh objects in time order, as a database driver would allocate the rows of an ORDER BY query.
const ordered: ScoreboardInput = {
  ...unordered,
  solves: [...unordered.solves].sort((a, b) => a.time - b.time).map((solve) => ({ ...solve })),
};
console.log(
  `game: ${TEAM_COUNT} teams, ${CHALLENGE_COUNT} challenges, ${SOLVE_COUNT} solves, seed ${SEED}; ` +
    `generated in ${(performance.now() - generationStarted).toFixed(0)} ms; ` +
    `${WARM_UP_RUNS} warm-up + ${TIMED_RUNS} timed runs each; node ${process.version}` +
    (typeof Reflect.get(globalThis, 'gc') === 'function' ? '; --expose-gc' : ''),
);
/** Heap held by one finished board (only meaningful with --expose-gc, which makes the numbers exact). */
function retainedBoardSize(input: ScoreboardInput): string {
  collectGarbage();
  const before = process.memoryUsage().heapUsed;
  const board = computeScoreboard(input, { now: 0 });
  collectGarbage();
  const after = process.memoryUsage().heapUsed;
  return `${megabytes(after - before)} for ${board.items.length} rows`;
}

measure('solves in time order', ordered);
measure('solves shuffled', unordered);
measure('with divisions', withDivisions(ordered));
measureStream('stream, fresh boards', ordered, false);
measureStream('stream, reusing rows', ordered, true);
if (typeof Reflect.get(globalThis, 'gc') === 'function') console.log(`one board retains ${retainedBoardSize(ordered)}`);
