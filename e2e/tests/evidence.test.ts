import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EvidenceReport } from '@flagpole/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../src/api';
import { screenshot } from '../src/browser';
import { addChallenge, createRunningGame, joinAcceptedTeams } from '../src/game-setup';
import { en } from '../src/locale';
import { type BrowserSession, newUser, withAdminSession } from '../src/session';

/**
 * Flag-sharing evidence: two teams hand in the same wrong answer, a monitor recomputes the evidence, sees the
 * pair's case with its strength and signals, and dismisses it. The admin's view (with suspend and penalise) is
 * the screenshot in docs/operations.md.
 */
const password = 'Secret-pass1';
const docsImage = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/images/evidence-page.png');
let session: BrowserSession;
let admin: Page;

withAdminSession((opened) => {
  session = opened;
  admin = opened.page;
});

describe('flag-sharing evidence', () => {
  it('lists the case of two teams with the same wrong answer, and a monitor dismisses it', async () => {
    const gameId = await createRunningGame(admin, 'Evidence Night');
    const vault = await addChallenge(admin, gameId, {
      title: 'Vault',
      type: 'StaticAttachment',
      flags: [{ flag: 'flag{vault-open}' }],
    });
    const [heron, otter] = await joinAcceptedTeams(session, admin, gameId, ['Heron', 'Otter'], password);
    if (!heron || !otter) throw new Error('two teams expected');
    for (const team of [heron, otter]) {
      await api(team.page, 'POST', `/api/game/${gameId}/challenges/${vault}`, { flag: 'flag{guess-0451}' });
    }

    // The admin recomputes instead of waiting for the minute; the case shows with its actions.
    await admin.setViewportSize({ width: 1440, height: 900 });
    await admin.goto(`/games/${gameId}/monitor/evidence`);
    await admin.getByRole('button', { name: en('monitor.evidence.recompute') }).click();
    const adminCase = admin.getByRole('article', { name: `${heron.team} / ${otter.team}` });
    await adminCase.getByText('flag{guess-0451}').waitFor();
    await adminCase.getByText(en('monitor.evidence.kinds.SameWrongAnswer'), { exact: true }).waitFor();
    await adminCase.getByRole('button', { name: en('monitor.evidence.penalise', { name: heron.team }) }).waitFor();
    // Reloaded so the "recomputed" notice is not in the picture.
    await admin.reload();
    await adminCase.getByText('flag{guess-0451}').waitFor();
    await mkdir(path.dirname(docsImage), { recursive: true });
    await copyFile(await screenshot(admin, 'evidence-page'), docsImage);

    // Penalising sends a negative award with the case in its reason.
    await adminCase.getByRole('button', { name: en('monitor.evidence.penalise', { name: otter.team }) }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel(en('monitor.evidence.penaltyPoints')).fill('50');
    await dialog.getByRole('button', { name: en('monitor.evidence.penaltyConfirm') }).click();
    await admin.getByText(en('monitor.evidence.penalised', { count: 50, name: otter.team })).waitFor();
    const awards = await api<Array<{ points: number; reason: string }>>(
      admin,
      'GET',
      `/api/edit/games/${gameId}/awards`,
    );
    expect(awards.map((award) => award.points)).toEqual([-50]);

    // A monitor sees the same case, without the Admin-only actions, and dismisses it.
    const { page: monitor } = await newUser(session, 'mon', password);
    const profile = await api<{ userId: string }>(monitor, 'GET', '/api/account/profile');
    await api(admin, 'PUT', `/api/admin/users/${profile.userId}`, { role: 'Monitor' });
    await monitor.goto(`/games/${gameId}/monitor/evidence`);
    const monitorCase = monitor.getByRole('article', { name: `${heron.team} / ${otter.team}` });
    await monitorCase.getByText(en('monitor.evidence.kinds.SameWrongAnswer'), { exact: true }).waitFor();
    expect(
      await monitorCase.getByRole('button', { name: en('monitor.evidence.penalise', { name: heron.team }) }).count(),
    ).toBe(0);
    await monitorCase.getByRole('button', { name: en('monitor.evidence.dismiss') }).click();
    await monitor.getByRole('heading', { name: en('monitor.evidence.dismissedSection', { count: 1 }) }).waitFor();
    await monitor.getByText(en('monitor.evidence.empty')).waitFor();
    await monitorCase.getByRole('button', { name: en('monitor.evidence.restore') }).waitFor();
    const stored = await api<EvidenceReport>(monitor, 'GET', `/api/game/${gameId}/evidence?dismissed=true`);
    expect(stored.cases.map((c) => c.dismissed)).toEqual([true]);

    // Phone width, light: the dismissed case greyed below the empty state.
    await monitor.setViewportSize({ width: 390, height: 844 });
    await monitor.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'light'));
    await monitor.reload();
    await monitorCase.getByRole('button', { name: en('monitor.evidence.restore') }).waitFor();
    await screenshot(monitor, 'evidence-phone-light');
  });
});
