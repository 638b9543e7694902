import { randomUUID } from 'node:crypto';
import type { Player } from './fixtures';

/** One HTTP exchange as the client saw it. */
export interface Exchange {
  kind: string;
  target: string;
  startedAt: number;
  ms: number;
  /** HTTP status; 0 when no answer came (refused, reset, timed out). */
  status: number;
  /** The answer came from Flagpole (a `{title, status}` JSON body or a success), not from the proxy in front. */
  fromFlagpole: boolean;
  retryAfter: string | null;
  body: string;
}

/** A flag submission the server acknowledged with an id. */
export interface Acknowledged {
  id: number;
  player: string;
  challengeId: number;
  correct: boolean;
  target: string;
  at: number;
}

/** Sends one request and records it; never throws. */
export async function exchange(
  log: Exchange[],
  kind: string,
  target: string,
  path: string,
  init: RequestInit = {},
  timeoutMs = 10_000,
): Promise<Exchange> {
  const startedAt = Date.now();
  const started = performance.now();
  let record: Exchange;
  try {
    const response = await fetch(`${target}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const body = await response.text();
    const type = response.headers.get('content-type') ?? '';
    const fromFlagpole = response.ok || (type.includes('application/json') && /"title"/.test(body));
    record = {
      kind,
      target,
      startedAt,
      ms: performance.now() - started,
      status: response.status,
      fromFlagpole,
      retryAfter: response.headers.get('retry-after'),
      body,
    };
  } catch (error) {
    record = {
      kind,
      target,
      startedAt,
      ms: performance.now() - started,
      status: 0,
      fromFlagpole: false,
      retryAfter: null,
      body: String((error as Error).message),
    };
  }
  log.push(record);
  return record;
}

export interface LoadOptions {
  players: readonly Player[];
  gameId: number;
  /** Challenges answered, with their flag (a dynamic challenge's depends on the player's team). */
  challenges: ReadonlyArray<{ id: number; flag: string | ((player: Player) => string) }>;
  /** Where a player's requests go (a process, or nginx in front of them). */
  targetOf: (player: Player, index: number) => string;
  /** Pause between two submissions of one player. */
  intervalMs: number;
  /** Every n-th submission of a player is the right flag (of the challenge in turn). */
  correctEvery: number;
  /**
   * Retries like the web client: the same Idempotency-Key again after no answer or 502/503/504, after 300 ms,
   * 600 ms, … (the client's own rule), up to this many times.
   */
  retries: number;
  /** Also reads these pages after each submission (served from memory by the server). */
  reads?: ReadonlyArray<'scoreboard' | 'details'>;
}

/**
 * Players submitting flags in a steady stream until stopped, each answer recorded. Submissions the server
 * acknowledged (200 with an id) are kept for the checks: each must have its verdict in the end.
 */
export function startLoad(options: LoadOptions) {
  const exchanges: Exchange[] = [];
  const acknowledged: Acknowledged[] = [];
  let challenges = options.challenges;
  let stopping = false;

  async function submitOnce(player: Player, index: number, n: number): Promise<void> {
    const challenge = challenges[n % challenges.length] as LoadOptions['challenges'][number];
    const correct = n % options.correctEvery === options.correctEvery - 1;
    const right = typeof challenge.flag === 'string' ? challenge.flag : challenge.flag(player);
    const flag = correct ? right : `flag{wrong-${player.name}-${n}}`;
    const key = randomUUID();
    for (let attempt = 0; ; attempt++) {
      const target = options.targetOf(player, index);
      const sent = await exchange(
        exchanges,
        'submit',
        target,
        `/api/game/${options.gameId}/challenges/${challenge.id}`,
        {
          method: 'POST',
          headers: { ...player.headers, 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify({ flag }),
        },
      );
      if (sent.status === 200) {
        acknowledged.push({
          id: Number(sent.body),
          player: player.name,
          challengeId: challenge.id,
          correct,
          target,
          at: Date.now(),
        });
        return;
      }
      const lost = sent.status === 0 || sent.status === 502 || sent.status === 503 || sent.status === 504;
      if (!lost || attempt >= options.retries) return;
      await new Promise((resolve) => setTimeout(resolve, 300 * 2 ** attempt));
    }
  }

  async function run(player: Player, index: number): Promise<void> {
    // Spread the players over the interval.
    await new Promise((resolve) => setTimeout(resolve, (index * options.intervalMs) / options.players.length));
    for (let n = 0; !stopping; n++) {
      const started = performance.now();
      await submitOnce(player, index, n);
      for (const page of options.reads ?? []) {
        const path =
          page === 'scoreboard' ? `/api/game/${options.gameId}/scoreboard` : `/api/game/${options.gameId}/details`;
        await exchange(exchanges, page, options.targetOf(player, index), path, { headers: player.headers });
      }
      const wait = options.intervalMs - (performance.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  const loops = options.players.map((player, index) => run(player, index));
  return {
    exchanges,
    acknowledged,
    /** From the next submission on, these challenges are answered. */
    setChallenges(next: LoadOptions['challenges']): void {
      challenges = next;
    },
    async stop(): Promise<void> {
      stopping = true;
      await Promise.all(loops);
    },
  };
}
export type Load = ReturnType<typeof startLoad>;
