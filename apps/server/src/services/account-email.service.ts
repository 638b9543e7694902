import type { AccountVerifyModel, PasswordResetModel, RecoveryModel } from '@flagpole/contract';
import type { Identity } from '../http/access';
import { badRequest, notFound } from '../http/errors';
import type { RequestContext } from '../http/request-context';
import type { MessageKey } from '../i18n/messages';
import { decodeLinkValue } from '../lib/crypto';
import { hashPassword } from '../lib/password';
import { isUniqueViolation, type UserRepository } from '../repositories/user.repository';
import { type AccountMailKind, accountLink, composeAccountMail } from './account-mail';
import { ensureEmailDomainAllowed, ensureStrongPassword } from './account-policy';
import type { AccountTokens } from './account-tokens';
import type { CaptchaService } from './captcha.service';
import type { Mailer } from './mailer.service';
import type { SessionService } from './session.service';
import type { SettingsService } from './settings.service';

export type EmailChangeResult = { sent: true; messageKey: MessageKey } | { sent: false; messageKey: MessageKey };

/**
 * Flows completed through a mailed link: password recovery and e-mail change. Both need the
 * platform to confirm addresses (`emailConfirmationRequired`); otherwise an administrator helps.
 */
export function createAccountEmailService(deps: {
  users: UserRepository;
  sessions: SessionService;
  tokens: AccountTokens;
  settings: SettingsService;
  captcha: CaptchaService;
  mailer: Mailer;
  publicUrl: string;
}) {
  async function mail(kind: AccountMailKind, to: string, userName: string, token: string, context: RequestContext) {
    const message = composeAccountMail({
      kind,
      language: context.language,
      to,
      userName,
      link: accountLink(deps.publicUrl, kind, token, to),
      siteTitle: deps.settings.get().globalConfig.title,
    });
    if (!(await deps.mailer.send(message))) throw badRequest('error.mailSendFailed');
  }

  return {
    /** Mails a link to the new address; `sent: false` when e-mail changes are the administrators' job. */
    async requestEmailChange(identity: Identity, newMail: string, context: RequestContext): Promise<EmailChangeResult> {
      const policy = deps.settings.get().accountPolicy;
      if (!policy.emailConfirmationRequired) return { sent: false, messageKey: 'error.emailChangeByAdmin' };
      if (!deps.mailer.enabled) throw badRequest('error.mailDisabled');
      ensureEmailDomainAllowed(policy, newMail);
      const owner = await deps.users.findByEmail(newMail);
      if (owner) throw badRequest(owner.id === identity.userId ? 'error.emailUnchanged' : 'error.emailTaken');
      const token = await deps.tokens.issue(identity.userId, 'change-email', newMail);
      await mail('changeEmail', newMail, identity.userName, token, context);
      return { sent: true, messageKey: 'account.emailChangeSent' };
    },

    async confirmEmailChange(identity: Identity, input: AccountVerifyModel): Promise<void> {
      const email = decodeLinkValue(input.email);
      if (!email) throw badRequest('error.invalidLink');
      const consumed = await deps.tokens.consume(input.token, identity.userId, 'change-email');
      if (!consumed?.newEmail || consumed.newEmail.toLowerCase() !== email.toLowerCase()) {
        throw badRequest('error.invalidLink');
      }
      try {
        await deps.users.update(identity.userId, { email: consumed.newEmail, email_confirmed: true });
      } catch (error) {
        if (isUniqueViolation(error)) throw badRequest('error.emailTaken');
        throw error;
      }
    },

    /** Mails a password-reset link to a confirmed address; 404 when no account has it. */
    async requestRecovery(input: RecoveryModel, context: RequestContext): Promise<MessageKey> {
      await deps.captcha.ensureSolved(input.challenge, context.ip);
      if (!deps.settings.get().accountPolicy.emailConfirmationRequired) throw badRequest('error.recoveryByAdmin');
      if (!deps.mailer.enabled) throw badRequest('error.mailDisabled');
      const user = await deps.users.findByEmail(input.email);
      if (!user?.email_confirmed) throw notFound('error.emailNotFound');
      const token = await deps.tokens.issue(user.id, 'reset');
      await mail('reset', user.email, user.user_name, token, context);
      return 'account.recoverySent';
    },

    /** Sets a new password from a reset link and ends every session of the account. */
    async resetPassword(input: PasswordResetModel): Promise<void> {
      const email = decodeLinkValue(input.email);
      const user = email ? await deps.users.findByEmail(email) : undefined;
      if (!user) throw badRequest('error.invalidLink');
      // Checked before the token is used, so a weak choice can be corrected with the same link.
      ensureStrongPassword(input.password);
      if (!(await deps.tokens.consume(input.rToken, user.id, 'reset'))) throw badRequest('error.invalidLink');
      await deps.users.update(user.id, { password_hash: await hashPassword(input.password) });
      await deps.sessions.endAllFor(user.id);
    },
  };
}
export type AccountEmailService = ReturnType<typeof createAccountEmailService>;
