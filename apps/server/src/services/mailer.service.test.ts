import { describe, expect, it, vi } from 'vitest';
import { createMailer } from './mailer.service';

// Counts how often the SMTP client package is loaded, and records what it is asked to send.
const loaded = vi.hoisted(() => ({ count: 0, sent: [] as unknown[] }));
vi.mock('nodemailer', () => {
  loaded.count++;
  return {
    default: {
      createTransport: () => ({
        sendMail: async (mail: unknown) => {
          loaded.sent.push(mail);
        },
      }),
    },
  };
});

const log = { info: () => undefined, warn: () => undefined } as unknown as Parameters<typeof createMailer>[0]['log'];

describe('createMailer', () => {
  it('loads the SMTP client with the first message, not when the mailer is built', async () => {
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:2525', from: 'ctf@example.org', log });
    expect(mailer.enabled).toBe(true);
    expect(loaded.count).toBe(0);
    await expect(mailer.send({ to: 'a@example.org', subject: 'One', text: 'first' })).resolves.toBe(true);
    await expect(mailer.send({ to: 'b@example.org', subject: 'Two', text: 'second' })).resolves.toBe(true);
    expect(loaded.count).toBe(1);
    expect(loaded.sent).toEqual([
      { from: 'ctf@example.org', to: 'a@example.org', subject: 'One', text: 'first' },
      { from: 'ctf@example.org', to: 'b@example.org', subject: 'Two', text: 'second' },
    ]);
  });

  it('never loads it when no SMTP server is configured', async () => {
    const before = loaded.count;
    const mailer = createMailer({ smtpUrl: undefined, from: 'ctf@example.org', log });
    await expect(mailer.send({ to: 'a@example.org', subject: 'S', text: 'T' })).resolves.toBe(false);
    expect(mailer.enabled).toBe(false);
    expect(loaded.count).toBe(before);
  });
});
