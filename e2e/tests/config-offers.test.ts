import type { Language } from '@flagpole/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../src/api';
import { newContext, screenshot } from '../src/browser';
import { text } from '../src/locale';
import { type BrowserSession, withAdminSession } from '../src/session';

/**
 * Issue 24, "nothing offers an action the configuration cannot perform": on a platform with no captcha provider
 * and no container engine, the captcha switch and the platform proxy are not offered, each with the setting to
 * configure; and the news list can be searched. In English on a desktop and in French on a phone (this machine's browser has no CJK font, so its screenshots could not be judged).
 */
let session: BrowserSession;
let admin: Page;

withAdminSession((opened) => {
  session = opened;
  admin = opened.page;
});

beforeAll(async () => {
  await api(admin, 'POST', '/api/edit/posts', { title: 'Finals schedule', summary: 'When the finals start' });
  await api(admin, 'POST', '/api/edit/posts', { title: 'Prize list', summary: 'What the winners take home' });
});

const VIEWS: Array<{ language: Language; mobile: boolean; label: string }> = [
  { language: 'en-US', mobile: false, label: 'en-desktop' },
  { language: 'fr-FR', mobile: true, label: 'fr-phone' },
];

async function adminPage(language: Language, mobile: boolean): Promise<Page> {
  const context = await newContext(session.browser, session.platform.url, { locale: language, mobile });
  await context.addCookies(await admin.context().cookies());
  return context.newPage();
}

describe.each(VIEWS)('configuration offers ($label)', ({ language, mobile, label }) => {
  const t = (key: string, values: Record<string, string | number> = {}) => text(language, key, values);

  it('does not offer the captcha switch without a captcha provider, and says what to configure', async () => {
    const page = await adminPage(language, mobile);
    await page.goto('/admin/settings?tab=accounts');
    const captcha = page.getByRole('switch', { name: t('adminSite.settings.policy.useCaptcha') });
    await captcha.waitFor();
    expect(await captcha.isDisabled()).toBe(true);
    expect(await captcha.isChecked()).toBe(false);
    const reason = page.getByText(t('adminSite.settings.policy.needsCaptchaProvider'), { exact: true });
    await reason.scrollIntoViewIfNeeded();
    await screenshot(page, `config-offers-captcha-${label}`);
    await page.context().close();
  });

  it('does not offer the platform proxy without a container engine, and says why', async () => {
    const page = await adminPage(language, mobile);
    await page.goto('/admin/settings?tab=containers');
    const proxy = page.getByRole('radio', { name: t('adminSite.settings.container.portMappings.PlatformProxy') });
    await proxy.waitFor({ state: 'attached' });
    expect(await proxy.isDisabled()).toBe(true);
    const reason = page.getByText(t('adminSite.settings.container.proxyNeedsEngine'), { exact: true });
    await reason.scrollIntoViewIfNeeded();
    await screenshot(page, `config-offers-proxy-${label}`);
    await page.context().close();
  });

  it('searches the news list', async () => {
    const page = await adminPage(language, mobile);
    await page.goto('/posts');
    const finals = page.getByText('Finals schedule', { exact: true });
    const prizes = page.getByText('Prize list', { exact: true });
    await finals.waitFor();
    await prizes.waitFor();
    await page.getByLabel(t('posts.search')).fill('winners');
    await finals.waitFor({ state: 'detached' });
    await prizes.waitFor();
    await screenshot(page, `config-offers-news-search-${label}`);
    await page.getByLabel(t('posts.search')).fill('nothing like this');
    await page.getByText(t('posts.noMatch', { search: 'nothing like this' })).waitFor();
    await page.context().close();
  });
});
