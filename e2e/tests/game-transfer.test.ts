import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../src/api';
import { newContext, screenshot } from '../src/browser';
import { en, serverEn } from '../src/locale';
import { type BrowserSession, openSession } from '../src/session';

/**
 * Game transfer in the browser: an organiser exports a game from its admin pages, imports the package back
 * as a new hidden game, and imports a CTFd export, reading the import report.
 */
let session: BrowserSession;
let admin: Page;
let workDir: string;
let gameId: number;
const TITLE = 'Exported Cup';
const HOUR = 3_600_000;

beforeAll(async () => {
  session = await openSession();
  admin = session.page;
  workDir = await mkdtemp(path.join(tmpdir(), 'flagpole-transfer-'));
  await admin.goto('/account/login');
  await admin.getByLabel('User name or e-mail').fill('admin');
  await admin.getByLabel('Password', { exact: true }).fill(session.platform.adminPassword);
  await admin.getByRole('button', { name: 'Sign in' }).click();
  await admin.getByRole('button', { name: 'Account menu' }).waitFor();

  const now = Date.now();
  gameId = (
    await api<{ id: number }>(admin, 'POST', '/api/edit/games', {
      title: TITLE,
      start: now - HOUR,
      end: now + 24 * HOUR,
    })
  ).id;
  const challenge = await api<{ id: number }>(admin, 'POST', `/api/edit/games/${gameId}/challenges`, {
    title: 'Shipped',
    category: 'Web',
    type: 'StaticAttachment',
  });
  await api(admin, 'POST', `/api/edit/games/${gameId}/challenges/${challenge.id}/flags`, [{ flag: 'flag{shipped}' }]);
  await api(admin, 'POST', `/api/edit/games/${gameId}/notices`, { content: 'Packed and ready' });
});
afterAll(async () => {
  await session?.close();
});

const importButton = () => admin.getByRole('button', { name: en('adminGames.transfer.import.button'), exact: true });

/** Opens the import dialog on the games list, picks the source and the file, and imports it. */
async function importThroughDialog(file: string, source: 'package' | 'ctfd') {
  await admin.goto('/admin/games');
  await importButton().click();
  const dialog = admin.getByRole('dialog', { name: en('adminGames.transfer.import.title') });
  await dialog.waitFor();
  if (source === 'ctfd') await dialog.getByText(en('adminGames.transfer.import.sources.ctfd'), { exact: true }).click();
  await dialog.getByText(en(`adminGames.transfer.import.help.${source}`)).waitFor();
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await screenshot(admin, `transfer-import-${source}`);
  await dialog.getByRole('button', { name: en('adminGames.transfer.import.submit'), exact: true }).click();
}

