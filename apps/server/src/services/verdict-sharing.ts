import type { AnswerResult, LiveMessage } from '@flagpole/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../lib/event-bus';
import { liveChannel } from '../realtime/live-channel';

/**
 * The event-bus channel of committed verdicts, payload
 * `{ owner, verdicts: [[submissionId, userId, gameId, challengeId, status], …], live: [[gameId, message], …] }`:
 * one message per turn of the event loop, with every verdict the process committed in it.
 *
 * - `verdicts`: behind a load balancer a player's status call usually reaches another process than the one that
 *   stored the answer, which then read the verdict from the database (with three processes, two status calls in
 *   three). The other processes keep these in their verdict memory; one that has not arrived yet is still read.
 * - `live`: the verdicts' live messages (the FlagSubmit event, a cheat detection, the submission), each process
 *   handing them to its own subscribers of the game's channel. Sent one bus message each, a verdict cost three
 *   Redis publishes with the line above, and every process with players of the game received each one.
 */
export const VERDICTS_SHARED = 'verdicts:shared';

export type SharedVerdict = [
  submissionId: number,
  userId: string,
  gameId: number,
  challengeId: number,
  status: AnswerResult,
];

type LiveEntry = [gameId: number, message: LiveMessage];

/** The verdicts' message of each turn; what other processes send is kept with `remember`. */
export function createVerdictSharing(deps: {
  events: EventBus;
  /** This process's lease id: its own verdicts, handed back by the bus, are not remembered again. */
  owner: string;
  log: FastifyBaseLogger;
  remember: (verdict: SharedVerdict) => void;
}) {
  let verdicts: SharedVerdict[] = [];
  let live: LiveEntry[] = [];
  let scheduled = false;

  /** Sends what was added since the last message (every process, this one included, gets it). */
  function flush(): void {
    if (verdicts.length === 0 && live.length === 0) return;
    const message = { owner: deps.owner, verdicts, live };
    verdicts = [];
    live = [];
    deps.events.publish(VERDICTS_SHARED, message).catch((error: unknown) => {
      deps.log.error({ err: error }, 'flag checker: sharing verdicts failed');
    });
  }

  // For the process's life, as the flag checker's: the bus closes with the process.
  deps.events.subscribe(VERDICTS_SHARED, (payload) => {
    const { owner, verdicts: shared, live: messages } = (payload ?? {}) as Record<string, unknown>;
    if (Array.isArray(messages)) {
      for (const entry of messages) {
        if (isLiveEntry(entry)) deps.events.deliverHere(liveChannel(entry[0]), entry[1]);
      }
    }
    if (owner === deps.owner || !Array.isArray(shared)) return;
    for (const verdict of shared) if (isSharedVerdict(verdict)) deps.remember(verdict);
  });

  return {
    /**
     * A committed verdict (`verdict` null when it has no submitter to answer) and its live messages for game
     * `gameId`, sent at the end of this turn of the event loop unless `flush` sends them sooner.
     */
    add(verdict: SharedVerdict | null, gameId: number, messages: readonly LiveMessage[]): void {
      if (verdict) verdicts.push(verdict);
      for (const message of messages) live.push([gameId, message]);
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        flush();
      });
    },
    flush,
  };
}
export type VerdictSharing = ReturnType<typeof createVerdictSharing>;

const SHARED_STATUSES = new Set<unknown>([
  'Accepted',
  'WrongAnswer',
  'CheatDetected',
  'NotFound',
] satisfies AnswerResult[]);

function isSharedVerdict(value: unknown): value is SharedVerdict {
  return (
    Array.isArray(value) &&
    value.length === 5 &&
    Number.isSafeInteger(value[0]) &&
    typeof value[1] === 'string' &&
    Number.isSafeInteger(value[2]) &&
    Number.isSafeInteger(value[3]) &&
    SHARED_STATUSES.has(value[4])
  );
}

function isLiveEntry(value: unknown): value is LiveEntry {
  if (!Array.isArray(value) || value.length !== 2 || !Number.isSafeInteger(value[0])) return false;
  const message = value[1] as { type?: unknown } | null;
  return typeof message === 'object' && message !== null && typeof message.type === 'string';
}
