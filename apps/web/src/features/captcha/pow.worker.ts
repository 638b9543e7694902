import { solvePow } from './pow-solver';

export interface PowWorkerRequest {
  challenge: string;
  difficulty: number;
}

export type PowWorkerMessage =
  | { type: 'progress'; hashes: number }
  | { type: 'done'; nonce: string; hashes: number }
  | { type: 'error'; message: string };

// The DOM library types `self` as a window; in a worker only these two members are needed.
const scope = self as unknown as {
  postMessage(message: PowWorkerMessage): void;
  onmessage: ((event: MessageEvent<PowWorkerRequest>) => void) | null;
};

scope.onmessage = (event) => {
  const { challenge, difficulty } = event.data;
  if (typeof crypto === 'undefined' || !crypto.subtle) {
    scope.postMessage({ type: 'error', message: 'WebCrypto is not available' });
    return;
  }
  solvePow(challenge, difficulty, { onProgress: (hashes) => scope.postMessage({ type: 'progress', hashes }) }).then(
    (solution) => scope.postMessage({ type: 'done', ...solution }),
    (error: unknown) => scope.postMessage({ type: 'error', message: String(error) }),
  );
};
