/**
 * The flag checker's verdict memory (apps/server/src/services/verdict-memory.ts) at its default bound of 50,000
 * entries: the heap a full memory holds, and the time to remember one more submission once it is full (each
 * forgets the oldest), which is every submission of a long event.
 *
 *   node --import tsx --expose-gc bench/micro/verdict-memory.bench.ts [path/to/verdict-memory.ts]
 *
 * The optional path runs another checkout's module (e.g. a worktree of main) for a before figure.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import { calibrate, describeCalibration } from '../scenarios/calibration';

type Memory = {
  remember(
    id: number,
    entry: { userId: string; gameId: number; challengeId: number; status: 'WrongAnswer' | 'Accepted' },
  ): void;
  known(id: number, userId: string, gameId: number, challengeId: number): string | undefined;
};
type Create = (options: { clock: { now(): Date }; isJudging: (id: number) => boolean }) => Memory;

const LIMIT = 50_000;
const USERS = 500;
const CHALLENGES = 50;
const ROUNDS = 3;
const PER_ROUND = 100_000;

const modulePath = path.resolve(process.argv[2] ?? 'apps/server/src/services/verdict-memory.ts');
const { createVerdictMemory } = (await import(pathToFileURL(modulePath).href)) as { createVerdictMemory: Create };
const gc = (globalThis as { gc?: () => void }).gc;

// Calibrated first, and collected before the heap is read: its buffers would blur the figures.
console.log(describeCalibration(calibrate()));
console.log(`module: ${modulePath}`);
const users = Array.from({ length: USERS }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
const clock = { now: () => new Date() };
let id = 1;
const entry = (n: number) =>
  ({
    userId: users[n % USERS] as string,
    gameId: 1,
    challengeId: (n % CHALLENGES) + 1,
    status: 'WrongAnswer',
  }) as const;

gc?.();
gc?.();
const heapBefore = getHeapStatistics();
const buffersBefore = process.memoryUsage().arrayBuffers;
const memory = createVerdictMemory({ clock, isJudging: () => false });
for (let i = 0; i < LIMIT; i++, id++) memory.remember(id, entry(i));
gc?.();
const heapFull = getHeapStatistics();
if (gc) {
  const heapMb = (heapFull.used_heap_size - heapBefore.used_heap_size) / 1e6;
  const externalMb = (process.memoryUsage().arrayBuffers - buffersBefore) / 1e6;
  console.log(
    `full memory (${LIMIT.toLocaleString('en')} entries): heap ${heapMb.toFixed(2)} MB, outside the heap ${externalMb.toFixed(2)} MB`,
  );
}

let checksum = 0;
for (let round = 0; round < ROUNDS; round++) {
  const began = performance.now();
  for (let i = 0; i < PER_ROUND; i++, id++) memory.remember(id, entry(i));
  const ms = performance.now() - began;
  for (let back = 1; back <= 10; back++) {
    const last = entry(PER_ROUND - back);
    checksum += memory.known(id - back, last.userId, 1, last.challengeId) ? 1 : 0;
  }
  console.log(
    `round ${round + 1}: ${PER_ROUND.toLocaleString('en')} more remembered (full, each forgets the oldest) in ${ms.toFixed(0)} ms, ${((ms * 1000) / PER_ROUND).toFixed(2)} µs each`,
  );
}
console.log(`checksum ${checksum}`);
