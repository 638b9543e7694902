import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type TestProvider } from '../../apps/server/test/oidc-provider';
import { api } from '../src/api';
import { screenshot } from '../src/browser';
import { freePort } from '../src/platform';
import { type BrowserSession, newUser, openSession } from '../src/session';

/*
 * OpenID Connect sign-in in the browser (docs/integrations.md): a real provider (npm `oidc-provider`) on loopback
 * with its own login and consent pages; the platform is the built server.
 */

let provider: TestProvider;
let session: BrowserSession;

beforeAll(async () => {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  provider = await startOidcProvider([`${publicUrl}/api/account/oidc/callback`]);
  session = await openSession({
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_NAME: 'Campus Login',
  });
});
afterAll(async () => {
  await session?.close();
  await provider?.close();
});

/** At the provider's own pages: its login form when it asks (any name is accepted), then its consent. */
async function passProvider(page: Page, login: string): Promise<void> {
  await page.waitForURL((url) => url.origin === provider.issuer);
  if (await page.locator('input[name="login"]').isVisible()) {
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
  }
  const consent = page.getByRole('button', { name: 'Continue' });
  await consent.or(page.getByRole('button', { name: 'Account menu' })).waitFor();
  if (await consent.isVisible()) await consent.click();
}

const profileOf = (page: Page) => api<{ userId: string; userName: string }>(page, 'GET', '/api/account/profile');

describe('signing in with OpenID Connect', () => {
  it('creates the account, signs in again to the same one, and links another account from its profile', async () => {
    const { page } = session;
    await page.goto('/account/login');
    const button = page.getByRole('link', { name: 'Sign in with Campus Login' });
    await button.waitFor();
    await screenshot(page, 'sso-sign-in');
    await button.click();
    await passProvider(page, 'oidcplayer');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    const first = await profileOf(page);
    expect(first.userName).toBe('oidcplayer');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
    await page.goto('/account/login');
    // The provider remembers this browser and its consent: it sends it straight back, signed in.
    await page.getByRole('link', { name: 'Sign in with Campus Login' }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect((await profileOf(page)).userId).toBe(first.userId);

    const { page: owner } = await newUser(session, 'sso', 'Secret-pass1');
    await owner.goto('/account/profile');
    const section = owner.getByRole('region', { name: 'Sign-in providers' });
    await section.getByRole('link', { name: 'Link' }).click();
    await passProvider(owner, 'linkedone');
    await owner.waitForURL('**/account/profile');
    await section.getByText('linkedone@example.org').waitFor();
    await expect.poll(() => section.getByText('Linked', { exact: true }).isVisible()).toBe(true);
    await screenshot(owner, 'sso-profile-linked');

    const stranger = await session.freshPage();
    await stranger.goto('/account/login?signInError=denied');
    await stranger.getByRole('alert').getByText('You declined at the sign-in provider').waitFor();
    await screenshot(stranger, 'sso-sign-in-error');
  });
});
