import { passwordProblems } from '@flagpole/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { randomToken } from '../lib/crypto';
import { hashPassword } from '../lib/password';
import { createUserRepository } from '../repositories/user.repository';

export const ADMIN_USER_NAME = 'admin';
export const ADMIN_EMAIL = 'admin@flagpole.invalid';

function randomStrongPassword(): string {
  for (;;) {
    const candidate = randomToken(15);
    if (passwordProblems(candidate).length === 0) return candidate;
  }
}

/**
 * Creates the administrator `admin` when no user has that name. Safe to run on every start and from
 * several processes at once: the insert does nothing when the unique name index already holds it.
 * Without ADMIN_PASSWORD a random password is generated and printed once, in this one log line.
 */
export async function ensureAdminAccount(deps: {
  db: Db;
  adminPassword: string | undefined;
  log: FastifyBaseLogger;
}): Promise<{ created: boolean }> {
  const users = createUserRepository(deps.db);
  if (await users.findByName(ADMIN_USER_NAME)) return { created: false };
  const password = deps.adminPassword ?? randomStrongPassword();
  const created = await users.insert({
    user_name: ADMIN_USER_NAME,
    email: ADMIN_EMAIL,
    email_confirmed: true,
    password_hash: await hashPassword(password),
    role: 'Admin',
  });
  if (!created) return { created: false };
  if (deps.adminPassword) {
    deps.log.info(`Created the administrator account "${ADMIN_USER_NAME}" with the password from ADMIN_PASSWORD`);
  } else {
    deps.log.warn(
      `Created the administrator account "${ADMIN_USER_NAME}" with the generated password ${password} ; it is shown only this once, change it after signing in`,
    );
  }
  return { created: true };
}
