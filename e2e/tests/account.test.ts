import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../src/browser';
import { type BrowserSession, openSession, uniqueUserName } from '../src/session';

let session: BrowserSession;
beforeAll(async () => {
  session = await openSession();
});
afterAll(async () => {
  await session?.close();
});

describe('a new player', () => {
  const userName = uniqueUserName();
  const password = 'Secret-pass1';

  it('registers and is signed in', async () => {
    const { page } = session;
    await page.goto('/account/register');
    await page.getByLabel('User name', { exact: true }).fill(userName);
    await page.getByLabel('E-mail').fill(`${userName}@example.org`);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await screenshot(page, 'register-filled');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('signs out', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
  });

  it('signs in again and sees the profile', async () => {
    const { page } = session;
    await page.goto('/account/login');
    await page.getByLabel('User name or e-mail').fill(userName);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await page.goto('/account/profile');
    await expect.poll(() => page.getByLabel('Current e-mail').inputValue()).toBe(`${userName}@example.org`);
    await screenshot(page, 'profile');
  });

  it('is told when the password is wrong', async () => {
    const { page, context } = session;
    await context.clearCookies();
    await page.goto('/account/login');
    await page.getByLabel('User name or e-mail').fill(userName);
    await page.getByLabel('Password', { exact: true }).fill('Wrong-pass1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('.mantine-Notification-root').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/account/login');
  });
});

describe('the administrator', () => {
  it('signs in as admin', async () => {
    const { page, context, platform } = session;
    await context.clearCookies();
    await page.goto('/account/login');
    await page.getByLabel('User name or e-mail').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(platform.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    const profile = await page.evaluate(async () => (await fetch('/api/account/profile')).json());
    expect(profile.role).toBe('Admin');
  });
});
