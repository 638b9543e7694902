import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { concurrencyLimit } from './concurrency-limit';

/** argon2id with the OWASP-recommended minimum cost (19 MiB, 2 passes). */
// `Algorithm` is an ambient const enum we cannot import under verbatimModuleSyntax; 2 is Argon2id.
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes at a time: one per core (at most 4). More would not finish a burst of sign-ins sooner (each hash
 * keeps a core busy) but would hold 19 MiB more each: 200 players signing in at once peaked at 217 MB of
 * server memory with the thread pool's four at a time and at 177 MB with two on a 2-core machine.
 */
const hashing = concurrencyLimit(Math.min(4, availableParallelism()));

export function hashPassword(password: string): Promise<string> {
  return hashing(() => hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashing(() => verify(passwordHash, password));
  } catch {
    // A malformed stored hash never matches.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification when there is no account to check against, so an
 * unknown user name cannot be told apart from a wrong password by the response time.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-0A');
  await verifyPassword(await dummyHash, password);
  return false;
}
