import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../src/api';
import { screenshot } from '../src/browser';
import { addChallenge, createRunningGame, joinAcceptedTeams, type Player } from '../src/game-setup';
import { en } from '../src/locale';
import { type BrowserSession, newUser, openAdminSession } from '../src/session';

/**
 * The organiser keeps order in a running game: notices that the players' open page follows, and the review of
 * the teams' entries, whose status the teams see. The game is set up through the API (game-loop.test.ts drives
 * the set-up through the pages): one enabled challenge, whose announcement is the first notice, and two teams.
 */
let session: BrowserSession;
let admin: Page;
let gameId = 0;
let players: Player[] = [];
const password = 'Secret-pass1';

beforeAll(async () => {
  session = await openAdminSession();
  admin = session.page;
  gameId = await createRunningGame(admin, 'Harbour Watch');
  await addChallenge(admin, gameId, { title: 'Warm-up', type: 'StaticAttachment', flags: [{ flag: 'flag{warm-up}' }] });
  players = await joinAcceptedTeams(session, admin, gameId, ['Red', 'Blue'], password);
});
afterAll(async () => {
  await session?.close();
});

describe('the organiser keeps order', () => {
  it('posts, edits and deletes a notice; the players’ open page follows each change', async () => {
    const [red] = players;
    if (!red) throw new Error('a team expected');
    await red.page.goto(`/games/${gameId}/challenges`);
    const feed = red.page.getByRole('region', { name: en('challenges.notices.heading') });
    await feed.getByRole('listitem').first().waitFor();
    let navigations = 0;
    red.page.on('framenavigated', () => navigations++);

    await admin.goto(`/admin/games/${gameId}/notices`);
    await admin.getByRole('textbox', { name: en('adminGames.notices.field') }).fill('Hints open at **noon**.');
    await admin.getByRole('button', { name: en('adminGames.notices.post') }).click();
    await admin.getByText(en('adminGames.notices.posted')).waitFor();
    const card = admin.getByRole('article').filter({ hasText: 'Hints open at' });
    await card.locator('strong', { hasText: 'noon' }).waitFor();
    await feed.locator('li', { hasText: 'Hints open at' }).locator('strong', { hasText: 'noon' }).waitFor();

    await card.getByRole('button', { name: en('adminGames.notices.edit') }).click();
    await card.getByLabel(en('adminGames.notices.editField')).fill('Hints open at **one o’clock**.');
    await card.getByRole('button', { name: en('adminGames.save') }).click();
    await admin.getByText(en('adminGames.notices.saved')).waitFor();
    await card.locator('strong', { hasText: 'one o’clock' }).waitFor();
    await feed.locator('li', { hasText: 'Hints open at' }).locator('strong', { hasText: 'one o’clock' }).waitFor();
    expect(await feed.getByText('noon').count()).toBe(0);

    await card.getByRole('button', { name: en('adminGames.notices.delete') }).click();
    await admin
      .getByRole('dialog', { name: en('adminGames.notices.deleteTitle') })
      .getByRole('button', { name: en('adminGames.notices.deleteSubmit') })
      .click();
    await admin.getByText(en('adminGames.notices.deleted')).waitFor();
    await admin.getByText(en('adminGames.notices.empty')).waitFor();
    await feed.getByText('Hints open at').waitFor({ state: 'hidden' });
    expect(navigations).toBe(0);
  });

  it('rejects a newcomer, suspends a team and accepts it again; the teams see their status', async () => {
    const [, blue] = players;
    if (!blue) throw new Error('two teams expected');
    const { page: green, userName } = await newUser(session, 'green', password);
    const newcomer = `Green ${userName.slice(-4)}`;
    const team = await api<{ id: number }>(green, 'POST', '/api/team', { name: newcomer });
    await api(green, 'POST', `/api/game/${gameId}`, { teamId: team.id });

    await admin.goto(`/admin/games/${gameId}/review`);
    const act = async (action: string, team: string) => {
      await admin.getByRole('button', { name: en(`adminGames.review.actionFor.${action}`, { team }) }).click();
      await admin
        .getByText(en(`adminGames.review.done.${action}`, { team }))
        .first()
        .waitFor();
    };
    const statusOf = (team: string, status: string) =>
      admin.getByRole('article', { name: team }).getByText(en(`adminGames.status.${status}`), { exact: true });

    await statusOf(newcomer, 'Pending').waitFor();
    await act('reject', newcomer);
    await statusOf(newcomer, 'Rejected').waitFor();
    // A rejected entry can only be withdrawn by its team: the organiser has no more buttons for it.
    expect(await admin.getByRole('article', { name: newcomer }).getByRole('button').count()).toBe(0);
    const filter = admin.getByRole('radiogroup', { name: en('adminGames.review.filter') });
    await filter.getByText(`${en('adminGames.status.Rejected')} (1)`, { exact: true }).click();
    await expect.poll(() => admin.getByRole('article').count()).toBe(1);
    await filter.getByText(en('adminGames.review.all', { count: 3 }), { exact: true }).click();
    await green.goto(`/games/${gameId}`);
    await green.getByText(en('games.participation.Rejected.title')).waitFor();

    await act('suspend', blue.team);
    await statusOf(blue.team, 'Suspended').waitFor();
    await blue.page.goto(`/games/${gameId}`);
    await blue.page.getByText(en('games.participation.Suspended.title')).waitFor();
    await screenshot(admin, 'admin-review-suspended');

    await act('reaccept', blue.team);
    await statusOf(blue.team, 'Accepted').waitFor();
    await admin.getByRole('button', { name: en('adminGames.review.actionFor.suspend', { team: blue.team }) }).waitFor();
    await blue.page.reload();
    await blue.page.getByText(en('games.participation.Accepted.title')).waitFor();
    await green.context().close();
  });
});
