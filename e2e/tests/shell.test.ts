import { SUPPORTED_LANGUAGES } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../src/browser';
import { type BrowserSession, openSession } from '../src/session';

let session: BrowserSession;
beforeAll(async () => {
  session = await openSession();
});
afterAll(async () => {
  await session?.close();
});

const htmlLang = () => session.page.evaluate(() => document.documentElement.lang);

async function chooseLanguage(name: string) {
  const { page } = session;
  await page
    .getByRole('button', { name: /Language|语言|語言|言語|Bahasa|언어|Язык|Ngôn ngữ|Sprache|Langue|Idioma/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name }).click();
}

describe('the language picker', () => {
  it('switches through every language', async () => {
    const { page } = session;
    await page.goto('/');
    const { LANGUAGE_NAMES, MACHINE_TRANSLATED_LANGUAGES } = await import('@flagpole/contract');
    for (const language of SUPPORTED_LANGUAGES) {
      await chooseLanguage(LANGUAGE_NAMES[language]);
      if (MACHINE_TRANSLATED_LANGUAGES.includes(language)) {
        await page.getByRole('dialog').getByRole('button', { name: 'Keep this language' }).click();
      }
      await expect.poll(htmlLang).toBe(language);
    }
    await chooseLanguage(LANGUAGE_NAMES['en-US']);
    await expect.poll(htmlLang).toBe('en-US');
  });

  it('asks before a machine-translated language and goes back to English on cancel', async () => {
    const { page } = session;
    await chooseLanguage('Deutsch');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await screenshot(page, 'machine-translation-dialog');
    await dialog.getByRole('button', { name: 'Switch to English' }).click();
    await expect.poll(htmlLang).toBe('en-US');
  });

  it('keeps the choice across a reload', async () => {
    const { page } = session;
    await chooseLanguage('日本語');
    await expect.poll(htmlLang).toBe('ja-JP');
    await page.reload();
    await expect.poll(htmlLang).toBe('ja-JP');
    await chooseLanguage('English');
    await expect.poll(htmlLang).toBe('en-US');
  });
});

describe('pages that are not there', () => {
  it('shows the not-found page for an unknown path', async () => {
    const { page } = session;
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: /not found/i }).waitFor();
    await screenshot(page, 'not-found');
  });

  it('matches routes case-insensitively', async () => {
    const { page } = session;
    await page.goto('/Account/LOGIN');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
  });
});

describe('the error screen', () => {
  it('shows the message, the stack, and the two actions', async () => {
    const { page } = session;
    await page.goto('/__error-test');
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    await page.getByRole('button', { name: 'Clean cache' }).waitFor();
    const stack = page.getByRole('textbox');
    expect(await stack.getAttribute('readonly')).not.toBeNull();
    expect(await stack.inputValue()).toContain('Error');
    await screenshot(page, 'error-screen');
  });
});
