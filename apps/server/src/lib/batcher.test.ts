import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher';

describe('batcher', () => {
  it('gathers items added together into one run and answers each in order', async () => {
    const runs: number[][] = [];
    const batcher = createBatcher<number, number>({
      run: async (items) => {
        runs.push(items);
        return items.map((n) => n * 10);
      },
      maxBatch: 100,
      maxInFlight: 1,
    });
    const results = await Promise.all([1, 2, 3].map((n) => batcher.add(n)));
    expect(results).toEqual([10, 20, 30]);
    expect(runs).toEqual([[1, 2, 3]]);
  });

  it('keeps batches within maxBatch and runs at most maxInFlight at once', async () => {
    let running = 0;
    let peak = 0;
    const sizes: number[] = [];
    const batcher = createBatcher<number, number>({
      run: async (items) => {
        running += 1;
        peak = Math.max(peak, running);
        sizes.push(items.length);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        return items;
      },
      maxBatch: 4,
      maxInFlight: 2,
    });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => batcher.add(i)));
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(peak).toBe(2);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(4);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(20);
  });

  it('items arriving while a batch runs form the next batch', async () => {
    const sizes: number[] = [];
    const batcher = createBatcher<number, number>({
      run: async (items) => {
        sizes.push(items.length);
        await new Promise((resolve) => setTimeout(resolve, 10));
        return items;
      },
      maxBatch: 100,
      maxInFlight: 1,
    });
    const first = batcher.add(0);
    await new Promise((resolve) => setTimeout(resolve, 2));
    const later = [1, 2, 3, 4].map((n) => batcher.add(n));
    await Promise.all([first, ...later]);
    expect(sizes).toEqual([1, 4]);
  });

  it('a failing batch is retried item by item, so only the bad item fails', async () => {
    const batcher = createBatcher<number, number>({
      run: async (items) => {
        if (items.includes(13)) throw new Error('unlucky');
        return items;
      },
      maxBatch: 100,
      maxInFlight: 1,
    });
    const outcomes = await Promise.allSettled([12, 13, 14].map((n) => batcher.add(n)));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
