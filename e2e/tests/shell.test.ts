import { LANGUAGE_NAMES, type Language, MACHINE_TRANSLATED_LANGUAGES, SUPPORTED_LANGUAGES } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../src/browser';
import { text } from '../src/locale';
import { type BrowserSession, openSession } from '../src/session';

let session: BrowserSession;
beforeAll(async () => {
  session = await openSession();
});
afterAll(async () => {
  await session?.close();
});

const htmlLang = () => session.page.evaluate(() => document.documentElement.lang);

/** Picks a language from the menu, whose button is labelled in the language now shown. */
async function chooseLanguage(from: Language, to: Language) {
  const { page } = session;
  await page.getByRole('button', { name: text(from, 'language.label'), exact: true }).click();
  await page.getByRole('menuitem', { name: LANGUAGE_NAMES[to] }).click();
}

describe('the language picker', () => {
  it('switches through every language', async () => {
    const { page } = session;
    await page.goto('/');
    let current: Language = 'en-US';
    for (const language of SUPPORTED_LANGUAGES) {
      await chooseLanguage(current, language);
      if (MACHINE_TRANSLATED_LANGUAGES.includes(language)) {
        const keep = text(language, 'language.machineTranslated.keep');
        await page.getByRole('dialog').getByRole('button', { name: keep }).click();
      }
      await expect.poll(htmlLang).toBe(language);
      // The page speaks the chosen language: the navigation's home link is translated.
      await page
        .getByRole('link', { name: text(language, 'nav.home'), exact: true })
        .first()
        .waitFor();
      current = language;
    }
    await chooseLanguage(current, 'en-US');
    await expect.poll(htmlLang).toBe('en-US');
  });

  it('asks before a machine-translated language and goes back to English on cancel', async () => {
    const { page } = session;
    await chooseLanguage('en-US', 'de-DE');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await screenshot(page, 'machine-translation-dialog');
    await dialog.getByRole('button', { name: text('de-DE', 'language.machineTranslated.useEnglish') }).click();
    await expect.poll(htmlLang).toBe('en-US');
  });

  it('keeps the choice across a reload', async () => {
    const { page } = session;
    await chooseLanguage('en-US', 'ja-JP');
    await expect.poll(htmlLang).toBe('ja-JP');
    await page.reload();
    await expect.poll(htmlLang).toBe('ja-JP');
    await chooseLanguage('ja-JP', 'en-US');
    await expect.poll(htmlLang).toBe('en-US');
  });
});

describe('pages that are not there', () => {
  it('shows the not-found page for an unknown path', async () => {
    const page = await session.freshPage();
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: /not found/i }).waitFor();
    await screenshot(page, 'not-found');
  });

  it('matches routes case-insensitively', async () => {
    const page = await session.freshPage();
    await page.goto('/Account/LOGIN');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
  });
});

describe('the error screen', () => {
  it('shows the message, the stack, and the two actions', async () => {
    const page = await session.freshPage();
    await page.goto('/__error-test');
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    await page.getByRole('button', { name: 'Clean cache' }).waitFor();
    const stack = page.getByRole('textbox');
    expect(await stack.getAttribute('readonly')).not.toBeNull();
    expect(await stack.inputValue()).toContain('Error');
    await screenshot(page, 'error-screen');
  });
});
