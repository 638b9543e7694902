const MINUTE_MS = 60_000;

/** Milliseconds until the instance stops, never below zero. */
export function remainingMs(expectStopAt: number, now: number): number {
  return Math.max(0, expectStopAt - now);
}

/** Extension is offered only inside the renewal window: at most `renewalWindowMinutes` before the stop. */
export function canExtend(expectStopAt: number, now: number, renewalWindowMinutes: number): boolean {
  const left = expectStopAt - now;
  return left > 0 && left <= renewalWindowMinutes * MINUTE_MS;
}

/** `h:mm:ss`, or `m:ss` under an hour. */
export function formatCountdown(ms: number): string {
  const total = Math.floor(Math.max(0, ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}
