import { HashPowChallenge } from '@flagpole/contract';
import { getPowChallenge } from '../info/api/get-pow-challenge';

const STORAGE_KEY = 'pow-challenge';
/** The server keeps a challenge 5 minutes; refetching after 4 leaves time to solve and submit. */
export const POW_CHALLENGE_MAX_AGE_MS = 4 * 60 * 1000;

interface StoredChallenge {
  challenge: HashPowChallenge;
  fetchedAt: number;
}

function readStored(now: number): HashPowChallenge | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<StoredChallenge>;
    const parsed = HashPowChallenge.safeParse(stored.challenge);
    if (!parsed.success || typeof stored.fetchedAt !== 'number') return null;
    return now - stored.fetchedAt < POW_CHALLENGE_MAX_AGE_MS ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A challenge fetched less than 4 minutes ago, or a new one. */
export async function currentPowChallenge(): Promise<HashPowChallenge> {
  const stored = readStored(Date.now());
  if (stored) return stored;
  const challenge = await getPowChallenge();
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ challenge, fetchedAt: Date.now() } satisfies StoredChallenge));
  } catch {
    // Storage disabled: the challenge is simply not reused.
  }
  return challenge;
}

/** After a submit the challenge is used up (or was rejected): the next attempt needs a new one. */
export function discardPowChallenge(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage disabled.
  }
}
