import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type TestProvider } from '../../apps/server/test/oidc-provider';
import { api } from '../src/api';
import { newContext, screenshot } from '../src/browser';
import { text } from '../src/locale';
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

/** The localised reason the sign-in page shows for a failed sign-in. */
const signInErrorOn = (page: Page, text: string) => page.getByRole('alert').getByText(text).waitFor();

describe('a single sign-on that fails, in the browser', () => {
  it('ends on the sign-in page saying the player declined, when they cancel at the provider', async () => {
    const page = await session.freshPage();
    await page.goto('/account/login');
    await page.getByRole('link', { name: 'Sign in with Campus Login' }).click();
    await page.waitForURL((url) => url.origin === provider.issuer);
    await page.getByRole('link', { name: '[ Cancel ]' }).click();
    await page.waitForURL('**/account/login?signInError=denied');
    await signInErrorOn(page, 'You declined at the sign-in provider, so nothing changed.');
    await screenshot(page, 'sso-sign-in-declined');
  });

  it('ends on the sign-in page saying the sign-in expired, when the callback is not the browser’s', async () => {
    const starter = await session.freshPage();
    // The provider sends the browser back to the callback with the code and state of its sign-in.
    let callbackUrl = '';
    starter.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/account/oidc/callback') callbackUrl = request.url();
    });
    await starter.goto('/account/login');
    await starter.getByRole('link', { name: 'Sign in with Campus Login' }).click();
    await passProvider(starter, 'victim');
    await expect.poll(() => callbackUrl).toContain('state=');
    // Another browser, in German, brings the same callback: its state is not that browser's (and is used up).
    const other = await (await newContext(session.browser, session.platform.url, { locale: 'de-DE' })).newPage();
    await other.goto(callbackUrl);
    await other.waitForURL('**/account/login?signInError=stateInvalid');
    await signInErrorOn(other, text('de-DE', 'account.sso.errors.stateInvalid'));
    await screenshot(other, 'sso-sign-in-state-invalid-de');
    await expect.poll(() => other.getByRole('button', { name: 'Account menu' }).count()).toBe(0);
  });
});

describe('unlinking a provider on the profile page', () => {
  it('removes the identity, and signing in with it no longer opens the account', async () => {
    const { page: owner } = await newUser(session, 'unl', 'Secret-pass1');
    const ownerId = (await profileOf(owner)).userId;
    await owner.goto('/account/profile');
    const section = owner.getByRole('region', { name: 'Sign-in providers' });
    await section.getByRole('link', { name: 'Link' }).click();
    await passProvider(owner, 'unlinkme');
    await owner.waitForURL('**/account/profile');
    await section.getByText('unlinkme@example.org').waitFor();

    await section.getByRole('button', { name: 'Unlink' }).click();
    await section.getByText('Not linked', { exact: true }).waitFor();
    await section.getByRole('link', { name: 'Link' }).waitFor();
    await expect.poll(() => section.getByText('unlinkme@example.org').count()).toBe(0);
    const linked = await api<{ identities: unknown[] }>(owner, 'GET', '/api/account/identities');
    expect(linked.identities).toEqual([]);

    const again = await session.freshPage();
    await again.goto('/account/login');
    await again.getByRole('link', { name: 'Sign in with Campus Login' }).click();
    await passProvider(again, 'unlinkme');
    await again.getByRole('button', { name: 'Account menu' }).waitFor();
    const reached = await profileOf(again);
    expect(reached.userId).not.toBe(ownerId);
  });
});
