import type { LoginModel, RegisterModel, RegisterStatus } from '@flagpole/contract';
import type { UserRow } from '../db/schema';
import type { Identity } from '../http/access';
import { AppError, badRequest, forbidden, unauthorized } from '../http/errors';
import type { RequestContext } from '../http/request-context';
import type { MessageKey } from '../i18n/messages';
import { decodeLinkValue } from '../lib/crypto';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../lib/password';
import type { RehearsalService } from '../rehearsal/rehearsal.service';
import { isForeignKeyViolation, isUniqueViolation, type UserRepository } from '../repositories/user.repository';
import { NO_PASSWORD } from '../sign-in/new-account';
import { accountLink, composeAccountMail } from './account-mail';
import { ensureEmailDomainAllowed, ensureStrongPassword } from './account-policy';
import type { AccountTokens } from './account-tokens';
import type { CaptchaService } from './captcha.service';
import type { Mailer } from './mailer.service';
import { accountThrottleKey, loginAccountKeys, type RateLimiter } from './rate-limit.service';
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
  /** Load rehearsals: a live run's registrations and sign-ins skip the captcha; its accounts are marked. */
  rehearsals?: Pick<RehearsalService, 'runFor'>;
  limiter: RateLimiter;
  mailer: Mailer;
  publicUrl: string;
  /** False under OIDC_ONLY: registration is refused, and so is password sign-in except for administrators. */
  passwordSignIn: boolean;
}

/** Registration, sign-in, sign-out and e-mail verification. */
export function createAuthService(deps: AuthServiceDeps) {
  /**
   * Creates the account, or takes over an unconfirmed one with the same address (it belongs to nobody yet),
   * unless that one was made by a single sign-on: it belongs to the person the provider vouched for.
   */
  /**
   * Creates the account (or takes over an unconfirmed one), carrying the rehearsal run's mark in the same statement:
   * a run removed meanwhile (its DELETE or the lease sweep) fails the foreign key, so the registration is refused
   * and no unmarked account is left behind for the removal to miss.
   */
  async function createOrReuseAccount(
    input: RegisterModel,
    confirmed: boolean,
    rehearsalRun: string | null,
  ): Promise<UserRow> {
    const passwordHash = await hashPassword(input.password);
    const existing = await deps.users.findByEmail(input.email);
    if (existing?.email_confirmed || existing?.password_hash === NO_PASSWORD) throw badRequest('error.emailTaken');
    try {
      if (existing) {
        const changes = {
          user_name: input.userName,
          password_hash: passwordHash,
          email_confirmed: confirmed,
          rehearsal_run_id: rehearsalRun,
        };
        await deps.users.update(existing.id, changes);
        return { ...existing, ...changes };
      }
      const created = await deps.users.insert({
        user_name: input.userName,
        email: input.email,
        email_confirmed: confirmed,
        password_hash: passwordHash,
        role: 'User',
        rehearsal_run_id: rehearsalRun,
      });
      if (created) return created;
    } catch (error) {
      if (rehearsalRun && isForeignKeyViolation(error)) throw forbidden('error.rehearsalUnknown');
      if (!isUniqueViolation(error)) throw error;
    }
    const nameTaken = await deps.users.findByName(input.userName);
    throw badRequest(nameTaken ? 'error.userNameTaken' : 'error.emailTaken');
  }

  /**
   * The account the name-or-address and password open, among the accounts the typed text names (its name, or
   * its address; one whose name mimics an address cannot shadow it).
   */
  async function openedBy(candidates: readonly UserRow[], password: string): Promise<UserRow | undefined> {
    if (candidates.length === 0) await verifyAgainstNothing(password);
    for (const candidate of candidates) {
      if (await verifyPassword(candidate.password_hash, password)) return candidate;
    }
    return undefined;
  }

  /** The live rehearsal run the request names; a header naming none is refused (403), never ignored. */
  async function rehearsalRunOf(context: RequestContext): Promise<string | null> {
    if (!context.rehearsal || !deps.rehearsals) return null;
    const run = await deps.rehearsals.runFor(context.rehearsal);
    if (!run) throw forbidden('error.rehearsalUnknown');
    return run;
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
      if (!deps.passwordSignIn) throw forbidden('error.passwordSignInDisabled');
      const policy = deps.settings.get().accountPolicy;
      if (!policy.allowRegister) throw badRequest('error.registrationDisabled');
      const rehearsalRun = await rehearsalRunOf(context);
      if (!rehearsalRun) await deps.captcha.ensureSolved(input.challenge, context.ip);
      ensureEmailDomainAllowed(policy, input.email);
      ensureStrongPassword(input.password);
      const status: RegisterStatus = policy.activeOnRegister
        ? 'LoggedIn'
        : policy.emailConfirmationRequired
          ? 'EmailConfirmationRequired'
          : 'AdminConfirmationRequired';
      if (status === 'EmailConfirmationRequired' && !deps.mailer.enabled) throw badRequest('error.mailDisabled');

      const user = await createOrReuseAccount(input, status === 'LoggedIn', rehearsalRun);
      context.identify?.(user.user_name);
      const outcome: RegisterOutcome = { status, messageKey: REGISTER_MESSAGES[status] };
      if (status === 'LoggedIn') outcome.session = await deps.sessions.start(user.id, context);
      if (status === 'EmailConfirmationRequired') await sendVerification(user, context);
      return outcome;
    },

    /**
     * Signs in by user name or e-mail; every refusal is 401, throttled attempts 429. Failures count against the
     * account the text names (so its name and its address share one count) and the caller's address.
     */
    async login(input: LoginModel, context: RequestContext, current: Identity | null): Promise<StartedSession> {
      if (!(await rehearsalRunOf(context))) await deps.captcha.ensureSolved(input.challenge, context.ip);
      await deps.limiter.ensureAddressMayTrySignIn(context.ip);
      const candidates = await deps.users.findByNameOrEmail(input.userName);
      // The audit entry names the account tried, never the typed text (a password typed into the name field).
      if (candidates[0]) context.identify?.(candidates[0].user_name);
      const accounts = loginAccountKeys(
        candidates.map((candidate) => candidate.id),
        input.userName,
      );
      await deps.limiter.ensureLoginAllowed(accounts, context.ip);
      const user = await openedBy(candidates, input.password);
      if (!user) {
        await deps.limiter.recordLoginFailure(accounts, context.ip);
        throw unauthorized('error.loginFailed');
      }
      context.identify?.(user.user_name);
      await deps.limiter.recordLoginSuccess(accountThrottleKey(user.id), context.ip);
      if (user.role === 'Banned') throw unauthorized('error.accountBanned');
      // Administrators keep their password under OIDC_ONLY, so the platform can always be administered.
      if (!deps.passwordSignIn && user.role !== 'Admin') throw forbidden('error.passwordSignInDisabled');
      if (!user.email_confirmed) throw unauthorized('error.accountNotActivated');
      if (current?.sessionHash) await deps.sessions.end(current.sessionHash);
      return deps.sessions.start(user.id, context);
    },

    async logout(identity: Identity): Promise<void> {
      if (identity.sessionHash) await deps.sessions.end(identity.sessionHash);
    },

    /** Confirms the address from a verification link and signs the user in. */
    async verifyEmail(input: { token: string; email: string }, context: RequestContext): Promise<StartedSession> {
      const email = decodeLinkValue(input.email);
      const user = email ? await deps.users.findByEmail(email) : undefined;
      if (!user) throw badRequest('error.invalidLink');
      context.identify?.(user.user_name);
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
