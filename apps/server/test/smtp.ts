import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** A real SMTP server on a random local port that keeps every message it receives. */
export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  private waiters: Array<{ to: string; resolve: (mail: ReceivedMail) => void }> = [];
  private readonly server: SMTPServer;
  url = '';

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            this.deliver(parsed);
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.server.address() as AddressInfo;
    this.url = `smtp://127.0.0.1:${port}`;
    return this;
  }

  private deliver(parsed: ParsedMail) {
    const recipients = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [])
      .flatMap((a) => a.value)
      .map((a) => (a.address ?? '').toLowerCase());
    const mail: ReceivedMail = { to: recipients, subject: parsed.subject ?? '', text: parsed.text ?? '' };
    const waiter = this.waiters.find((w) => recipients.includes(w.to));
    if (waiter) {
      this.waiters = this.waiters.filter((w) => w !== waiter);
      waiter.resolve(mail);
    } else {
      this.received.push(mail);
    }
  }

  /** The next mail to the address (one already received and not yet taken counts). */
  nextMailTo(address: string, timeoutMs = 10_000): Promise<ReceivedMail> {
    const to = address.toLowerCase();
    const index = this.received.findIndex((m) => m.to.includes(to));
    if (index >= 0) return Promise.resolve(this.received.splice(index, 1)[0] as ReceivedMail);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no mail to ${address}`)), timeoutMs);
      this.waiters.push({
        to,
        resolve: (mail) => {
          clearTimeout(timer);
          resolve(mail);
        },
      });
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The link in a mail and its query values. */
export function linkIn(mail: ReceivedMail): { url: URL; token: string; email: string } {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in mail: ${mail.text}`);
  const url = new URL(match[0]);
  return { url, token: url.searchParams.get('token') ?? '', email: url.searchParams.get('email') ?? '' };
}
