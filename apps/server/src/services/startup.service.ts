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
 * The block that shows the generated password: framed, on lines of its own, so that it stands out among the
 * JSON log lines around it.
 */
export function generatedPasswordNotice(password: string): string {
  const lines = [
    `The administrator account "${ADMIN_USER_NAME}" was created with a generated password:`,
    '',
    `    ${password}`,
    '',
    'It is shown only this once and is stored nowhere. Sign in and change it,',
    'or set ADMIN_PASSWORD before the first start next time.',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return ['', rule, ...lines.map((line) => `| ${line.padEnd(width)} |`), rule, '', ''].join('\n');
}

/**
 * Creates the administrator `admin` when no user has that name. Safe to run on every start and from
 * several processes at once: the insert does nothing when the unique name index already holds it.
 * Without ADMIN_PASSWORD a random password is generated and written once to the process's standard output
 * (`announce`), never to the log: the log is stored and shown on the admin Logs page.
 */
export async function ensureAdminAccount(deps: {
  db: Db;
  adminPassword: string | undefined;
  log: Pick<FastifyBaseLogger, 'info'>;
  /** Where the generated password goes; standard output by default. */
  announce?: (text: string) => void;
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
    const announce = deps.announce ?? ((text: string) => process.stdout.write(text));
    announce(generatedPasswordNotice(password));
    deps.log.info(
      `Created the administrator account "${ADMIN_USER_NAME}" with a generated password, printed once to standard output`,
    );
  }
  return { created: true };
}
