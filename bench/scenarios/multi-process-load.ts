/**
 * The multi-process scenario's load (multi-process.ts): flag submissions at a fixed offered rate rather than as fast
 * as the server answers, so the CPU each set-up spends per submission compares; and the board's staleness through
 * the proxy. A submission is the POST and then status calls until the verdict, as in game-load-submissions.ts.
 */
import { type LoadClient, openLoadClient } from './game-load-client';
import { askUntilVerdict, type Player, percentile, type Submission, teamScore } from './game-load-submissions';

export interface PacedLoad {
  /** Connections, one worker and one request in flight each. */
  workers: number;
  /** Offered submissions per second over all workers: each worker starts one every `workers / perSecond` s. */
  perSecond: number;
  /** The worker's next submission (round counts from 1 per worker), or undefined when it has no more work. */
  next: (worker: number, round: number) => Submission | undefined;
  expected: 'Accepted' | 'WrongAnswer';
}

/** One completed submission: when it was sent and answered (performance.now() ms) and whether it was as expected. */
interface Done {
  sent: number;
  answered: number;
  late: boolean;
  expected: boolean;
  /** Status calls until the verdict. */
  statusCalls: number;
}

/** A paced load running until `stop()`; `window(from, to)` summarises the submissions answered in that span. */
export interface RunningLoad {
  stop(): Promise<void>;
  window(from: number, to: number): WindowFigures;
}

export interface WindowFigures {
  completed: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Submissions that started more than one pacing interval after their slot: the set-up could not keep up. */
  late: number;
  failures: number;
  unexpected: number;
  /** Mean status calls per submission until its verdict (5 ms apart): a slower verdict costs more calls. */
  statusCalls: number;
}

/**
 * Starts `load` on `client` against game `gameId`: worker i sends at its slots i/perSecond + k·workers/perSecond
 * after the start, at once when it is behind (counted as late when more than one interval behind), never two at a
 * time.
 */
export function startPacedLoad(client: LoadClient, gameId: number, load: PacedLoad): RunningLoad {
  const interval = (1000 * load.workers) / load.perSecond;
  const began = performance.now();
  const done: Done[] = [];
  let failures = 0;
  let stopped = false;
  const worker = async (index: number) => {
    const send = client.sender(index);
    for (let round = 1; !stopped; round++) {
      const slot = began + (index * interval) / load.workers + (round - 1) * interval;
      const wait = slot - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (stopped) return;
      const submission = load.next(index, round);
      if (submission === undefined) return;
      const { player, challengeId, flag } = submission;
      const sent = performance.now();
      const path = `/api/game/${gameId}/challenges/${challengeId}`;
      try {
        const posted = await send('POST', path, player, JSON.stringify({ flag }));
        if (posted.statusCode !== 200) {
          failures += 1;
          continue;
        }
        const statusPath = `${path}/status/${Number(posted.body)}`;
        let statusCalls = 0;
        const verdict = await askUntilVerdict(async () => {
          statusCalls += 1;
          return (await send('GET', statusPath, player)).body;
        }, 200);
        done.push({
          sent,
          answered: performance.now(),
          late: sent - slot > interval,
          expected: verdict === load.expected,
          statusCalls,
        });
      } catch {
        // A connection closed under the request (the proxy's keep-alive limit): counted, the next one reopens it.
        failures += 1;
      }
    }
  };
  const workers = Promise.all(Array.from({ length: load.workers }, (_, index) => worker(index)));
  return {
    async stop() {
      stopped = true;
      await workers;
    },
    window(from, to) {
      const inside = done.filter((entry) => entry.answered >= from && entry.answered < to);
      const latencies = inside.map((entry) => entry.answered - entry.sent).sort((a, b) => a - b);
      return {
        completed: inside.length,
        perSecond: inside.length / ((to - from) / 1000),
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        late: inside.filter((entry) => entry.late).length,
        failures,
        unexpected: inside.filter((entry) => !entry.expected).length,
        statusCalls: inside.reduce((sum, entry) => sum + entry.statusCalls, 0) / Math.max(1, inside.length),
      };
    },
  };
}

/**
 * `connections` raw connections spread over several servers with no proxy between, worker i on server i mod n: each
 * player's POST and status calls reach the process that stored the submission (a sticky balancer's routing).
 */
export function pinnedClient(bases: string[], connections: number): LoadClient {
  const clients = bases.map((base, k) => openLoadClient('raw', base, Math.ceil((connections - k) / bases.length)));
  return {
    kind: 'raw',
    sender(worker) {
      const client = clients[worker % clients.length];
      if (!client) throw new Error('no server to send to');
      return client.sender(Math.floor(worker / clients.length));
    },
    close: async () => {
      await Promise.all(clients.map((client) => client.close()));
    },
  };
}

/** How long after a correct verdict the board read through the proxy shows the new score. */
export interface Staleness {
  /** The first read showing it. */
  firstMs: number;
  /**
   * The first of `SETTLED_READS` reads in a row that all show it: with several processes behind round robin, the
   * time after which a player's read no longer finds an old board, whichever process answers.
   */
  settledMs: number;
}

const SETTLED_READS = 9;

/**
 * Sends the probe player's next correct flag through `base` (the proxy), waits for its verdict, then reads the full
 * board every 10 ms (at most 5 s) until `SETTLED_READS` reads in a row show the team's new score. Takes the
 * challenge out of the player's list. Infinity when the board never showed it.
 */
export async function boardStaleness(base: string, gameId: number, player: Player, teamName: string) {
  const challengeId = player.unsolved.shift();
  if (challengeId === undefined) throw new Error('the probe player has no unsolved challenge left');
  const scoreOf = () => teamScore(base, gameId, teamName);
  const before = await scoreOf();
  const path = `${base}/api/game/${gameId}/challenges/${challengeId}`;
  const posted = await fetch(path, {
    method: 'POST',
    headers: player.headers,
    body: JSON.stringify({ flag: `flag{bench-${challengeId}}` }),
  });
  if (!posted.ok) throw new Error(`the probe's flag was refused: ${posted.status}`);
  const submissionId = Number(await posted.text());
  const verdict = await askUntilVerdict(
    async () => (await fetch(`${path}/status/${submissionId}`, { headers: player.headers })).text(),
    400,
  );
  if (verdict !== 'Accepted') throw new Error(`the probe's flag was judged ${verdict}`);
  const accepted = performance.now();
  let first = Number.POSITIVE_INFINITY;
  let runStart = Number.POSITIVE_INFINITY;
  let run = 0;
  while (performance.now() - accepted < 5_000) {
    const shows = (await scoreOf()) !== before;
    // When the answer arrived, as game-load's visibilityDelay counts it.
    const readAt = performance.now();
    if (shows) {
      first = Math.min(first, readAt);
      if (run === 0) runStart = readAt;
      run += 1;
      if (run >= SETTLED_READS) break;
    } else {
      run = 0;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const settled = run >= SETTLED_READS ? runStart : Number.POSITIVE_INFINITY;
  return { firstMs: first - accepted, settledMs: settled - accepted } satisfies Staleness;
}
