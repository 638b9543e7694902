/**
 * The soak event's requests: flag submissions at the schedule's pace (POST, then status calls until the verdict, as
 * the web client does), mostly wrong guesses and now and then a team's correct flag; board, challenge, team-details
 * and notice reads beside them; and an administrator's rounds every simulated hour (a notice posted, user and log
 * pages read). Every acknowledged submission's id is kept, to be looked up in the database at the end.
 */
import type { Caller, LoadClient } from './game-load-client';
import type { Population, SoakPlayer } from './soak-population';

/** Deterministic pseudo-random numbers (mulberry32), so runs of the same length send the same mix. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface TrafficCounts {
  sent: number;
  acknowledged: number;
  correctSent: number;
  /** Verdicts of acknowledged submissions. */
  verdicts: Map<string, number>;
  /** Non-200 answers to a submission, by status. */
  refused: Map<number, number>;
  /** Requests that got no answer (connection closed or failed). */
  errors: number;
  reads: number;
  readFailures: number;
  adminRounds: number;
  adminFailures: number;
  notices: number;
}

export class SoakTraffic {
  readonly counts: TrafficCounts = {
    sent: 0,
    acknowledged: 0,
    correctSent: 0,
    verdicts: new Map(),
    refused: new Map(),
    errors: 0,
    reads: 0,
    readFailures: 0,
    adminRounds: 0,
    adminFailures: 0,
    notices: 0,
  };
  /** Ids of every acknowledged submission. */
  readonly acknowledgedIds: number[] = [];
  /** Submission times (POST to verdict, ms) since the sampler last took them. */
  private window: number[] = [];
  /** Each team's unsolved challenges, in the order it will solve them. */
  private readonly unsolved: number[][];
  private readonly anonymous: Caller = { headers: { 'accept-encoding': 'br, gzip' } };

  constructor(
    private readonly gameId: number,
    private readonly challengeIds: number[],
    private readonly population: Population,
    teams: number,
    private readonly random: () => number,
  ) {
    this.unsolved = Array.from({ length: teams }, () => [...challengeIds].sort(() => random() - 0.5));
  }

  /** Submission times since the last call, and a fresh window. */
  takeWindow(): number[] {
    const taken = this.window;
    this.window = [];
    return taken;
  }

  /**
   * `workers` senders, one connection each, until `until` (Date.now()): each sends when fewer submissions than
   * `target()` have been sent, and `correctShare` of them are a team's next correct flag.
   */
  async submissions(client: LoadClient, workers: number, target: () => number, correctShare: number, until: number) {
    const worker = async (index: number) => {
      const send = client.sender(index);
      while (Date.now() < until) {
        const player = this.population.pick(this.random);
        if (this.counts.sent >= target() || player?.session === undefined) {
          await sleep(5);
          continue;
        }
        const correct = this.random() < correctShare ? this.unsolved[player.team]?.pop() : undefined;
        const challengeId = correct ?? this.challengeIds[Math.floor(this.random() * this.challengeIds.length)] ?? 0;
        const flag =
          correct === undefined
            ? `flag{guess-${Math.floor(this.random() * 2 ** 40).toString(36)}}`
            : `flag{soak-${correct}}`;
        this.counts.sent += 1;
        if (correct !== undefined) this.counts.correctSent += 1;
        player.busy += 1;
        const session = player.session;
        try {
          const started = performance.now();
          const path = `/api/game/${this.gameId}/challenges/${challengeId}`;
          const posted = await send('POST', path, session, JSON.stringify({ flag }));
          if (posted.statusCode !== 200) {
            this.counts.refused.set(posted.statusCode, (this.counts.refused.get(posted.statusCode) ?? 0) + 1);
            if (correct !== undefined) this.unsolved[player.team]?.push(correct);
            continue;
          }
          const id = Number(posted.body);
          this.acknowledgedIds.push(id);
          this.counts.acknowledged += 1;
          let verdict = 'FlagSubmitted';
          for (let poll = 0; poll < 400 && verdict === 'FlagSubmitted'; poll++) {
            if (poll > 0) await sleep(5);
            const status = await send('GET', `${path}/status/${id}`, session);
            verdict = status.statusCode === 200 ? (JSON.parse(status.body) as string) : `HTTP ${status.statusCode}`;
          }
          this.counts.verdicts.set(verdict, (this.counts.verdicts.get(verdict) ?? 0) + 1);
          this.window.push(performance.now() - started);
        } catch {
          this.counts.errors += 1;
          if (correct !== undefined) this.unsolved[player.team]?.push(correct);
        } finally {
          player.busy -= 1;
        }
      }
    };
    await Promise.all(Array.from({ length: workers }, (_, index) => worker(index)));
  }

  /**
   * What players and visitors read beside their submissions, `perSubmission` reads for each submission sent: the
   * public board (compressed, as browsers ask), a challenge, the team's details, the notices.
   */
  async reads(client: LoadClient, workers: number, perSubmission: number, until: number) {
    const worker = async (index: number) => {
      const send = client.sender(index);
      while (Date.now() < until) {
        const player = this.population.pick(this.random);
        if (this.counts.reads >= this.counts.sent * perSubmission || player?.session === undefined) {
          await sleep(10);
          continue;
        }
        this.counts.reads += 1;
        const roll = this.random();
        const game = `/api/game/${this.gameId}`;
        const challenge = this.challengeIds[Math.floor(this.random() * this.challengeIds.length)];
        const [path, caller]: [string, Caller] =
          roll < 0.45
            ? [`${game}/scoreboard`, this.anonymous]
            : roll < 0.7
              ? [`${game}/challenges/${challenge}`, player.session]
              : roll < 0.9
                ? [`${game}/details`, player.session]
                : [`${game}/notices`, this.anonymous];
        player.busy += 1;
        try {
          const answer = await send('GET', path, caller);
          if (answer.statusCode !== 200) this.counts.readFailures += 1;
        } catch {
          this.counts.readFailures += 1;
        } finally {
          player.busy -= 1;
        }
      }
    };
    await Promise.all(Array.from({ length: workers }, (_, index) => worker(index)));
  }

  /** One administrator round: a notice to every player, then the user list, the stored log and the notice list. */
  async adminRound(base: string, admin: SoakPlayer['session'], hour: number): Promise<void> {
    if (!admin) return;
    this.counts.adminRounds += 1;
    const call = async (method: string, path: string, body?: unknown) => {
      try {
        const response = await fetch(`${base}${path}`, {
          method,
          headers: admin.headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        await response.arrayBuffer();
        if (!response.ok) this.counts.adminFailures += 1;
        return response.ok;
      } catch {
        this.counts.adminFailures += 1;
        return false;
      }
    };
    const game = `/api/edit/games/${this.gameId}`;
    if (await call('POST', `${game}/notices`, { content: `Hour ${hour.toFixed(0)}: the board is live, good luck.` })) {
      this.counts.notices += 1;
    }
    const skip = Math.floor(this.random() * 20) * 100;
    await call('GET', `/api/admin/users?count=100&skip=${skip}`);
    await call('GET', '/api/admin/logs?count=50');
    await call('GET', `${game}/notices`);
    await call('GET', `/api/game/${this.gameId}/scoreboard`);
  }
}
