import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext } from './browser';
import { type Platform, startPlatform } from './platform';

export interface BrowserSession {
  platform: Platform;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  pageErrors: string[];
  /** A new page in a new browser context: no cookies, no stored language, no cache. */
  freshPage: () => Promise<Page>;
  close: () => Promise<void>;
}

/** A running platform and a fresh browser page pointed at it. */
export async function openSession(env: Record<string, string> = {}): Promise<BrowserSession> {
  const platform = await startPlatform(env);
  const browser = await launchBrowser();
  const context = await newContext(browser, platform.url);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return {
    platform,
    browser,
    context,
    page,
    pageErrors,
    freshPage: async () => (await newContext(browser, platform.url)).newPage(),
    close: async () => {
      await browser.close();
      await platform.stop();
    },
  };
}

let counter = 0;
/** A user name unique within the run and within the 3..15 character limit. */
export function uniqueUserName(prefix = 'p'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36).slice(-6)}${counter}`;
}
