/**
 * Admits engine starts in arrival order with at most `concurrency` in flight, so a start storm at the opening
 * of a game queues instead of overloading the engine. Waiting jobs can report their place in line.
 */
export function createStartQueue(options: { concurrency: number }) {
  const concurrency = Math.max(1, options.concurrency);
  interface Job {
    key: string;
    run: () => Promise<void>;
    done: () => void;
  }
  const waiting: Job[] = [];
  let inFlight = 0;
  let idle: Array<() => void> = [];

  function pump(): void {
    while (inFlight < concurrency && waiting.length > 0) {
      const job = waiting.shift() as Job;
      inFlight += 1;
      void job
        .run()
        .catch(() => undefined)
        .finally(() => {
          inFlight -= 1;
          job.done();
          pump();
          if (inFlight === 0 && waiting.length === 0) {
            for (const resolve of idle) resolve();
            idle = [];
          }
        });
    }
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
      return true;
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
