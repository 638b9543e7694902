import { useCallback, useEffect, useRef, useState } from 'react';
import type { PowWorkerMessage, PowWorkerRequest } from '../pow.worker';
import { currentPowChallenge, discardPowChallenge } from '../pow-challenge-store';

export type PowState =
  | { status: 'idle' | 'fetching' }
  | { status: 'solving'; hashes: number }
  | { status: 'solved'; answer: string; nonce: string; hashes: number; elapsedMs: number }
  | { status: 'error'; message: string };

/** Fetches a HashPow challenge and solves it in a Web Worker as soon as the form opens. */
export function useHashPow(enabled: boolean) {
  const [state, setState] = useState<PowState>({ status: 'idle' });
  const [round, setRound] = useState(0);
  const answerRef = useRef<string | null>(null);
  const waitersRef = useRef<Array<(answer: string | null) => void>>([]);

  const settle = useCallback((answer: string | null) => {
    answerRef.current = answer;
    for (const resolve of waitersRef.current.splice(0)) resolve(answer);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` restarts the solver on purpose.
  useEffect(() => {
    if (!enabled) return;
    let worker: Worker | undefined;
    let cancelled = false;
    answerRef.current = null;
    setState({ status: 'fetching' });

    currentPowChallenge().then(
      (challenge) => {
        if (cancelled) return;
        const startedAt = performance.now();
        worker = new Worker(new URL('../pow.worker.ts', import.meta.url), { type: 'module' });
        worker.onmessage = (event: MessageEvent<PowWorkerMessage>) => {
          const message = event.data;
          if (message.type === 'progress') setState({ status: 'solving', hashes: message.hashes });
          else if (message.type === 'done') {
            const answer = `${challenge.id}:${message.nonce}`;
            setState({
              status: 'solved',
              answer,
              nonce: message.nonce,
              hashes: message.hashes,
              elapsedMs: performance.now() - startedAt,
            });
            settle(answer);
            worker?.terminate();
          } else {
            setState({ status: 'error', message: message.message });
            settle(null);
          }
        };
        setState({ status: 'solving', hashes: 0 });
        worker.postMessage({
          challenge: challenge.challenge,
          difficulty: challenge.difficulty,
        } satisfies PowWorkerRequest);
      },
      (error: unknown) => {
        if (cancelled) return;
        setState({ status: 'error', message: String(error) });
        settle(null);
      },
    );
    return () => {
      cancelled = true;
      worker?.terminate();
    };
  }, [enabled, round, settle]);

  /** The answer for the form, waiting for the worker if it is still busy; null if solving failed. */
  const getAnswer = useCallback((): Promise<string | null> => {
    if (answerRef.current) return Promise.resolve(answerRef.current);
    return new Promise((resolve) => waitersRef.current.push(resolve));
  }, []);

  /** The answer was used (successfully or not): fetch and solve a new challenge. */
  const renew = useCallback(() => {
    discardPowChallenge();
    answerRef.current = null;
    setRound((value) => value + 1);
  }, []);

  return { state, getAnswer, renew };
}
