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

/**
 * Content-Security-Policy violations seen in any browser context of the run, not yet claimed by a test.
 * e2e/src/csp-guard.ts fails the test during which one appears: the web build must work under the policy.
 */
export const cspViolations: string[] = [];

/**
 * Inline event handler attributes (`script-src-attr`) are the one report left out: Chromium reports them
 * even for HTML parsed into inert documents (DOMParser, template), which is how the Markdown sanitizer reads
 * hostile input before dropping the handlers, with nothing executed. The hostile-Markdown tests check on
 * their own that nothing runs; every other blocked script, eval, style, connection or frame fails the test.
 */
const isCspViolation = (text: string) =>
  /Content Security Policy|Content-Security-Policy/i.test(text) && !/inline event handler/i.test(text);

/**
 * Container tests create and remove a Docker network per instance; Chromium sees the host's interfaces change and
 * fails a navigation in flight with ERR_NETWORK_CHANGED, which says nothing about the page under test. Such a
 * navigation is made again, at most three times in all.
 */
function retryNavigationOnNetworkChange(page: Page): void {
  const navigate = page.goto.bind(page);
  page.goto = async (url, options) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await navigate(url, options);
      } catch (error) {
        if (attempt >= 3 || !String(error).includes('ERR_NETWORK_CHANGED')) throw error;
      }
    }
  };
}

export async function newContext(
  browser: Browser,
  baseURL: string,
  options: { mobile?: boolean; locale?: string; reducedMotion?: 'reduce' | 'no-preference' } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    locale: options.locale ?? 'en-US',
    viewport: options.mobile ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    reducedMotion: options.reducedMotion ?? 'no-preference',
  });
  // Playwright's 30 s for an action or a wait was short on a CI machine running ~2.6× slower than a quiet one
  // (a page waiting on its first fetch beside two other files' browsers); a real failure still fails, later.
  context.setDefaultTimeout(45_000);
  context.on('page', retryNavigationOnNetworkChange);
  // The browser reports a blocked script, style, image or connection on the console and as an event.
  context.on('console', (message) => {
    if (isCspViolation(message.text())) cspViolations.push(`${message.location().url}: ${message.text()}`);
  });
  await context.exposeBinding('__flagpoleCspViolation', (source, text: string) => {
    cspViolations.push(`${source.page?.url() ?? ''}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      if (event.violatedDirective === 'script-src-attr') return;
      const report = (window as unknown as { __flagpoleCspViolation?: (text: string) => void }).__flagpoleCspViolation;
      report?.(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return context;
}

/** Saves a full-page screenshot under e2e/artifacts for people to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
