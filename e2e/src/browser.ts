import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const artifactsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');

/** Debian's Chromium, headless, with background networking off (this machine has no internet). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export async function newContext(
  browser: Browser,
  baseURL: string,
  options: { mobile?: boolean; locale?: string } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    locale: options.locale ?? 'en-US',
    viewport: options.mobile ? { width: 390, height: 844 } : { width: 1280, height: 800 },
  });
}

/** Saves a full-page screenshot under e2e/artifacts for people to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
