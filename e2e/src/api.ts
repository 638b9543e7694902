import type { Page } from 'playwright-core';

/**
 * Calls the API with the page's session, as the web application does: JSON body, and the XSRF cookie echoed
 * in `X-XSRF-TOKEN` on unsafe methods. Throws with the status and body on any non-2xx answer.
 */
export async function api<T = unknown>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const cookies = await page.context().cookies();
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  const response = await page.request.fetch(path, {
    method,
    data: body,
    headers: xsrf ? { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } : {},
  });
  const text = await response.text();
  if (!response.ok()) throw new Error(`${method} ${path}: HTTP ${response.status()} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Signs the page's browser context in (the XSRF cookie comes with the account call). */
export async function signIn(page: Page, userName: string, password: string): Promise<void> {
  await api(page, 'GET', '/api/account/profile').catch(() => undefined);
  await api(page, 'POST', '/api/account/login', { userName, password });
}
