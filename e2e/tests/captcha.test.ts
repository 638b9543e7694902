import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, openSession, uniqueUserName } from '../src/session';

let session: BrowserSession;
beforeAll(async () => {
  session = await openSession({ CAPTCHA_PROVIDER: 'HashPow', POW_DIFFICULTY: '12' });
});
afterAll(async () => {
  await session?.close();
});

describe('registration protected by HashPow', () => {
  it('solves the proof of work in the browser and registers', async () => {
    const { page } = session;
    const captcha = await page.request.get('/api/captcha');
    expect((await captcha.json()).type).toBe('HashPow');
    const userName = uniqueUserName('pow');
    await page.goto('/account/register');
    await page.getByLabel('User name', { exact: true }).fill(userName);
    await page.getByLabel('E-mail').fill(`${userName}@example.org`);
    await page.getByLabel('Password', { exact: true }).fill('Secret-pass1');
    await page.getByLabel('Confirm password').fill('Secret-pass1');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor({ timeout: 60_000 });
  });
});
