import type { EventDashboard } from '@flagpole/contract';
import type { Clock } from '../lib/clock';
import type { DashboardRepository } from './dashboard.repository';
import type { HealthReport, ProcessHealthBoard } from './process-health';

/** Minutes of submissions shown. */
const MINUTES_SHOWN = 30;

/** Adds a per-game figure of every process's report. */
function sumOver(reports: readonly HealthReport[], pick: (report: HealthReport) => number | undefined): number {
  return reports.reduce((sum, report) => sum + (pick(report) ?? 0), 0);
}

/**
 * The event dashboard of a game. A snapshot is computed at most once per interval per game in this process,
 * whoever asks (the live push, any number of page loads): concurrent callers share the computation.
 */
export function createEventDashboardService(deps: {
  repository: DashboardRepository;
  health: ProcessHealthBoard;
  clock: Clock;
  intervalMs: number;
  /** Throws the 404 of a game that does not exist or has not started (the live channel's rule). */
  assertStarted: (gameId: number) => Promise<unknown>;
}) {
  const cache = new Map<number, { at: number; value: Promise<EventDashboard> }>();

  async function compute(gameId: number): Promise<EventDashboard> {
    const now = deps.clock.now().getTime();
    const firstMinute = Math.floor(now / 60_000) * 60_000 - (MINUTES_SHOWN - 1) * 60_000;
    const { repository } = deps;
    const [minutes, challenges, solves, instances, backlog] = await Promise.all([
      repository.submissionMinutes(gameId, new Date(firstMinute)),
      repository.challenges(gameId),
      repository.solves(gameId),
      repository.instances(gameId),
      repository.backlog(gameId),
    ]);
    const byMinute = new Map(minutes.map((minute) => [minute.time, minute]));
    const solvesOf = new Map<number, number[]>();
    for (const solve of solves) solvesOf.set(solve.challengeId, [...(solvesOf.get(solve.challengeId) ?? []), solve.at]);
    const reports = deps.health.current();
    const key = String(gameId);
    return {
      gameId,
      at: now,
      intervalSeconds: Math.round(deps.intervalMs / 1000),
      playersOnline: sumOver(reports, (report) => report.players[key]),
      submissionsPerMinute: Array.from({ length: MINUTES_SHOWN }, (_, i) => {
        const time = firstMinute + i * 60_000;
        return byMinute.get(time) ?? { time, right: 0, wrong: 0 };
      }),
      challenges: challenges.map((challenge) => ({ ...challenge, solves: solvesOf.get(challenge.id) ?? [] })),
      unsolved: challenges.filter((challenge) => !solvesOf.has(challenge.id)),
      instances: { ...instances, startFailures: sumOver(reports, (report) => report.startFailures[key]) },
      judge: {
        backlog: backlog.depth,
        oldestSeconds: backlog.oldest === null ? 0 : Math.max(0, (now - backlog.oldest) / 1000),
      },
      requests: deps.health.requests(),
      processes: deps.health.processes(),
    };
  }

  return {
    /** The game's snapshot, at most one interval old. */
    snapshot(gameId: number): Promise<EventDashboard> {
      const now = deps.clock.now().getTime();
      const cached = cache.get(gameId);
      if (cached && now - cached.at < deps.intervalMs) return cached.value;
      const value = compute(gameId);
      cache.set(gameId, { at: now, value });
      value.catch(() => {
        if (cache.get(gameId)?.value === value) cache.delete(gameId);
      });
      return value;
    },
    /** A monitor's read: the snapshot of a started game. */
    async read(gameId: number): Promise<EventDashboard> {
      await deps.assertStarted(gameId);
      return this.snapshot(gameId);
    },
    /** Forgets games nobody watches any more. */
    keepOnly(gameIds: ReadonlySet<number>): void {
      for (const gameId of cache.keys()) if (!gameIds.has(gameId)) cache.delete(gameId);
    },
  };
}
export type EventDashboardService = ReturnType<typeof createEventDashboardService>;
