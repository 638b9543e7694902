import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../src/api';
import { screenshot } from '../src/browser';
import { en } from '../src/locale';
import { withAdminSession } from '../src/session';

/** Posts in the browser: a post full of hostile Markdown is published without anything in it running. */
let admin: Page;

withAdminSession((opened) => {
  admin = opened.page;
});

describe('posts', () => {
  const HOSTILE = [
    'Read **carefully**.',
    '<script>window.__pwned = "script"</script>',
    '<img src="x" onerror="window.__pwned = \'img\'">',
    "[click me](javascript:window.__pwned='link')",
    '<a href="javascript:window.__pwned=\'anchor\'">anchor</a>',
    '<svg onload="window.__pwned=\'svg\'"></svg>',
    '<iframe srcdoc="<script>parent.__pwned=\'iframe\'</script>"></iframe>',
    '<details open ontoggle="window.__pwned=\'details\'">toggled</details>',
  ].join('\n\n');

  /** Checks the rendered Markdown under `root` (every `[data-markdown]` block in it) and the page's flag. */
  async function assertNothingRan(page: Page, root: string) {
    // Give an image error or a toggle event the chance to fire.
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    const dangerous = await page.evaluate((selector) => {
      const blocks = document.querySelectorAll(`${selector} [data-markdown]`);
      if (blocks.length === 0) return ['no rendered Markdown'];
      const found: string[] = [];
      for (const element of [...blocks].flatMap((block) => [...block.querySelectorAll('*')])) {
        const tag = element.tagName.toLowerCase();
        if (['script', 'iframe', 'svg', 'object', 'embed'].includes(tag)) found.push(tag);
        for (const attribute of element.attributes) {
          if (attribute.name.startsWith('on')) found.push(`${tag}[${attribute.name}]`);
          if (/^\s*(javascript|vbscript|data):/i.test(attribute.value)) found.push(`${tag}[${attribute.name}]`);
        }
      }
      return found;
    }, root);
    expect(dangerous).toEqual([]);
  }

  let hostileId = '';

  it('an admin publishes a pinned post whose Markdown tries to run script; nothing runs', async () => {
    const dialogs: string[] = [];
    admin.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await admin.goto('/posts');
    await admin.getByRole('link', { name: en('postEdit.newButton') }).click();
    await admin.waitForURL(/\/posts\/new\/edit$/);
    await admin.getByLabel(en('postEdit.fields.title')).fill('Rules update');
    await admin.getByLabel(en('postEdit.fields.summary')).fill('What changed <img src=x onerror="window.__pwned=1">');
    await admin.getByRole('textbox', { name: en('postEdit.fields.content') }).fill(HOSTILE);
    await admin.getByRole('combobox', { name: en('postEdit.fields.tags') }).fill('rules');
    await admin.keyboard.press('Enter');
    await admin.getByLabel(en('postEdit.fields.pinned')).check({ force: true });
    await screenshot(admin, 'post-edit');

    await admin.getByRole('tab', { name: en('adminGames.markdown.preview') }).click();
    await admin.getByRole('tabpanel').getByText('carefully').waitFor();
    await assertNothingRan(admin, '[role=tabpanel]');

    await admin.getByRole('button', { name: en('postEdit.publish') }).click();
    await admin.waitForURL(/\/posts\/[0-9a-f]{8}$/);
    hostileId = admin.url().split('/').pop() ?? '';
    await admin.getByRole('heading', { name: 'Rules update' }).waitFor();
    await admin.locator('article').getByText('carefully').waitFor();
    await admin.locator('article').getByText('click me').click();
    await assertNothingRan(admin, 'article');
    expect(dialogs).toEqual([]);
    await screenshot(admin, 'post-view');
  });

  it('lists pinned posts first, edits a post and deletes another', async () => {
    const laterId = await api<string>(admin, 'POST', '/api/edit/posts', { title: 'Later news', summary: 'Newer' });
    await admin.goto('/posts');
    await admin.getByRole('heading', { name: 'Later news' }).waitFor();
    await expect.poll(() => admin.getByRole('article').first().getByRole('heading').textContent()).toBe('Rules update');
    await assertNothingRan(admin, 'main');

    await admin.goto(`/posts/${hostileId}`);
    await admin.getByRole('link', { name: en('postEdit.editButton') }).click();
    const title = admin.getByLabel(en('postEdit.fields.title'));
    await expect.poll(() => title.inputValue()).toBe('Rules update');
    await title.fill('Rules update (v2)');
    await admin.getByRole('button', { name: en('common.save') }).click();
    await admin.getByRole('heading', { name: 'Rules update (v2)' }).waitFor();
    const edited = await api<{ isPinned: boolean; tags: string[] }>(admin, 'GET', `/api/posts/${hostileId}`);
    expect(edited).toMatchObject({ isPinned: true, tags: ['rules'] });

    await admin.goto(`/posts/${laterId}/edit`);
    await admin.getByRole('button', { name: en('postEdit.delete.button') }).click();
    await admin
      .getByRole('dialog')
      .getByRole('button', { name: en('postEdit.delete.confirm') })
      .click();
    await admin.waitForURL(/\/posts$/);
    const response = await admin.request.get(`/api/posts/${laterId}`);
    expect(response.status()).toBe(404);
  });
});
