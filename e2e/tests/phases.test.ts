import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../src/api';
import { newContext, screenshot } from '../src/browser';
import { en, text } from '../src/locale';
import { seedChallenge, seedGame, seedPlayerTeams, seedSolve } from '../src/seed';
import { type BrowserSession, openAdminSession } from '../src/session';

/**
 * Game phases in the browser (docs/game-play.md, "Phases"): the organiser edits them on the game page; on the
 * scoreboard everyone switches between the whole game and one phase (a segmented control on a wide screen, a
 * select on a phone, here in German), the choice kept in the address.
 */
let session: BrowserSession;
let admin: Page;
let gameId = 0;
let redTeam = '';
let blueTeam = '';
let week2 = 0;
const password = 'Secret-pass1';

/** The team names in the order the ranking lists them. */
async function rankingOrder(page: Page, region: string): Promise<string[]> {
  const ranking = page.getByRole('region', { name: region });
  const content = (await ranking.textContent()) ?? '';
  return [redTeam, blueTeam]
    .filter((team) => content.includes(team))
    .sort((a, b) => content.indexOf(a) - content.indexOf(b));
}

beforeAll(async () => {
  session = await openAdminSession();
  admin = session.page;
  gameId = await seedGame(admin, 'Weekly Waves CTF', { acceptWithoutReview: true });
  const alpha = await seedChallenge(admin, gameId, { title: 'Alpha', category: 'Web', flag: 'flag{alpha}' });
  const bravo = await seedChallenge(admin, gameId, { title: 'Bravo', category: 'Crypto', flag: 'flag{bravo}' });
  const charlie = await seedChallenge(admin, gameId, { title: 'Charlie', category: 'Pwn', flag: 'flag{charlie}' });
  const game = await api<{ start: number }>(admin, 'GET', `/api/edit/games/${gameId}`);
  const week1 = await api<{ id: number }>(admin, 'POST', `/api/edit/games/${gameId}/phases`, {
    title: 'Week 1',
    start: game.start,
  });
  week2 = (
    await api<{ id: number }>(admin, 'POST', `/api/edit/games/${gameId}/phases`, {
      title: 'Week 2',
      start: game.start + 7 * 86_400_000,
    })
  ).id;
  for (const [challenge, phaseId] of [
    [alpha, week1.id],
    [bravo, week1.id],
    [charlie, week2],
  ] as const) {
    await api(admin, 'PUT', `/api/edit/games/${gameId}/challenges/${challenge}`, { phaseId });
  }
  const [red, blue] = await seedPlayerTeams(session, gameId, ['red', 'blue'], password);
  if (!red || !blue) throw new Error('two teams expected');
  redTeam = red.team;
  blueTeam = blue.team;
  // Red wins week 1 and the whole game; blue wins week 2.
  expect(await seedSolve(red.page, gameId, alpha, 'flag{alpha}')).toBe('Accepted');
  expect(await seedSolve(red.page, gameId, bravo, 'flag{bravo}')).toBe('Accepted');
  expect(await seedSolve(blue.page, gameId, charlie, 'flag{charlie}')).toBe('Accepted');
});
afterAll(async () => {
  await session?.close();
});

describe('game phases', () => {
  it('are edited on the organiser’s game page', async () => {
    await admin.goto(`/admin/games/${gameId}/info`);
    const section = admin.getByRole('region', { name: en('adminGames.gamePhases.title') });
    await section.getByRole('group', { name: 'Week 2' }).waitFor();
    const added = section.getByRole('group', { name: en('adminGames.gamePhases.new') });
    await added.getByLabel(en('adminGames.gamePhases.name')).fill('Finals');
    await added.getByRole('button', { name: en('adminGames.gamePhases.add') }).click();
    await section.getByRole('group', { name: 'Finals' }).waitFor();
    await section.scrollIntoViewIfNeeded();
    await screenshot(admin, 'phases-admin-editor');
    // Deleting asks first.
    await section.getByRole('button', { name: en('adminGames.gamePhases.deleteNamed', { name: 'Finals' }) }).click();
    await admin
      .getByRole('dialog')
      .getByRole('button', { name: en('adminGames.gamePhases.deleteSubmit') })
      .click();
    await expect.poll(async () => section.getByRole('group', { name: 'Finals' }).count()).toBe(0);
  });

  it('are chosen in the challenge editor and filter the organiser’s challenge list', async () => {
    await admin.goto(`/admin/games/${gameId}/challenges`);
    await admin.getByText('Charlie').first().waitFor();
    await admin.getByRole('combobox', { name: en('adminGames.challenge.gamePhase') }).click();
    await admin.getByRole('option', { name: 'Week 1', exact: true }).click();
    await expect.poll(async () => admin.getByText('Charlie').count()).toBe(0);
    expect(await admin.getByText('Alpha').count()).toBeGreaterThan(0);
    await screenshot(admin, 'phases-admin-challenges-filter');
    await admin.getByText('Alpha').first().click();
    const select = admin.getByRole('combobox', { name: en('adminGames.challenge.gamePhase') });
    await expect.poll(async () => select.inputValue()).toBe('Week 1');
    await screenshot(admin, 'phases-admin-challenge-editor');
  });

  it('switch the scoreboard between the whole game and one phase on a wide screen, kept in the address', async () => {
    const context = await newContext(session.browser, session.platform.url);
    try {
      const page = await context.newPage();
      await page.goto(`/games/${gameId}/scoreboard`);
      const heading = en('scoreboard.table.heading');
      await expect.poll(async () => rankingOrder(page, heading)).toEqual([redTeam, blueTeam]);
      const phases = page.getByRole('radiogroup', { name: en('scoreboard.gamePhase.label') });
      await phases.getByText('Week 2').click();
      await expect.poll(() => new URL(page.url()).searchParams.get('phase')).toBe(String(week2));
      await expect.poll(async () => rankingOrder(page, heading)).toEqual([blueTeam, redTeam]);
      const ranking = page.getByRole('region', { name: heading });
      expect(await ranking.textContent()).not.toContain('Alpha');
      await screenshot(page, 'phases-scoreboard-week2');
      await phases.getByText(en('scoreboard.gamePhase.whole')).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('phase')).toBeNull();
      await expect.poll(async () => rankingOrder(page, heading)).toEqual([redTeam, blueTeam]);
    } finally {
      await context.close();
    }
  });

  it('open from the address on a phone, in German, with a select', async () => {
    const context = await newContext(session.browser, session.platform.url, { locale: 'de-DE', mobile: true });
    try {
      const page = await context.newPage();
      await page.goto(`/games/${gameId}/scoreboard?phase=${week2}`);
      const heading = text('de-DE', 'scoreboard.table.heading');
      const select = page.getByRole('combobox', { name: text('de-DE', 'scoreboard.gamePhase.label') });
      await expect.poll(async () => select.inputValue()).toBe('Week 2');
      await expect.poll(async () => rankingOrder(page, heading)).toEqual([blueTeam, redTeam]);
      await screenshot(page, 'phases-scoreboard-phone-de');
      await select.click();
      await page.getByRole('option', { name: text('de-DE', 'scoreboard.gamePhase.whole') }).click();
      await expect.poll(async () => rankingOrder(page, heading)).toEqual([redTeam, blueTeam]);
      expect(new URL(page.url()).searchParams.get('phase')).toBeNull();
    } finally {
      await context.close();
    }
  });
});
