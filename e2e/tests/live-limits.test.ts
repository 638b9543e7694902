import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../src/browser';
import { en } from '../src/locale';
import { type BrowserSession, withAdminSession } from '../src/session';

/**
 * A browser refused a live socket for lack of room (close code 4429): the page says why, keeps working, and does
 * not reconnect in a storm. The administrator may hold one live connection here.
 */
let session: BrowserSession;
let admin: Page;

withAdminSession(
  (opened) => {
    session = opened;
    admin = opened.page;
  },
  { LIVE_MAX_PER_USER: '1' },
);

describe('live connection caps in the browser', () => {
  it('a second tab over the cap shows why and waits instead of reconnecting at once', async () => {
    await admin.goto('/admin/logs');
    await admin.getByText(en('adminSite.logs.state.live'), { exact: true }).waitFor();

    const second = await session.context.newPage();
    let sockets = 0;
    second.on('websocket', (socket) => {
      if (socket.url().includes('/api/admin/logs/live')) sockets++;
    });
    await second.goto('/admin/logs');
    await second.getByText(en('liveLimit.tooMany'), { exact: true }).waitFor();
    // The stored log is still shown.
    await second.getByRole('table').getByRole('row').first().waitFor();
    await screenshot(second, 'live-limit-logs');
    await second.setViewportSize({ width: 390, height: 844 });
    await screenshot(second, 'live-limit-logs-phone');
    // No reconnect within the first 30 s after the refusal (here: 5 s).
    await second.waitForTimeout(5000);
    expect(sockets).toBe(1);
    await second.close();
  });
});
