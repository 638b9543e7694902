import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { artifactsDir } from './browser';
import { en } from './locale';

/**
 * The services section of the challenge editor (apps/web, admin-games/components/challenge/services-editor.tsx),
 * driven as an organiser would: one service box per service, found by its accessible name.
 */
export function servicesEditor(page: Page) {
  const section = page.getByTestId('services-editor');
  const service = (number: number) =>
    section.getByRole('group', { name: en('adminGames.services.service', { number }) });
  const field = (box: Locator, key: string) => box.getByLabel(en(`adminGames.services.${key}`), { exact: true });
  return {
    section,
    service,
    field,
    /** Adds a service and fills its name, image and one port (typed, then Enter, as the tags input wants). */
    async add(name: string, image: string, port: string): Promise<Locator> {
      const count = await section.getByRole('group').count();
      await section.getByRole('button', { name: en('adminGames.services.add') }).click();
      const box = service(count + 1);
      await field(box, 'name').fill(name);
      await field(box, 'image').fill(image);
      await field(box, 'ports').fill(port);
      await field(box, 'ports').press('Enter');
      return box;
    },
    async addEnv(box: Locator, name: string, value: string): Promise<void> {
      await box.getByRole('button', { name: en('adminGames.services.addEnv') }).click();
      await field(box, 'envName').last().fill(name);
      await field(box, 'envValue').last().fill(value);
    },
  };
}

/**
 * The editor's Container section as PNGs (desktop and phone), in a viewport tall enough that the page header covers
 * none of it, with the sticky save bar hidden.
 */
export async function screenshotContainerSection(page: Page, name: string): Promise<void> {
  const section = page.getByRole('region', { name: en('adminGames.container.title') });
  const style = '[style*="position: sticky"] { visibility: hidden !important; }';
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.setViewportSize({ width: 1280, height: 2600 });
  await section.screenshot({ path: path.join(artifactsDir, `${name}.png`), style });
  await page.setViewportSize({ width: 390, height: 3200 });
  await section.screenshot({ path: path.join(artifactsDir, `${name}-phone.png`), style });
  await page.setViewportSize({ width: 1280, height: 800 });
}
