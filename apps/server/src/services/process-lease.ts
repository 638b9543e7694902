import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ProcessLeaseRepository } from '../repositories/process-lease.repository';

/** How often the lease is renewed and the takeover tasks run. */
export const LEASE_RENEW_MS = 500;
/**
 * How long a lease lasts without renewal. A process killed with SIGKILL loses its work to the others at
 * most this long (plus one tick) after its last renewal; a live process that misses renewals this long
 * (a stalled database, a frozen event loop) may see some of its work judged by another as well, which is
 * harmless: every piece of work is claimed in one conditional update.
 */
export const LEASE_TTL_MS = 2_000;
/** Lease rows of processes gone for this long are deleted at start-up. */
const PURGE_AFTER_MS = 24 * 60 * 60_000;

/** A task run after every renewal, e.g. taking over the submissions of processes whose lease ran out. */
export type TakeoverTask = () => Promise<void>;

/**
 * This process's lease: an id that the work it owns (stored submissions, queued container starts) names,
 * kept alive in the database while the process runs. Tasks registered with `onTick` run after each
 * renewal, one pass at a time, so a slow database delays them instead of piling them up.
 */
export function createProcessLease(deps: {
  repository: ProcessLeaseRepository;
  log: FastifyBaseLogger;
  renewMs?: number;
  ttlMs?: number;
}) {
  const renewMs = deps.renewMs ?? LEASE_RENEW_MS;
  const ttlMs = deps.ttlMs ?? LEASE_TTL_MS;
  const id = randomUUID();
  const tasks = new Set<TakeoverTask>();
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let failing = false;

  async function tick(): Promise<void> {
    try {
      await deps.repository.renew(id, ttlMs);
      if (failing) deps.log.info('process lease renewed again');
      failing = false;
    } catch (error) {
      // Once per outage: the database layer reports the outage itself.
      if (!failing) deps.log.warn({ err: error }, 'process lease: renewal failed; other processes may take over work');
      failing = true;
      return;
    }
    for (const task of tasks) {
      try {
        await task();
      } catch (error) {
        deps.log.debug({ err: error }, 'process lease: takeover task failed');
      }
    }
  }

  /** Runs one tick unless one is running. */
  function runTick(): Promise<void> {
    ticking ??= tick().finally(() => {
      ticking = undefined;
    });
    return ticking;
  }

  return {
    id,

    /** Registers a task run after each renewal; returns its removal. */
    onTick(task: TakeoverTask): () => void {
      tasks.add(task);
      return () => tasks.delete(task);
    },

    /** Takes the lease, then keeps renewing it. Throws when the database cannot be reached. */
    async start(): Promise<void> {
      await deps.repository.renew(id, ttlMs);
      await deps.repository.purgeExpired(PURGE_AFTER_MS).catch(() => undefined);
      timer = setInterval(() => void runTick(), renewMs);
      timer.unref();
    },

    /** Runs the takeover tasks now (start-up, tests). */
    async tick(): Promise<void> {
      await runTick();
    },

    /** Stops renewing and gives the lease up, so the work this process still owns is taken over at once. */
    async release(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      tasks.clear();
      await ticking;
      await deps.repository
        .release(id)
        .catch((error) => deps.log.warn({ err: error }, 'process lease: release failed'));
    },
  };
}
export type ProcessLease = ReturnType<typeof createProcessLease>;
