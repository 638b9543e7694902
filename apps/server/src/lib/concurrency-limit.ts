/**
 * Runs at most `limit` tasks at a time; the others wait their turn in arrival order. For work whose cost is
 * memory held while it runs (a password hash holds 19 MiB), so a burst of requests cannot multiply it.
 */
export function concurrencyLimit(limit: number) {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`concurrency limit ${limit}`);
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running < limit) running++;
    // The slot passes straight from the task that ends to the next in line (running stays the same).
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  };
}
