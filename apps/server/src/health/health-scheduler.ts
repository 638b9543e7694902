import type { FastifyBaseLogger } from 'fastify';
import type { SharedSlots } from '../containers/start-queue';
import type { Clock } from '../lib/clock';
import type { HealthCheckRow, HealthRepository } from './health.repository';
import type { HealthService } from './health.service';
import { CLAIM_MARGIN_MS, isDue } from './health-rules';
import type { HealthRunner } from './health-runner';

/** How often each process looks for due checks (real time); saving or asking for a run wakes it at once. */
const TICK_MS = 2_000;

/*
 * Every process runs this scheduler. A due check (its schedule while the game runs, or a run asked for) is claimed
 * in the database by a conditional update that names this process's lease, so one process runs it; the claim lasts
 * the check's time limit plus a margin, so the check of a process that died is run by another once it lapses.
 * At most `concurrency` checks run at once across every process: each run holds a slot of the shared counter in
 * the key-value store (Redis with several processes), as container starts do.
 */
export function createHealthScheduler(deps: {
  repository: HealthRepository;
  runner: HealthRunner;
  service: HealthService;
  slots: SharedSlots;
  concurrency: number;
  leaseId: string;
  clock: Clock;
  log: FastifyBaseLogger;
  tickMs?: number;
}) {
  const { repository, clock } = deps;
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let stopped = false;

  /** The first due check this process manages to claim, or undefined. */
  async function claimOne(): Promise<HealthCheckRow | undefined> {
    const now = clock.now();
    for (const row of await repository.candidates(now)) {
      const context = { challengeEnabled: row.challenge_enabled, gameStart: row.start_at, gameEnd: row.end_at };
      const check = { enabled: row.enabled, nextRunAt: row.next_run_at, requested: row.requested_at !== null };
      if (!isDue(check, context, now)) continue;
      const until = new Date(now.getTime() + row.timeout_seconds * 1000 + CLAIM_MARGIN_MS);
      if (await repository.claim(row.challenge_id, deps.leaseId, now, until)) return row;
    }
    return undefined;
  }

  async function runClaimed(row: HealthCheckRow, release: () => Promise<void>): Promise<void> {
    try {
      const result = await deps.runner.run(row);
      await deps.service.record(row, deps.leaseId, result, row.requested_at ? 'Manual' : 'Schedule');
    } catch (error) {
      deps.log.error({ err: error, challengeId: row.challenge_id }, 'health check: recording the run failed');
      await repository.release(row.challenge_id, deps.leaseId).catch(() => undefined);
    } finally {
      await release().catch(() => undefined);
    }
  }

  async function tick(): Promise<void> {
    while (!stopped && running.size < deps.concurrency) {
      const release = await deps.slots.acquire();
      if (!release) return;
      const row = await claimOne().catch((error) => {
        deps.log.error({ err: error }, 'health check: looking for due checks failed');
        return undefined;
      });
      if (!row) {
        await release();
        return;
      }
      const run = runClaimed(row, release).finally(() => {
        running.delete(run);
        // A slot came free: another due check may run now rather than at the next tick.
        wake();
      });
      running.add(run);
    }
  }

  function wake(): Promise<void> {
    if (stopped) return Promise.resolve();
    ticking ??= tick().finally(() => {
      ticking = undefined;
    });
    return ticking;
  }

  return {
    wake,
    start(): void {
      timer ??= setInterval(() => void wake(), deps.tickMs ?? TICK_MS);
      timer.unref();
    },
    /** Resolves when the runs in flight have ended (tests). */
    async settle(): Promise<void> {
      while (ticking || running.size > 0) await Promise.all([ticking, ...running]);
    },
    /** Stops claiming; the runs in flight end (their instances removed) before it resolves. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await ticking;
      await Promise.all(running);
    },
  };
}
export type HealthScheduler = ReturnType<typeof createHealthScheduler>;
