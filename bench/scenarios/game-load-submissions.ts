/**
 * Flag submissions as the game-load scenario sends them: signed-in players, each submission a POST and then status
 * calls until the verdict, counted when the verdict arrives; and how soon a new solve shows on the scoreboard.
 */
import type { Pool } from 'undici';
import type { LoadClient } from './game-load-client';
import { cpuShares, cpuSnapshot } from './process-stats';

/** A signed-in player: session and XSRF cookies plus the matching header. */
export interface Player {
  headers: Record<string, string>;
  unsolved: number[];
}

export async function signIn(base: string, userName: string, password: string, unsolved: number[]): Promise<Player> {
  const response = await fetch(`${base}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${userName} failed: ${response.status}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
  const xsrf = cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
  return {
    headers: {
      cookie: cookies.join('; '),
      'x-xsrf-token': decodeURIComponent(xsrf),
      'content-type': 'application/json',
    },
    unsolved: [...unsolved],
  };
}

/** The p-th percentile of ascending `sorted` (0 when empty). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** One submission to send: who sends it, to which challenge, which answer. */
export interface Submission {
  player: Player;
  challengeId: number;
  flag: string;
}

/**
 * The correct flags of the given players as one queue, round-robin over the players (each player's next unsolved
 * challenge in turn), so consecutive submissions come from different teams. Takes the flags out of the players'
 * lists.
 */
export function correctFlagQueue(players: Player[]): Submission[] {
  const queue: Submission[] = [];
  while (players.some((player) => player.unsolved.length > 0)) {
    for (const player of players) {
      const challengeId = player.unsolved.shift();
      if (challengeId !== undefined) queue.push({ player, challengeId, flag: `flag{bench-${challengeId}}` });
    }
  }
  return queue;
}

/** Status calls, 5 ms apart, until the verdict is no longer FlagSubmitted or `maxPolls` calls were made. */
export async function pollVerdict(
  pool: Pool,
  statusPath: string,
  headers: Record<string, string>,
  maxPolls: number,
): Promise<string> {
  return askUntilVerdict(async () => {
    const status = await pool.request({ method: 'GET', path: statusPath, headers });
    return status.body.text();
  }, maxPolls);
}

/** `ask` (one status call, its JSON body) 5 ms apart until the verdict is no longer FlagSubmitted or `maxPolls`. */
export async function askUntilVerdict(ask: () => Promise<string>, maxPolls: number): Promise<string> {
  let verdict = 'FlagSubmitted';
  for (let poll = 0; poll < maxPolls && verdict === 'FlagSubmitted'; poll++) {
    verdict = JSON.parse(await ask()) as string;
    if (verdict === 'FlagSubmitted') await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return verdict;
}

export interface SubmissionLoad {
  /** Concurrent workers, one request in flight each. */
  workers: number;
  /** The worker's next submission (round counts from 1 per worker), or undefined when it has no more work. */
  next: (worker: number, round: number) => Submission | undefined;
  expected: 'Accepted' | 'WrongAnswer';
  durationMs: number;
}

/** "p50 … ms, p99 … ms" of unsorted latencies. */
function spread(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`;
}

/** p99 of the submissions completed in each whole second of the phase (a last part-second is left out). */
function p99BySecond(done: Array<{ at: number; ms: number }>, seconds: number): number[] {
  const windows: number[][] = Array.from({ length: Math.floor(seconds) }, () => []);
  for (const { at, ms } of done) windows[Math.floor(at / 1000)]?.push(ms);
  return windows.map((window) =>
    percentile(
      window.sort((a, b) => a - b),
      99,
    ),
  );
}

/**
 * Each worker submits and then asks for the verdict until it has one; a submission counts when its verdict arrives.
 * Bounded by the duration and by the work available.
 */
export async function submissionLoad(serverPid: number, client: LoadClient, gameId: number, load: SubmissionLoad) {
  const deadline = Date.now() + load.durationMs;
  const done: Array<{ at: number; ms: number }> = [];
  /** The POST alone (stored, and judged on entry where it can be) and the status calls alone, ms. */
  const postMs: number[] = [];
  const statusMs: number[] = [];
  let failures = 0;
  let unexpected = 0;
  const began = performance.now();
  const worker = async (index: number) => {
    const send = client.sender(index);
    for (let round = 1; Date.now() < deadline; round++) {
      const submission = load.next(index, round);
      if (submission === undefined) return;
      const { player, challengeId, flag } = submission;
      const sent = performance.now();
      const path = `/api/game/${gameId}/challenges/${challengeId}`;
      const posted = await send('POST', path, player, JSON.stringify({ flag }));
      if (posted.statusCode !== 200) {
        failures += 1;
        continue;
      }
      const submissionId = Number(posted.body);
      const stored = performance.now();
      postMs.push(stored - sent);
      const statusPath = `${path}/status/${submissionId}`;
      const verdict = await askUntilVerdict(async () => (await send('GET', statusPath, player)).body, 200);
      const now = performance.now();
      statusMs.push(now - stored);
      done.push({ at: now - began, ms: now - sent });
      if (verdict !== load.expected) unexpected += 1;
    }
  };
  const cpuBefore = cpuSnapshot(serverPid);
  const generatorBefore = process.cpuUsage();
  await Promise.all(Array.from({ length: load.workers }, (_, index) => worker(index)));
  const seconds = (performance.now() - began) / 1000;
  const generatorUsed = process.cpuUsage(generatorBefore);
  const cpuAfter = cpuSnapshot(serverPid);
  const generatorMicros = generatorUsed.user + generatorUsed.system;
  const latencies = done.map(({ ms }) => ms).sort((a, b) => a - b);
  return {
    completed: latencies.length,
    seconds,
    // The server's own CPU time per submission (POST plus status calls until the verdict), the measure;
    // /proc counts in 10 ms ticks, so a phase of thousands of submissions is exact to a few µs.
    serverCpuMicros: latencies.length ? ((cpuAfter.server - cpuBefore.server) * 1e6) / latencies.length : 0,
    // Every PostgreSQL process's CPU per submission (issue 31 states server + PostgreSQL per wrong flag).
    postgresCpuMicros: latencies.length ? ((cpuAfter.postgres - cpuBefore.postgres) * 1e6) / latencies.length : 0,
    // The load generator's own CPU (this process, every thread, from process.cpuUsage: µs resolution), per
    // submission and as a share of one core: what the client takes from the 2 cores the server runs on.
    generatorCpuMicros: latencies.length ? generatorMicros / latencies.length : 0,
    generatorShare: generatorMicros / 1e4 / seconds,
    // Much of a client's CPU on loopback is the kernel's (sending runs the receiving side's TCP work too).
    generatorKernelShare: generatorMicros ? (100 * generatorUsed.system) / generatorMicros : 0,
    client: client.kind,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    p99BySecond: p99BySecond(done, seconds),
    parts: `POST ${spread(postMs)}, status calls ${spread(statusMs)}`,
    failures,
    unexpected,
    cpu: cpuShares(cpuBefore, cpuAfter, seconds),
  };
}

/** The team's score on the game's full public scoreboard, read once (0 when it is not on it). */
export async function teamScore(base: string, gameId: number, teamName: string): Promise<number> {
  const board = (await (await fetch(`${base}/api/game/${gameId}/scoreboard`)).json()) as {
    items: Array<{ name: string; score: number }>;
  };
  return board.items.find((item) => item.name === teamName)?.score ?? 0;
}

/**
 * The wrong-flag phases' next submission: worker n sends as player n, cycling through that player's unsolved
 * challenges, a flag that is never right.
 */
export function wrongFlagOf(players: readonly Player[]) {
  return (worker: number, round: number) => {
    const player = players[worker];
    const challengeId = player?.unsolved[(round - 1) % player.unsolved.length];
    return player && challengeId !== undefined
      ? { player, challengeId, flag: `flag{wrong-${worker}-${round}}` }
      : undefined;
  };
}

/** Time from a correct verdict until the public scoreboard shows the new score. */
export async function visibilityDelay(base: string, gameId: number, player: Player, teamName: string): Promise<number> {
  const challengeId = player.unsolved.shift();
  if (challengeId === undefined) return Number.NaN;
  const scoreOf = () => teamScore(base, gameId, teamName);
  const before = await scoreOf();
  const posted = await fetch(`${base}/api/game/${gameId}/challenges/${challengeId}`, {
    method: 'POST',
    headers: player.headers,
    body: JSON.stringify({ flag: `flag{bench-${challengeId}}` }),
  });
  const submissionId = Number(await posted.text());
  for (let poll = 0; poll < 400; poll++) {
    const verdict = (await (
      await fetch(`${base}/api/game/${gameId}/challenges/${challengeId}/status/${submissionId}`, {
        headers: player.headers,
      })
    ).json()) as string;
    if (verdict !== 'FlagSubmitted') break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const accepted = performance.now();
  while (performance.now() - accepted < 5_000) {
    if ((await scoreOf()) !== before) return performance.now() - accepted;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Number.POSITIVE_INFINITY;
}
