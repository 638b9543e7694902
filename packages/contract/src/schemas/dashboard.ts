import { z } from 'zod';

/** One minute of a game's submissions: right (accepted) and wrong (every other verdict but unjudged). */
export const SubmissionMinute = z.object({
  /** Start of the minute, epoch milliseconds. */
  time: z.number().int(),
  right: z.number().int(),
  wrong: z.number().int(),
});
export type SubmissionMinute = z.infer<typeof SubmissionMinute>;

/** The solves of one challenge, each as its epoch-millisecond time, oldest first. */
export const ChallengeSolves = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.string(),
  solves: z.array(z.number().int()),
});
export type ChallengeSolves = z.infer<typeof ChallengeSolves>;

/** Request figures of one process (or all together) over the last window, from the request-duration histogram. */
export const RequestFigures = z.object({
  requests: z.number().int(),
  /** Answers with a 5xx status. */
  errors: z.number().int(),
  /** errors / requests (0 without requests). */
  errorRate: z.number(),
  /** Latency percentiles in milliseconds (upper bound of the histogram bucket; null without requests). */
  p50: z.number().nullable(),
  p95: z.number().nullable(),
  p99: z.number().nullable(),
});
export type RequestFigures = z.infer<typeof RequestFigures>;

/** The last report of one server process (each process reports every interval over the event bus). */
export const ProcessHealth = z.object({
  id: z.string(),
  /** Epoch milliseconds of the report. */
  reportedAt: z.number().int(),
  uptimeSeconds: z.number().int(),
  memoryMb: z.number().int(),
  /** Event-loop delay over the window, milliseconds (p99). */
  eventLoopDelayMs: z.number(),
  /** Submissions this process has queued or is judging. */
  judgeQueue: z.number().int(),
  liveConnections: z.number().int(),
  requests: RequestFigures,
  /** `stale`: no report for more than two intervals. */
  status: z.enum(['ok', 'stale']),
});
export type ProcessHealth = z.infer<typeof ProcessHealth>;

/**
 * The organisers' live event dashboard of one game (`GET /api/game/{id}/dashboard`, and the `dashboard`
 * live message to monitors every `intervalSeconds`). Computed once per interval per server process.
 */
export const EventDashboard = z.object({
  gameId: z.number().int(),
  /** Epoch milliseconds when this snapshot was computed. */
  at: z.number().int(),
  intervalSeconds: z.number().int(),
  /** Signed-in players with the game's live channel open (every process together). */
  playersOnline: z.number().int(),
  /** The last 30 minutes, oldest first. */
  submissionsPerMinute: z.array(SubmissionMinute),
  challenges: z.array(ChallengeSolves),
  /** Enabled challenges nobody has solved yet. */
  unsolved: z.array(z.object({ id: z.number().int(), title: z.string(), category: z.string() })),
  instances: z.object({
    running: z.number().int(),
    /** Waiting for a start slot or starting. */
    queued: z.number().int(),
    /** Starts that failed in the last hour (reported by the processes that ran them). */
    startFailures: z.number().int(),
  }),
  judge: z.object({
    /** Submissions of this game still waiting for a verdict. */
    backlog: z.number().int(),
    oldestSeconds: z.number(),
  }),
  /** Every process together. */
  requests: RequestFigures,
  processes: z.array(ProcessHealth),
});
export type EventDashboard = z.infer<typeof EventDashboard>;
