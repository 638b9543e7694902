import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { api, signIn } from '../src/api';
import { newContext, screenshot } from '../src/browser';
import { en } from '../src/locale';
import { seedAcceptInvite, seedChallenge, seedGame, seedJoin, seedSolve, seedTeam } from '../src/seed';
import { type BrowserSession, newUser, openSession, uniqueUserName } from '../src/session';

/**
 * Hints with a cost (docs/game-play.md, "Hints with a cost"): a player unlocks a Points hint in the challenge window
 * through the confirmation that states its cost and reads it; a team-mate's open window (a phone) shows it unlocked
 * without a reload; the team's drawer on the scoreboard lists the deduction.
 */
let session: BrowserSession;
let admin: Page;
let captain: Page;
let gameId: number;
let vault: number;
let teamId: number;
const PASSWORD = 'Secret-pass1';
const TEAM = 'Hint Hunters';

/** A new user registered on a phone-sized page of their own. */
async function phoneUser(prefix: string): Promise<Page> {
  const page = await (await newContext(session.browser, session.platform.url, { mobile: true })).newPage();
  const userName = uniqueUserName(prefix);
  await api(page, 'GET', '/api/account/profile').catch(() => undefined);
  await api(page, 'POST', '/api/account/register', { userName, email: `${userName}@example.org`, password: PASSWORD });
  return page;
}

beforeAll(async () => {
  session = await openSession();
  admin = session.page;
  await signIn(admin, 'admin', session.platform.adminPassword);
  gameId = await seedGame(admin, 'Hint Economy');
  const warmup = await seedChallenge(admin, gameId, { title: 'Warmup', category: 'Misc', flag: 'flag{warm}' });
  vault = await seedChallenge(admin, gameId, { title: 'Vault', category: 'Web', flag: 'flag{vault}' });
  const hints = `/api/edit/games/${gameId}/challenges/${vault}/hints`;
  const [nudge] = await api<Array<{ id: number }>>(admin, 'POST', hints, {
    title: 'Nudge',
    content: 'Look at the **response headers**.',
    kind: 'Points',
    cost: 50,
  });
  await api(admin, 'POST', hints, {
    title: 'Walkthrough',
    content: 'The key is in the cookie.',
    kind: 'RewardShare',
    cost: 25,
    requiresHintId: nudge?.id,
  });
  await api(admin, 'POST', hints, {
    title: 'Endgame',
    content: 'Everyone reads this later.',
    kind: 'FreeAfter',
    freeAt: Date.now() + 2 * 3_600_000,
  });

  captain = (await newUser(session, 'hcap', PASSWORD)).page;
  teamId = await seedTeam(captain, TEAM);
  await seedJoin(captain, gameId, teamId, admin);
  await seedSolve(captain, gameId, warmup, 'flag{warm}');
});
afterAll(async () => {
  await session?.close();
});

async function openVault(page: Page) {
  await page.goto(`/games/${gameId}/challenges`);
  await page.getByRole('button', { name: 'Open challenge Vault' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(en('challenges.hints.locked')).waitFor();
  return dialog;
}

describe('hints with a cost', () => {
  it('a player unlocks a hint after confirming its cost; the team-mate sees it live; the drawer shows the charge', async () => {
    const mate = await phoneUser('hmate');
    await seedAcceptInvite(mate, await api<string>(captain, 'GET', `/api/team/${teamId}/invite`));

    const mine = await openVault(captain);
    const theirs = await openVault(mate);
    await mine.getByText(en('challenges.hints.cost.points', { count: 50 })).waitFor();
    await mine.getByText(en('challenges.hints.requires', { title: 'Nudge' })).waitFor();
    await screenshot(captain, 'hints-locked-desktop');

    await mine.getByRole('button', { name: en('challenges.hints.unlockNamed', { title: 'Nudge' }) }).dblclick();
    const confirm = captain.getByRole('dialog', { name: en('challenges.hints.confirmTitle', { title: 'Nudge' }) });
    await confirm.getByText(en('challenges.hints.cost.points', { count: 50 })).waitFor();
    await confirm.getByRole('button', { name: en('challenges.hints.unlock'), exact: true }).click();
    await mine.getByText('response headers').waitFor();
    await screenshot(captain, 'hints-unlocked-desktop');

    // The team-mate's window, open all along, shows it without a reload.
    await theirs.getByText('response headers').waitFor();
    await theirs.getByRole('button', { name: en('challenges.hints.unlockNamed', { title: 'Walkthrough' }) }).waitFor();
    await screenshot(mate, 'hints-unlocked-phone');

    await captain.keyboard.press('Escape');
    await captain.goto(`/games/${gameId}/scoreboard`);
    await captain.getByRole('button', { name: en('scoreboard.team.open', { team: TEAM }) }).click();
    const drawer = captain.getByRole('table', { name: en('scoreboard.team.adjustmentsLabel', { team: TEAM }) });
    await drawer.getByText(en('scoreboard.team.hintPoints', { challenge: 'Vault' })).waitFor();
    await drawer.getByText('-50').waitFor();
    await screenshot(captain, 'hints-team-drawer');
  }, 180_000);
});
