import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** False when no SMTP server is configured; flows that need mail are then refused. */
  readonly enabled: boolean;
  /** Sends one message; resolves false (and logs, without the body) when delivery fails. */
  send(message: MailMessage): Promise<boolean>;
}

/** Platform mail over SMTP (SMTP_URL). Message bodies carry tokens and are never logged. */
export function createMailer(deps: { smtpUrl: string | undefined; from: string; log: FastifyBaseLogger }): Mailer {
  if (!deps.smtpUrl) {
    deps.log.info('SMTP_URL is not set: mail is disabled, so e-mail confirmation and password recovery are off');
    return { enabled: false, send: async () => false };
  }
  const smtpUrl = deps.smtpUrl;
  // The SMTP client is loaded with the first message, not at start: most processes send mail rarely.
  let transport: Promise<Transporter> | undefined;
  const openTransport = async () => {
    const { default: nodemailer } = await import('nodemailer');
    return nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  };
  return {
    enabled: true,
    async send(message) {
      try {
        transport ??= openTransport();
        await (await transport).sendMail({
          from: deps.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
        });
        return true;
      } catch (error) {
        deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'sending mail failed');
        return false;
      }
    },
  };
}
