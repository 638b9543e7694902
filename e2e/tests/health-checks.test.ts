import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../src/api';
import { newContext, screenshot } from '../src/browser';
import { buildFlagImage, containersWithLabel, FLAG_IMAGE, FLAG_PORT } from '../src/challenge-image';
import { en, text } from '../src/locale';
import { type BrowserSession, openAdminSession } from '../src/session';

/**
 * The challenge editor's health panel against the real dockerd: the organiser writes a solve script for a dynamic
 * container challenge, saves it, sees the run pass with its output; a challenge whose script cannot get the flag
 * turns failing and a notification comes up on the admin page; the list and the monitor show both, on a desktop
 * and (in German) on a phone.
 */
let session: BrowserSession;
const GAME = 'Health CTF';
/** Reads what the instance sends and exits 1: it passes only by printing the flag. */
const SOLVE = `nc -w 2 "$FLAGPOLE_TARGET_HOST" "$FLAGPOLE_TARGET_PORT" </dev/null\nexit 1`;

beforeAll(async () => {
  await buildFlagImage();
  session = await openAdminSession({ CONTAINER_ENGINE: 'docker', CONTAINER_HOST_GUARD: 'false' });
}, 180_000);

afterAll(async () => {
  await session?.close();
});

describe('the health panel', () => {
  it('saves a check, shows its passing run with output, and a failing check notifies the organiser', async () => {
    const admin = session.page;
    const now = Date.now();
    const game = await api<{ id: number }>(admin, 'POST', '/api/edit/games', {
      title: GAME,
      start: now - 3_600_000,
      end: now + 86_400_000,
    });
    const challengeOf = async (title: string, port: number) => {
      const created = await api<{ id: number }>(admin, 'POST', `/api/edit/games/${game.id}/challenges`, {
        title,
        type: 'DynamicContainer',
      });
      await api(admin, 'PUT', `/api/edit/games/${game.id}/challenges/${created.id}`, {
        flagTemplate: 'flag{[GUID]}',
        containerImage: FLAG_IMAGE,
        exposePort: port,
        isEnabled: true,
      });
      return created.id;
    };
    const working = await challengeOf('Echo Flag', FLAG_PORT);
    // Listens nowhere near the port the script reads: the check cannot get the flag.
    const broken = await challengeOf('Wrong Port', FLAG_PORT + 1);

    await admin.goto(`/admin/games/${game.id}/challenges/${working}`);
    const panel = admin.getByRole('region', { name: en('health.panel.title') });
    await panel.getByLabel(en('health.panel.image')).fill(FLAG_IMAGE);
    await panel.getByLabel(en('health.panel.script')).fill(SOLVE);
    await panel.getByRole('button', { name: en('health.panel.save') }).click();
    const passed = panel.getByText(en('health.outcome.Passed'));
    await passed.waitFor({ timeout: 60_000 });
    await expect.poll(() => panel.getByText(en('health.status.Healthy')).count()).toBeGreaterThan(0);
    await passed.click();
    const output = await panel.locator('pre').first().textContent();
    expect(output).toMatch(/^flag\{[0-9a-f-]{36}\}/);
    // The check's instance is gone, and it never was a team's.
    expect(await containersWithLabel('flagpole.team=health')).toEqual([]);
    await screenshot(admin, 'health-panel-en-desktop');

    // The broken challenge's check, saved through the API: its failure comes up on the page the organiser is on.
    await api(admin, 'PUT', `/api/edit/games/${game.id}/challenges/${broken}/health`, {
      image: FLAG_IMAGE,
      script: SOLVE,
      timeoutSeconds: 20,
    });
    const alert = admin.getByText(en('health.alert.failing', { title: 'Wrong Port' }));
    await alert.waitFor({ timeout: 60_000 });
    await screenshot(admin, 'health-alert-en-desktop');

    await admin.goto(`/admin/games/${game.id}/challenges`);
    await admin.getByText(en('health.status.Healthy')).first().waitFor();
    await admin
      .getByText(/^Failing since /)
      .first()
      .waitFor();
    await screenshot(admin, 'health-list-en-desktop');

    const phone = await newContext(session.browser, session.platform.url, { locale: 'de-DE', mobile: true });
    try {
      await phone.addCookies(await admin.context().cookies());
      const page = await phone.newPage();
      await page.goto(`/games/${game.id}/monitor/health`);
      await page
        .getByRole('article', { name: 'Wrong Port' })
        .getByText(/^Fehlerhaft seit /)
        .waitFor();
      await page.getByText(text('de-DE', 'health.status.Healthy')).first().waitFor();
      await screenshot(page, 'health-monitor-de-phone');
      await page.goto(`/admin/games/${game.id}/challenges/${broken}`);
      const brokenPanel = page.getByRole('region', { name: text('de-DE', 'health.panel.title') });
      await brokenPanel.getByText(text('de-DE', 'health.outcome.Failed')).first().click();
      await screenshot(page, 'health-panel-de-phone');
    } finally {
      await phone.close();
    }
    expect(session.pageErrors).toEqual([]);
  }, 180_000);
});
