import type { Language } from '@flagpole/contract';
import { type MessageKey, translate } from '../i18n/messages';
import { encodeLinkValue } from '../lib/crypto';
import type { MailMessage } from './mailer.service';

export type AccountMailKind = 'verify' | 'reset' | 'changeEmail';

/** The web app page each mail links to. */
const PAGES: Record<AccountMailKind, string> = {
  verify: '/account/verify',
  reset: '/account/reset',
  changeEmail: '/account/confirm',
};

const SUBJECTS: Record<AccountMailKind, MessageKey> = {
  verify: 'mail.verify.subject',
  reset: 'mail.reset.subject',
  changeEmail: 'mail.changeEmail.subject',
};

const BODIES: Record<AccountMailKind, MessageKey> = {
  verify: 'mail.verify.body',
  reset: 'mail.reset.body',
  changeEmail: 'mail.changeEmail.body',
};

/** `<publicUrl><page>?token=<b64 token>&email=<b64 address>`; both values Base64 (URL-safe). */
export function accountLink(publicUrl: string, kind: AccountMailKind, token: string, email: string): string {
  return `${publicUrl}${PAGES[kind]}?token=${encodeLinkValue(token)}&email=${encodeLinkValue(email)}`;
}

/** A short plain-text mail in the requester's language. */
export function composeAccountMail(input: {
  kind: AccountMailKind;
  language: Language;
  to: string;
  userName: string;
  link: string;
  siteTitle: string;
}): MailMessage {
  const params = { userName: input.userName, link: input.link, title: input.siteTitle };
  return {
    to: input.to,
    subject: translate(input.language, SUBJECTS[input.kind], params),
    text: translate(input.language, BODIES[input.kind], params),
  };
}
