import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ProcessHealth } from '@flagpole/contract';
import type { Clock } from '../lib/clock';
import type { EventBus } from '../lib/event-bus';
import { addBuckets, type RequestWindow, requestFigures } from './request-window';

/** Event-bus channel of the processes' health reports. */
export const PROCESS_HEALTH_CHANNEL = 'process:health';
/** Instance start failures count on the dashboard for this long. */
const FAILURE_WINDOW_MS = 60 * 60_000;

/** What a process reports about itself every interval (on the bus, so every process knows every other). */
export interface HealthReport {
  id: string;
  reportedAt: number;
  uptimeSeconds: number;
  memoryMb: number;
  eventLoopDelayMs: number;
  judgeQueue: number;
  liveConnections: number;
  buckets: number[];
  errors: number;
  /** Signed-in players with a game's live channel open on this process, by game id. */
  players: Record<string, number>;
  /** Instance start failures this process saw in the last hour, by game id. */
  startFailures: Record<string, number>;
}

/** Figures of this process read when it reports. */
export interface LocalFigures {
  judgeQueue(): number;
  liveConnections(): number;
  playersOnline(): Map<number, number>;
}

/**
 * Health reports of every server process. Each process publishes its own every interval; reports are kept
 * by process id, marked stale after two silent intervals and forgotten after six (a stopped process leaves
 * the list within half a minute).
 */
export function createProcessHealth(deps: {
  events: EventBus;
  clock: Clock;
  processId: string;
  intervalMs: number;
  requests: RequestWindow;
  local: LocalFigures;
}) {
  const reports = new Map<string, HealthReport>();
  const failures = new Map<number, number[]>();
  const startedAt = deps.clock.now().getTime();
  const loopDelay = monitorEventLoopDelay({ resolution: 20 });
  loopDelay.enable();

  const stop = deps.events.subscribe(PROCESS_HEALTH_CHANNEL, (payload) => {
    const report = payload as HealthReport | null;
    if (report && typeof report.id === 'string' && Array.isArray(report.buckets)) reports.set(report.id, report);
  });

  function failuresByGame(now: number): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const [gameId, times] of failures) {
      const recent = times.filter((time) => now - time < FAILURE_WINDOW_MS);
      if (recent.length === 0) failures.delete(gameId);
      else {
        failures.set(gameId, recent);
        counts[gameId] = recent.length;
      }
    }
    return counts;
  }

  function ownReport(): HealthReport {
    const now = deps.clock.now().getTime();
    const { buckets, errors } = deps.requests.take();
    const delay = loopDelay.percentile(99) / 1e6;
    loopDelay.reset();
    return {
      id: deps.processId,
      reportedAt: now,
      uptimeSeconds: Math.round((now - startedAt) / 1000),
      memoryMb: Math.round(process.memoryUsage.rss() / 1_048_576),
      eventLoopDelayMs: Number.isFinite(delay) ? Math.round(delay * 10) / 10 : 0,
      judgeQueue: deps.local.judgeQueue(),
      liveConnections: deps.local.liveConnections(),
      buckets,
      errors,
      players: Object.fromEntries(deps.local.playersOnline()),
      startFailures: failuresByGame(now),
    };
  }

  /** Publishes this process's report (the bus also hands it to this process's own subscriber). */
  async function report(): Promise<void> {
    await deps.events.publish(PROCESS_HEALTH_CHANNEL, ownReport());
  }

  /** The reports still current, oldest process first. */
  function current(): HealthReport[] {
    const now = deps.clock.now().getTime();
    for (const [id, item] of reports) if (now - item.reportedAt > deps.intervalMs * 6) reports.delete(id);
    return [...reports.values()].sort((a, b) => b.uptimeSeconds - a.uptimeSeconds || a.id.localeCompare(b.id));
  }

  return {
    report,
    current,
    /** Counts a failed instance start of the game (shown for an hour). */
    startFailed(gameId: number): void {
      const times = failures.get(gameId) ?? [];
      times.push(deps.clock.now().getTime());
      failures.set(gameId, times);
    },
    /** The reports as the dashboard shows them. */
    processes(): ProcessHealth[] {
      const now = deps.clock.now().getTime();
      return current().map((item) => ({
        id: item.id,
        reportedAt: item.reportedAt,
        uptimeSeconds: item.uptimeSeconds,
        memoryMb: item.memoryMb,
        eventLoopDelayMs: item.eventLoopDelayMs,
        judgeQueue: item.judgeQueue,
        liveConnections: item.liveConnections,
        requests: requestFigures(item.buckets, item.errors),
        status: now - item.reportedAt > deps.intervalMs * 2 ? 'stale' : 'ok',
      }));
    },
    /** Every process's requests added together. */
    requests() {
      const list = current();
      return requestFigures(
        addBuckets(list.map((item) => item.buckets)),
        list.reduce((sum, item) => sum + item.errors, 0),
      );
    },
    close(): void {
      stop();
      loopDelay.disable();
    },
  };
}
export type ProcessHealthBoard = ReturnType<typeof createProcessHealth>;
