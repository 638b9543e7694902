import { createHash } from 'node:crypto';
import { cpus, totalmem } from 'node:os';

/**
 * This machine's speed varies by up to ten times from day to day, so every result is printed with two
 * figures that tell the day: a JavaScript loop of 3·10⁸ additions (~150 ms on a quiet day) and SHA-256
 * throughput over 64 MiB (~1,170 MB/s on such a day). Targets scale with the loop time.
 */
export interface Calibration {
  loopMs: number;
  sha256MBps: number;
  machine: string;
  at: string;
}

function additionLoopMs(): number {
  let sum = 0;
  const started = performance.now();
  for (let i = 0; i < 300_000_000; i++) sum += i;
  const ms = performance.now() - started;
  // Keeps the loop from being optimised away.
  if (sum === -1) console.log(sum);
  return ms;
}

function sha256MBps(): number {
  const block = Buffer.alloc(1024 * 1024, 7);
  const started = performance.now();
  const hash = createHash('sha256');
  for (let i = 0; i < 64; i++) hash.update(block);
  hash.digest();
  return 64 / ((performance.now() - started) / 1000) / 1.048576;
}

/** The best of three runs of each: the machine's speed, not a moment's interruption. */
export function calibrate(): Calibration {
  const loops = [additionLoopMs(), additionLoopMs(), additionLoopMs()];
  const hashes = [sha256MBps(), sha256MBps(), sha256MBps()];
  const cpu = cpus();
  return {
    loopMs: Math.min(...loops),
    sha256MBps: Math.max(...hashes),
    machine: `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    at: new Date().toISOString(),
  };
}

/** The two speed figures alone, for results that name the machine and time themselves. */
export function describeSpeed(c: Calibration): string {
  return `loop of 3·10⁸ additions ${c.loopMs.toFixed(0)} ms (quiet day ~150 ms), SHA-256 ${c.sha256MBps.toFixed(0)} MB/s (quiet day ~1,170 MB/s)`;
}

export function describeCalibration(c: Calibration): string {
  return `${c.at} on ${c.machine}; calibration: ${describeSpeed(c)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(describeCalibration(calibrate()));
