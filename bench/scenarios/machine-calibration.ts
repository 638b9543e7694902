import { createHash } from 'node:crypto';

/**
 * The machine's speed at the time of a run, printed beside every result: this machine's speed varies by a
 * factor of ten from day to day, so figures are only comparable together with these two numbers.
 * - loop: milliseconds for a plain JavaScript loop of 3·10⁸ additions (~150 ms on a quick day);
 * - sha256: SHA-256 throughput over 256 MiB in 1 MiB chunks, MB/s (~1,170 MB/s on a quick day).
 */
export interface Calibration {
  loopMs: number;
  sha256MBps: number;
}

export function calibrate(): Calibration {
  let started = performance.now();
  let sum = 0;
  for (let i = 0; i < 300_000_000; i++) sum += i;
  const loopMs = performance.now() - started;
  if (sum < 0) console.log(sum); // keeps the loop from being optimised away

  const chunk = Buffer.alloc(1 << 20, 7);
  const hash = createHash('sha256');
  started = performance.now();
  for (let i = 0; i < 256; i++) hash.update(chunk);
  hash.digest();
  const seconds = (performance.now() - started) / 1_000;
  return { loopMs: Math.round(loopMs), sha256MBps: Math.round((256 * 2 ** 20) / 1e6 / seconds) };
}

export function describeCalibration(c: Calibration): string {
  return `loop of 3·10⁸ additions ${c.loopMs.toLocaleString('en-US')} ms, SHA-256 ${c.sha256MBps.toLocaleString('en-US')} MB/s`;
}
