import { useCallback, useEffect, useState } from 'react';
import { secondsUntil } from '../lib/submit-flow';

const TICK_MS = 250;

/**
 * A countdown to a time the server named (Retry-After). `seconds` is 0 when nothing is being waited for; the timer
 * runs only while waiting.
 */
export function useRetryCountdown(): { seconds: number; waitUntil: (retryAt: number) => void } {
  const [wait, setWait] = useState<{ retryAt: number; now: number } | null>(null);
  const waiting = wait !== null;

  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => {
      const now = Date.now();
      setWait((current) => (current === null || now >= current.retryAt ? null : { ...current, now }));
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [waiting]);

  const waitUntil = useCallback((retryAt: number) => setWait({ retryAt, now: Date.now() }), []);
  return { seconds: wait === null ? 0 : secondsUntil(wait.retryAt, wait.now), waitUntil };
}
