/** Slots bounding starts across every server process (see start-slots.ts). */
export interface SharedSlots {
  /** Takes a slot; resolves with its release, or null when every slot is taken. */
  acquire(): Promise<(() => Promise<void>) | null>;
}

/**
 * Admits engine starts in arrival order with at most `concurrency` in flight, so a start storm at the opening
 * of a game queues instead of overloading the engine. Waiting jobs can report their place in line. With
 * `shared` slots a job also needs one of them, so the bound holds across processes; while all are taken the
 * queue asks again every `retryMs`.
 */
export function createStartQueue(options: { concurrency: number; shared?: SharedSlots; retryMs?: number }) {
  const concurrency = Math.max(1, options.concurrency);
  const retryMs = options.retryMs ?? 250;
  interface Job {
    key: string;
    run: () => Promise<void>;
    done: () => void;
  }
  const waiting: Job[] = [];
  let inFlight = 0;
  let idle: Array<() => void> = [];
  let acquiring = false;
  let retryScheduled = false;

  function launch(job: Job, release: () => Promise<void>): void {
    inFlight += 1;
    void job
      .run()
      .catch(() => undefined)
      .finally(async () => {
        await release().catch(() => undefined);
        inFlight -= 1;
        job.done();
        pump();
        notifyIfIdle();
      });
  }

  function notifyIfIdle(): void {
    if (inFlight > 0 || waiting.length > 0) return;
    for (const resolve of idle) resolve();
    idle = [];
  }

  /** Takes shared slots for the jobs at the head of the line, one at a time, while local room remains. */
  async function pumpShared(shared: SharedSlots): Promise<void> {
    if (acquiring) return;
    acquiring = true;
    try {
      while (inFlight < concurrency && waiting.length > 0) {
        const job = waiting[0] as Job;
        const release = await shared.acquire().catch(() => null);
        if (!release) {
          if (!retryScheduled) {
            retryScheduled = true;
            setTimeout(() => {
              retryScheduled = false;
              pump();
            }, retryMs);
          }
          return;
        }
        const index = waiting.indexOf(job);
        if (index < 0) {
          // Cancelled while the slot was being taken.
          await release().catch(() => undefined);
          continue;
        }
        waiting.splice(index, 1);
        launch(job, release);
      }
    } finally {
      acquiring = false;
    }
  }

  function pump(): void {
    if (options.shared) {
      void pumpShared(options.shared);
      return;
    }
    while (inFlight < concurrency && waiting.length > 0) launch(waiting.shift() as Job, async () => {});
  }

  return {
    /**
     * Queues `run` under `key` (an instance id); the promise settles when the job has finished. `run` handles
     * its own errors: the queue only orders and bounds.
     */
    enqueue(key: string, run: () => Promise<void>): Promise<void> {
      return new Promise<void>((resolve) => {
        waiting.push({ key, run, done: resolve });
        pump();
      });
    },
    /** 1 for the next job to start, null when the job is running, finished or unknown. */
    position(key: string): number | null {
      const index = waiting.findIndex((job) => job.key === key);
      return index < 0 ? null : index + 1;
    },
    /** Drops a waiting job (its instance was destroyed before its turn); true if it was waiting. */
    cancel(key: string): boolean {
      const index = waiting.findIndex((job) => job.key === key);
      if (index < 0) return false;
      const [job] = waiting.splice(index, 1);
      job?.done();
      notifyIfIdle();
      return true;
    },
    /**
     * Drops every waiting job (shutdown): their instances stay Pending and are taken over by another process
     * once this one gives up its lease, instead of holding the shutdown until each has started.
     */
    abandonWaiting(): number {
      const dropped = waiting.splice(0, waiting.length);
      for (const job of dropped) job.done();
      notifyIfIdle();
      return dropped.length;
    },
    get inFlight(): number {
      return inFlight;
    },
    get waiting(): number {
      return waiting.length;
    },
    /** Resolves once nothing runs or waits. */
    settle(): Promise<void> {
      if (inFlight === 0 && waiting.length === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
  };
}

export type StartQueue = ReturnType<typeof createStartQueue>;
