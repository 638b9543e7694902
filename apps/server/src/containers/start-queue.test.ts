import { describe, expect, it } from 'vitest';
import { createStartQueue } from './start-queue';

const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

describe('start queue', () => {
  it('never runs more than the concurrency at once and starts jobs in arrival order', async () => {
    const queue = createStartQueue({ concurrency: 3 });
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const jobs = Array.from({ length: 20 }, (_, i) =>
      queue.enqueue(`job-${i}`, async () => {
        started.push(i);
        running += 1;
        peak = Math.max(peak, running);
        await tick();
        running -= 1;
      }),
    );
    await Promise.all(jobs);
    expect(peak).toBe(3);
    expect(started).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('reports the place in line of waiting jobs and null for running ones', async () => {
    const queue = createStartQueue({ concurrency: 1 });
    let release = () => {};
    const blocker = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = queue.enqueue('a', () => blocker);
    void queue.enqueue('b', async () => {});
    void queue.enqueue('c', async () => {});
    expect(queue.position('a')).toBeNull();
    expect(queue.position('b')).toBe(1);
    expect(queue.position('c')).toBe(2);
    expect(queue.cancel('b')).toBe(true);
    expect(queue.position('c')).toBe(1);
    release();
    await first;
    await queue.settle();
    expect(queue.position('c')).toBeNull();
  });

  it('keeps going when a job fails', async () => {
    const queue = createStartQueue({ concurrency: 1 });
    const ran: string[] = [];
    await Promise.all([
      queue.enqueue('x', async () => {
        throw new Error('engine down');
      }),
      queue.enqueue('y', async () => {
        ran.push('y');
      }),
    ]);
    expect(ran).toEqual(['y']);
  });
});
