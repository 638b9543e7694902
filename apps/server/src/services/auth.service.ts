import type { LoginModel, RegisterModel, RegisterStatus } from '@flagpole/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../db/schema';
import type { Identity } from '../http/access';
import { AppError, badRequest, unauthorized } from '../http/errors';
import type { RequestContext } from '../http/request-context';
import type { MessageKey } from '../i18n/messages';
import { decodeLinkValue } from '../lib/crypto';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../lib/password';
import { isUniqueViolation, type UserRepository } from '../repositories/user.repository';
import { accountLink, composeAccountMail } from './account-mail';
import { ensureEmailDomainAllowed, ensureStrongPassword } from './account-policy';
import type { AccountTokens } from './account-tokens';
import type { CaptchaService } from './captcha.service';
import type { Mailer } from './mailer.service';
import type { RateLimiter } from './rate-limit.service';
import type { SessionService } from './session.service';
import type { SettingsService } from './settings.service';

export interface StartedSession {
  token: string;
  expiresAt: Date;
}

export interface RegisterOutcome {
  status: RegisterStatus;
  messageKey: MessageKey;
  session?: StartedSession;
}

const REGISTER_MESSAGES: Record<RegisterStatus, MessageKey> = {
  LoggedIn: 'account.registered',
  AdminConfirmationRequired: 'account.registeredAwaitingAdmin',
  EmailConfirmationRequired: 'account.registeredAwaitingEmail',
};

export interface AuthServiceDeps {
  users: UserRepository;
  sessions: SessionService;
  tokens: AccountTokens;
  settings: SettingsService;
  captcha: CaptchaService;
  limiter: RateLimiter;
  mailer: Mailer;
  publicUrl: string;
  /** Sign-ins and refused sign-ins go to the admin log with the name and address. */
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/** Registration, sign-in, sign-out and e-mail verification. */
export function createAuthService(deps: AuthServiceDeps) {
  /** Creates the account, or takes over an unconfirmed one with the same address (it belongs to nobody yet). */
  async function createOrReuseAccount(input: RegisterModel, confirmed: boolean): Promise<UserRow> {
    const passwordHash = await hashPassword(input.password);
    const existing = await deps.users.findByEmail(input.email);
    if (existing?.email_confirmed) throw badRequest('error.emailTaken');
    try {
      if (existing) {
        const changes = { user_name: input.userName, password_hash: passwordHash, email_confirmed: confirmed };
        await deps.users.update(existing.id, changes);
        return { ...existing, ...changes };
      }
      const created = await deps.users.insert({
        user_name: input.userName,
        email: input.email,
        email_confirmed: confirmed,
        password_hash: passwordHash,
        role: 'User',
      });
      if (created) return created;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const nameTaken = await deps.users.findByName(input.userName);
    throw badRequest(nameTaken ? 'error.userNameTaken' : 'error.emailTaken');
  }

  /** The account the name-or-address and password open; one whose name mimics an address cannot shadow it. */
  async function findByCredentials(nameOrEmail: string, password: string): Promise<UserRow | undefined> {
    const candidates = await deps.users.findByNameOrEmail(nameOrEmail);
    if (candidates.length === 0) await verifyAgainstNothing(password);
    for (const candidate of candidates) {
      if (await verifyPassword(candidate.password_hash, password)) return candidate;
    }
    return undefined;
  }

  async function sendVerification(user: UserRow, context: RequestContext): Promise<void> {
    const token = await deps.tokens.issue(user.id, 'verify');
    const mail = composeAccountMail({
      kind: 'verify',
      language: context.language,
      to: user.email,
      userName: user.user_name,
      link: accountLink(deps.publicUrl, 'verify', token, user.email),
      siteTitle: deps.settings.get().globalConfig.title,
    });
    if (!(await deps.mailer.send(mail))) throw badRequest('error.mailSendFailed');
  }

  return {
    async register(input: RegisterModel, context: RequestContext): Promise<RegisterOutcome> {
      const policy = deps.settings.get().accountPolicy;
      if (!policy.allowRegister) throw badRequest('error.registrationDisabled');
      await deps.captcha.ensureSolved(input.challenge, context.ip);
      ensureEmailDomainAllowed(policy, input.email);
      ensureStrongPassword(input.password);
      const status: RegisterStatus = policy.activeOnRegister
        ? 'LoggedIn'
        : policy.emailConfirmationRequired
          ? 'EmailConfirmationRequired'
          : 'AdminConfirmationRequired';
      if (status === 'EmailConfirmationRequired' && !deps.mailer.enabled) throw badRequest('error.mailDisabled');

      const user = await createOrReuseAccount(input, status === 'LoggedIn');
      const outcome: RegisterOutcome = { status, messageKey: REGISTER_MESSAGES[status] };
      if (status === 'LoggedIn') outcome.session = await deps.sessions.start(user.id, context);
      if (status === 'EmailConfirmationRequired') await sendVerification(user, context);
      return outcome;
    },

    /** Signs in by user name or e-mail; every refusal is 401, repeated failures 429. */
    async login(input: LoginModel, context: RequestContext, current: Identity | null): Promise<StartedSession> {
      await deps.captcha.ensureSolved(input.challenge, context.ip);
      await deps.limiter.ensureLoginAllowed(input.userName, context.ip);
      const user = await findByCredentials(input.userName, input.password);
      const refuse = (key: MessageKey, reason: string) => {
        deps.log.warn({ user: input.userName, ip: context.ip, status: 'Denied' }, `Sign-in refused: ${reason}`);
        return unauthorized(key);
      };
      if (!user) {
        await deps.limiter.recordLoginFailure(input.userName, context.ip);
        throw refuse('error.loginFailed', 'wrong user name or password');
      }
      if (user.role === 'Banned') throw refuse('error.accountBanned', 'the account is banned');
      if (!user.email_confirmed) throw refuse('error.accountNotActivated', 'the e-mail address is not confirmed');
      if (current?.sessionHash) await deps.sessions.end(current.sessionHash);
      const session = await deps.sessions.start(user.id, context);
      deps.log.info({ user: user.user_name, ip: context.ip, status: 'Success' }, 'Signed in');
      return session;
    },

    async logout(identity: Identity): Promise<void> {
      if (identity.sessionHash) await deps.sessions.end(identity.sessionHash);
    },

    /** Confirms the address from a verification link and signs the user in. */
    async verifyEmail(input: { token: string; email: string }, context: RequestContext): Promise<StartedSession> {
      const email = decodeLinkValue(input.email);
      const user = email ? await deps.users.findByEmail(email) : undefined;
      if (!user) throw badRequest('error.invalidLink');
      if (user.email_confirmed) throw badRequest('error.alreadyConfirmed');
      const consumed = await deps.tokens.consume(input.token, user.id, 'verify');
      if (!consumed) throw new AppError(401, 'error.invalidLink');
      await deps.users.update(user.id, { email_confirmed: true });
      if (user.role === 'Banned') throw unauthorized('error.accountBanned');
      return deps.sessions.start(user.id, context);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
