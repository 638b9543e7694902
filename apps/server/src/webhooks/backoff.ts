/*
 * When a failed webhook delivery is tried again: exponential backoff (15 s, 30 s, 1 min, … doubling) capped at one
 * hour, with jitter so that endpoints that failed together (a receiver that was down) are not all retried in the
 * same second. Deliveries are retried for 24 hours from when they were queued; after that the delivery has failed
 * and its endpoint, which has then failed for a day, is disabled.
 */

export const FIRST_RETRY_MS = 15_000;
export const MAX_RETRY_MS = 60 * 60_000;
export const RETRY_WINDOW_MS = 24 * 60 * 60_000;
/** The jitter: the delay is drawn from [80 %, 120 %] of the exponential step. */
const JITTER = 0.2;

/** The delay before the next attempt after `failures` failed attempts (1 or more); `random` in [0, 1). */
export function retryDelayMs(failures: number, random: number = Math.random()): number {
  const step = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, Math.min(failures - 1, 30)));
  return Math.round(step * (1 - JITTER + 2 * JITTER * random));
}

/** Whether a delivery queued at `queuedAt` is still retried at `now`. */
export function withinRetryWindow(queuedAt: Date, now: Date): boolean {
  return now.getTime() - queuedAt.getTime() < RETRY_WINDOW_MS;
}
