import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, screenshot } from '../src/browser';
import { en, text } from '../src/locale';
import { type BrowserSession, withAdminSession } from '../src/session';

/*
 * Admin → Webhooks (docs/integrations.md, "Webhooks"): an organiser adds a webhook to a receiver on loopback, copies
 * the secret shown once, sends a test the receiver verifies with the Standard Webhooks library, and reads the
 * delivery log; the page is looked at in English on a desktop and in French on a phone.
 */

let session: BrowserSession;
let admin: Page;
let receiver: Server;
let receiverUrl: string;
const received: { headers: Record<string, string>; body: string }[] = [];

withAdminSession(
  (opened) => {
    session = opened;
    admin = opened.page;
  },
  { WEBHOOK_ALLOW_PRIVATE: 'true' },
);

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers as Record<string, string>, body: Buffer.concat(chunks).toString() });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  receiver.close();
});

describe('the webhooks page', () => {
  it('adds a webhook, shows its secret once, sends a verified test and lists the delivery', async () => {
    await admin.goto('/admin/webhooks');
    await admin.getByText(en('adminWebhooks.empty')).waitFor();
    await admin.getByRole('button', { name: en('adminWebhooks.add') }).click();
    const dialog = admin.getByRole('dialog', { name: en('adminWebhooks.createTitle') });
    await dialog.getByLabel(en('adminWebhooks.url')).fill(receiverUrl);
    await dialog.getByText(en('adminWebhooks.formats.generic'), { exact: true }).click();
    await dialog.getByLabel(en('adminWebhooks.eventNames.solve')).check();
    // A new webhook follows the platform's default language (English until an admin changes it).
    expect(await dialog.getByLabel(en('adminWebhooks.language'), { exact: true }).inputValue()).toMatch(
      new RegExp(`^${en('adminWebhooks.languagePlatform', { language: '' }).split(' (')[0]}`),
    );
    await screenshot(admin, 'admin-webhooks-form-en-desktop');
    await dialog.getByRole('button', { name: en('adminWebhooks.create') }).click();

    const secretDialog = admin.getByRole('dialog', { name: en('adminWebhooks.secretTitle') });
    const secret = (await secretDialog.getByTestId('secret-value').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    await admin.keyboard.press('Escape');
    await secretDialog.waitFor({ state: 'detached' });

    await admin.getByRole('button', { name: en('adminWebhooks.test') }).click();
    await admin.getByText(en('adminWebhooks.testOk', { status: 200, ms: '' }).split(' in ')[0] ?? '').waitFor();
    expect(received).toHaveLength(1);
    const request = received[0];
    if (!request) throw new Error('nothing received');
    expect(new Webhook(secret).verify(request.body, request.headers)).toMatchObject({ type: 'webhook.test' });

    await admin.getByRole('button', { name: en('adminWebhooks.log') }).click();
    const log = admin.getByRole('dialog', { name: en('adminWebhooks.logTitle') });
    const row = log.getByRole('table').getByRole('row', { name: new RegExp(en('adminWebhooks.testEvent')) });
    await row.getByText(en('adminWebhooks.statuses.delivered')).waitFor();
    await row.getByText('thanks').waitFor();
    // Opening the row lists every attempt at the delivery (one here: the receiver answered at once).
    await row.getByRole('button', { name: en('adminWebhooks.attemptsShow') }).click();
    const attempts = log.getByRole('list', { name: en('adminWebhooks.attemptsList') });
    await attempts.getByRole('listitem').filter({ hasText: 'thanks' }).waitFor();
    expect(await attempts.getByRole('listitem').count()).toBe(1);
    expect(await attempts.textContent()).toMatch(/200/);
    await row.getByRole('button', { name: en('adminWebhooks.attemptsHide') }).waitFor();
    await admin.waitForTimeout(500); // the drawer's slide-in
    await screenshot(admin, 'admin-webhooks-log-en-desktop');
    await admin.keyboard.press('Escape');
    await screenshot(admin, 'admin-webhooks-en-desktop');
  });

  it('reads in French on a phone', async () => {
    const context = await newContext(session.browser, session.platform.url, { locale: 'fr-FR', mobile: true });
    try {
      await context.addCookies(await admin.context().cookies());
      const page = await context.newPage();
      await page.goto('/admin/webhooks');
      // Roles match visible elements only: the phone's cards, not the desktop table hidden on a narrow screen.
      const log = page.getByRole('button', { name: text('fr-FR', 'adminWebhooks.log') });
      await log.waitFor();
      await screenshot(page, 'admin-webhooks-fr-phone');
      await log.click();
      const drawer = page.getByRole('dialog', { name: text('fr-FR', 'adminWebhooks.logTitle') });
      await drawer.getByText(text('fr-FR', 'adminWebhooks.testEvent')).filter({ visible: true }).first().waitFor();
      await page.waitForTimeout(500); // the drawer's slide-in
      await screenshot(page, 'admin-webhooks-log-fr-phone');
    } finally {
      await context.close();
    }
  });
});
