import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP-recommended minimum cost (19 MiB, 2 passes). */
// `Algorithm` is an ambient const enum we cannot import under verbatimModuleSyntax; 2 is Argon2id.
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
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
