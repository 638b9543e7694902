import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { EventBus } from './event-bus';

/*
 * The moving part of everything that happens at a stored instant (timed releases, hints that come free): each process
 * holds the upcoming instants, read from the database at start, after any event on `staleOn` and every `rereadMs`, so
 * no instant is lost by a restart and no timer is armed only in memory; every `tickMs` it compares the clock with
 * them and hands the ones that came to `onDue` (which claims its work in the database, so one process does it).
 */

export function createDueTicker<T>(deps: {
  clock: Clock;
  events: EventBus;
  /** Channels whose events mean the stored instants may have changed. */
  staleOn: readonly string[];
  /** The upcoming items, read from the database. */
  read: (now: Date) => Promise<T[]>;
  /** An item's instant (epoch ms). */
  at: (item: T) => number;
  /** The items whose instant has come; afterwards everything is read again. */
  onDue: (due: T[], now: Date) => Promise<void>;
  log: FastifyBaseLogger;
  /** Names the ticker in the log line of a failed tick. */
  name: string;
  tickMs: number;
  rereadMs: number;
}) {
  let upcoming: T[] = [];
  let stale = true;
  let readAt = 0;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const unsubscribers = deps.staleOn.map((channel) =>
    deps.events.subscribe(channel, () => {
      stale = true;
    }),
  );

  async function tick(): Promise<void> {
    const now = deps.clock.now();
    if (stale || Date.now() - readAt >= deps.rereadMs) {
      stale = false;
      readAt = Date.now();
      upcoming = await deps.read(now);
    }
    const due = upcoming.filter((item) => deps.at(item) <= now.getTime());
    if (due.length === 0) return;
    upcoming = upcoming.filter((item) => deps.at(item) > now.getTime());
    await deps.onDue(due, now);
    stale = true;
  }

  /**
   * One tick at a time. A failure (database away) is logged and everything is read again at the next periodic read,
   * not at every tick, so an outage logs one line every few seconds.
   */
  function runTick(): Promise<void> {
    running ??= tick()
      .catch((error: unknown) => {
        stale = false;
        readAt = Date.now();
        deps.log.error({ err: error }, `${deps.name} tick failed`);
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  async function stop(): Promise<void> {
    if (timer) clearInterval(timer);
    timer = undefined;
    await running;
  }

  return {
    start(): void {
      if (timer) return;
      timer = setInterval(() => void runTick(), deps.tickMs);
      timer.unref();
    },
    /** Runs one tick now (tests). */
    tick: runTick,
    stop,
    async close(): Promise<void> {
      for (const unsubscribe of unsubscribers) unsubscribe();
      await stop();
    },
  };
}
