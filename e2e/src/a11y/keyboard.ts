import type { Page } from 'playwright-core';

/** What the focused element is, as far as a keyboard user can tell: its role, name and whether a ring shows. */
export interface Focused {
  tag: string;
  role: string;
  name: string;
  inDialog: boolean;
  ringVisible: boolean;
}

/** The focused element: tag, explicit role, a name (aria-label, its label, or its text) and its focus ring. */
export async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) {
      return { tag: 'body', role: '', name: '', inDialog: false, ringVisible: false };
    }
    const labelled = element.getAttribute('aria-labelledby');
    const byId = labelled ? document.getElementById(labelled)?.textContent : undefined;
    const label = (element as HTMLInputElement).labels?.[0]?.textContent;
    const name = (element.getAttribute('aria-label') ?? byId ?? label ?? element.innerText ?? '').trim();
    const style = getComputedStyle(element);
    const ringVisible =
      (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    return {
      tag: element.tagName.toLowerCase(),
      role: element.getAttribute('role') ?? '',
      name,
      inDialog: element.closest('[role="dialog"]') !== null,
      ringVisible,
    };
  });
}

/**
 * Presses Tab (or Shift+Tab) until the focused element's name contains `name`; fails after `limit` presses. Only
 * keyboard events move focus: this is how a keyboard user reaches a control.
 */
export async function tabTo(page: Page, name: string, options: { back?: boolean; limit?: number } = {}) {
  const seen: string[] = [];
  for (let press = 0; press < (options.limit ?? 120); press++) {
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    if (now.name.includes(name)) return now;
    seen.push(now.name.slice(0, 40) || now.tag);
  }
  throw new Error(`Tab never reached "${name}"; focus went through: ${seen.join(' | ')}`);
}
