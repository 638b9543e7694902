import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from './concurrency-limit';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('concurrencyLimit', () => {
  it('runs at most the limit at once, every task in arrival order, and passes results and errors through', async () => {
    const run = concurrencyLimit(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (n: number) => async () => {
      started.push(n);
      running++;
      most = Math.max(most, running);
      await tick();
      running--;
      if (n === 3) throw new Error('three');
      return n * 10;
    };
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, n) => run(task(n))));
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      0,
      10,
      20,
      'three',
      40,
      50,
      60,
      70,
    ]);
    // Every slot came back: the next batch starts at once.
    let ran = false;
    await run(async () => {
      ran = true;
    });
    expect(ran).toBe(true);
  });

  it('refuses a limit that is not a positive whole number', () => {
    for (const limit of [0, -1, 1.5, Number.NaN]) expect(() => concurrencyLimit(limit)).toThrow(RangeError);
  });
});