describe('game packages', () => {
  let packagePath: string;

  it('exports a game from its admin pages', async () => {
    await admin.goto(`/admin/games/${gameId}/info`);
    await admin.getByRole('button', { name: en('adminGames.transfer.export.button'), exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: en('adminGames.transfer.export.title') });
    await dialog.getByText(en('adminGames.transfer.export.parts.teams')).waitFor();
    await screenshot(admin, 'transfer-export-dialog');
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      dialog.getByRole('button', { name: en('adminGames.transfer.export.submit'), exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Exported Cup-export-\d{8}-\d{6}\.zip$/);
    packagePath = path.join(workDir, download.suggestedFilename());
    await download.saveAs(packagePath);
    await admin.getByText(en('adminGames.transfer.export.done', { name: download.suggestedFilename() })).waitFor();

    const zip = await JSZip.loadAsync(await readFile(packagePath));
    const manifest = JSON.parse(await (zip.file('manifest.json')?.async('string') ?? '{}'));
    expect(manifest).toMatchObject({ format: 'GZCTF-GAME', version: '1.0', game: { id: gameId, title: TITLE } });
    const names = Object.keys(zip.files);
    expect(names).toContain('game.json');
    expect(names.filter((n) => n.startsWith('challenges/challenge-'))).toHaveLength(1);
    expect(names).not.toContain('secrets.json');
  });

  it('imports the package back as a new hidden game', async () => {
    await importThroughDialog(packagePath, 'package');
    await admin.waitForURL(/\/admin\/games\/\d+\/info$/);
    const newId = Number(/\/admin\/games\/(\d+)\/info/.exec(admin.url())?.[1]);
    expect(newId).toBeGreaterThan(gameId);
    await admin.getByRole('heading', { name: TITLE }).waitFor();
    await admin.getByText(en('adminGames.hidden'), { exact: true }).first().waitFor();
    const challenges = await api<Array<{ title: string; isEnabled: boolean }>>(
      admin,
      'GET',
      `/api/edit/games/${newId}/challenges`,
    );
    expect(challenges).toEqual([expect.objectContaining({ title: 'Shipped', isEnabled: false })]);
  });

  it('shows why a broken package is refused', async () => {
    const broken = path.join(workDir, 'broken.zip');
    await writeFile(broken, 'this is not a zip archive at all');
    await importThroughDialog(broken, 'package');
    await admin.getByText(serverEn('error.importNotZip')).waitFor();
  });
});

describe('CTFd exports', () => {
  it('imports a CTFd export and shows the report, naming the category it did not know', async () => {
    const table = (results: object[]) => JSON.stringify({ count: results.length, results, meta: {} });
    const zip = new JSZip();
    zip.file('db/alembic_version.json', table([{ version_num: '67ebab6de598' }]));
    zip.file(
      'db/challenges.json',
      table([
        {
          id: 1,
          name: 'Hidden pixels',
          description: 'Look closely',
          value: 200,
          category: 'Stego',
          type: 'standard',
          state: 'visible',
        },
        {
          id: 2,
          name: 'Login',
          description: 'Get in',
          value: 300,
          category: 'Web',
          type: 'standard',
          state: 'visible',
        },
      ]),
    );
    zip.file(
      'db/flags.json',
      table([
        { id: 1, challenge_id: 1, type: 'static', content: 'flag{pixels}', data: 'case_insensitive' },
        { id: 2, challenge_id: 2, type: 'regex', content: 'flag\\{(admin|root)\\}', data: '' },
        { id: 3, challenge_id: 2, type: 'regex', content: '(a)\\1', data: '' },
      ]),
    );
    zip.file('db/hints.json', table([{ id: 1, challenge_id: 1, content: 'Zoom in', cost: 10, type: 'standard' }]));
    zip.file('db/files.json', table([{ id: 1, type: 'challenge', location: 'abcd/image.png', challenge_id: 1 }]));
    zip.file('db/config.json', table([{ id: 1, key: 'ctf_name', value: 'Old CTFd Event' }]));
    zip.file('db/users.json', '');
    zip.file('uploads/abcd/image.png', 'not really a png');
    const file = path.join(workDir, 'ctfd-backup.zip');
    await writeFile(file, await zip.generateAsync({ type: 'nodebuffer' }));

    await importThroughDialog(file, 'ctfd');
    const report = admin.getByTestId('import-report');
    await report.waitFor();
    await report.getByText('Stego', { exact: true }).waitFor();
    await report.getByText(en('adminGames.transfer.report.unknown')).waitFor();
    await report.getByText(en('adminGames.transfer.report.kinds.regexSkipped', { detail: '(a)\\1' })).waitFor();
    // The hint with a cost is imported as a locked Points hint, so the report has nothing to say about it.
    expect(
      await report.getByText(en('adminGames.transfer.report.kinds.hintCostDropped', { detail: '10' })).count(),
    ).toBe(0);
    await screenshot(admin, 'transfer-ctfd-report');

    await admin.getByRole('button', { name: en('adminGames.transfer.import.open'), exact: true }).click();
    await admin.waitForURL(/\/admin\/games\/\d+\/info$/);
    await admin.getByRole('heading', { name: 'Old CTFd Event' }).waitFor();
  });

  it('offers the import on a phone too', async () => {
    const phone = await (await newContext(session.browser, session.platform.url, { mobile: true })).newPage();
    await phone.context().addCookies(await admin.context().cookies());
    await phone.goto('/admin/games');
    await phone.getByRole('button', { name: en('adminGames.transfer.import.button'), exact: true }).click();
    await phone.getByRole('dialog', { name: en('adminGames.transfer.import.title') }).waitFor();
    await screenshot(phone, 'transfer-import-phone');
    expect(session.pageErrors).toEqual([]);
  });
});
