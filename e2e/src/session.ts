import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { api, signIn } from './api';
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

/** A running platform and a browser page signed in as its administrator (through the API). */
export async function openAdminSession(env: Record<string, string> = {}): Promise<BrowserSession> {
  const session = await openSession(env);
  await signIn(session.page, 'admin', session.platform.adminPassword);
  return session;
}

/**
 * An administrator's session for the tests of one file: opened before them (and handed to `use`), closed after.
 */
export function withAdminSession(use: (session: BrowserSession) => void, env: Record<string, string> = {}): void {
  let session: BrowserSession | undefined;
  beforeAll(async () => {
    session = await openAdminSession(env);
    use(session);
  });
  afterAll(async () => {
    await session?.close();
  });
}

let counter = 0;
/** A user name unique within the run and within the 3..15 character limit. */
export function uniqueUserName(prefix = 'p'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36).slice(-6)}${counter}`;
}

/** A new user, registered (and so signed in) through the API, on a page in a browser context of their own. */
export async function newUser(
  session: BrowserSession,
  prefix: string,
  password: string,
): Promise<{ page: Page; userName: string }> {
  const page = await session.freshPage();
  const userName = uniqueUserName(prefix);
  // The first answer sets the XSRF cookie the registration must echo.
  await api(page, 'GET', '/api/account/profile').catch(() => undefined);
  await api(page, 'POST', '/api/account/register', { userName, email: `${userName}@example.org`, password });
  return { page, userName };
}
