/**
 * Group commit: calls made while earlier batches are on their way are gathered into one `run` call.
 * Each item gets its own result or error: when a batch fails as a whole, its items are run one by one so
 * that one bad item does not fail the others.
 */
export interface BatcherOptions<I, O> {
  /** Handles a batch; must return one result per item, in the order given. */
  run(items: I[]): Promise<O[]>;
  /** Most items in one batch. */
  maxBatch: number;
  /** Batches running at once; further items wait and form the next batch. */
  maxInFlight: number;
}

interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (reason: unknown) => void;
}

export function createBatcher<I, O>(options: BatcherOptions<I, O>) {
  const queue: Waiting<I, O>[] = [];
  let inFlight = 0;
  let scheduled = false;

  async function runOne(entry: Waiting<I, O>): Promise<void> {
    try {
      const [result] = await options.run([entry.item]);
      if (result === undefined) throw new Error('batch run returned no result');
      entry.resolve(result);
    } catch (error) {
      entry.reject(error);
    }
  }

  async function runBatch(batch: Waiting<I, O>[]): Promise<void> {
    let results: O[];
    try {
      results = await options.run(batch.map((entry) => entry.item));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const entry of batch) await runOne(entry);
      return;
    }
    batch.forEach((entry, index) => {
      const result = results[index];
      if (result === undefined) entry.reject(new Error('batch run returned too few results'));
      else entry.resolve(result);
    });
  }

  function flush(): void {
    scheduled = false;
    while (inFlight < options.maxInFlight && queue.length > 0) {
      const batch = queue.splice(0, options.maxBatch);
      inFlight += 1;
      void runBatch(batch).finally(() => {
        inFlight -= 1;
        if (queue.length > 0) schedule();
      });
    }
  }

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    // Items added in the same turn of the event loop join the batch.
    setImmediate(flush);
  }

  return {
    add(item: I): Promise<O> {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      });
    },
  };
}
