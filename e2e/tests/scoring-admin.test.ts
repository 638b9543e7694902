import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../src/api';
import { artifactsDir, screenshot } from '../src/browser';
import { en } from '../src/locale';
import { seedChallenge, seedGame, seedPlayerTeams, seedSolve } from '../src/seed';
import { type BrowserSession, openAdminSession } from '../src/session';

/**
 * The organiser's scoring tools (docs/game-play.md, "Hints with a cost", "Prerequisites", "Awards and penalties"):
 * a points hint and a prerequisite added in the challenge editor, a penalty with a reason given on the Awards page,
 * and the player's board showing the adjusted total with the reason beside it.
 */
let session: BrowserSession;
let admin: Page;
let player: Page;
let team = '';
let gameId = 0;
let main = 0;
const UNCOVERED = 'header, .mantine-Notifications-root { visibility: hidden !important; }';

beforeAll(async () => {
  session = await openAdminSession();
  admin = session.page;
  gameId = await seedGame(admin, 'Scoring Tools CTF', { acceptWithoutReview: true });
  const warm = await seedChallenge(admin, gameId, { title: 'Warm up', category: 'Web', flag: 'flag{warm}' });
  main = await seedChallenge(admin, gameId, { title: 'Main course', category: 'Pwn', flag: 'flag{main}' });
  const [red] = await seedPlayerTeams(session, gameId, ['red'], 'Secret-pass1');
  if (!red) throw new Error('a team expected');
  player = red.page;
  team = red.team;
  expect(await seedSolve(player, gameId, warm, 'flag{warm}')).toBe('Accepted');
});
afterAll(async () => {
  await session?.close();
});

describe('scoring tools for organisers', () => {
  it('add a points hint and a prerequisite in the challenge editor', async () => {
    await admin.goto(`/admin/games/${gameId}/challenges/${main}`);
    const hints = admin.getByRole('region', { name: en('adminGames.lockedHints.title') });
    await hints.getByText(en('adminGames.lockedHints.empty')).waitFor();
    // Required fields' labels end in an asterisk: names are matched by their start.
    await hints.getByRole('textbox', { name: en('adminGames.lockedHints.hintTitle') }).fill('Where to look');
    await hints.getByRole('textbox', { name: en('adminGames.lockedHints.content') }).fill('Read the **headers**.');
    await hints.getByRole('textbox', { name: en('adminGames.lockedHints.points') }).fill('100');
    await hints.getByRole('button', { name: en('adminGames.lockedHints.submit') }).click();
    await hints.getByRole('cell', { name: 'Where to look', exact: true }).waitFor();
    expect(await hints.getByRole('cell', { name: '100 points', exact: true }).count()).toBe(1);

    const prerequisites = admin.getByRole('region', { name: en('adminGames.prerequisites.title') });
    await prerequisites.getByLabel(en('adminGames.prerequisites.challenges'), { exact: true }).click();
    await admin.getByRole('option', { name: 'Warm up (Web)' }).click();
    await prerequisites.getByRole('button', { name: en('adminGames.prerequisites.save') }).click();
    await admin.getByText(en('adminGames.prerequisites.saved')).waitFor();
    const saved = await api<{ prerequisites: { challengeIds: number[] } | null }>(
      admin,
      'GET',
      `/api/edit/games/${gameId}/challenges/${main}`,
    );
    expect(saved.prerequisites?.challengeIds).toHaveLength(1);
    // The two sections alone (the editor above them is long), without the fixed header and the toasts over them.
    await hints.screenshot({ path: path.join(artifactsDir, 'scoring-admin-locked-hints.png'), style: UNCOVERED });
    await prerequisites.screenshot({
      path: path.join(artifactsDir, 'scoring-admin-prerequisites.png'),
      style: UNCOVERED,
    });
  });

  it('take points with a reason on the Awards page, and the player board shows the adjusted total', async () => {
    await admin.goto(`/admin/games/${gameId}/awards`);
    await admin.getByText(en('adminGames.awards.empty')).waitFor();
    await admin.getByRole('combobox', { name: en('adminGames.awards.team') }).click();
    await admin.getByRole('option', { name: team }).click();
    await admin.getByRole('textbox', { name: en('adminGames.awards.points') }).fill('-50');
    await admin.getByRole('textbox', { name: en('adminGames.awards.reason') }).fill('Flag sharing');
    await admin.getByRole('button', { name: en('adminGames.awards.submit') }).click();
    await admin.getByRole('cell', { name: 'Flag sharing' }).waitFor();
    await screenshot(admin, 'scoring-admin-awards');

    await player.goto(`/games/${gameId}/scoreboard`);
    const badge = player.getByRole('img', { name: /Flag sharing/ });
    await badge.waitFor();
    expect(await badge.textContent()).toBe('\u221250');
    const board = await api<{ items: { name: string; score: number; solvedChallenges: { score: number }[] }[] }>(
      player,
      'GET',
      `/api/game/${gameId}/scoreboard`,
    );
    const row = board.items.find((item) => item.name === team);
    const solved = row?.solvedChallenges.reduce((total, solve) => total + solve.score, 0) ?? 0;
    expect(row?.score).toBe(solved - 50);
    const ranking = player.getByRole('region', { name: en('scoreboard.table.heading') });
    expect(await ranking.textContent()).toContain(String(solved - 50));
    await ranking.screenshot({ path: path.join(artifactsDir, 'scoring-admin-board.png'), style: UNCOVERED });
  });
});
