import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../src/api';
import { screenshot } from '../src/browser';
import { en, serverEn } from '../src/locale';
import { type BrowserSession, newUser, openSession } from '../src/session';

/**
 * A team's life on the Teams page, clicked by its people: the captain creates it and copies the invite code,
 * a friend pastes it and joins, the captain rotates the code (the old one stops working), edits the team,
 * removes a member, hands the captaincy over and leaves; the new captain deletes the team.
 */
let session: BrowserSession;
const password = 'Secret-pass1';
const FIRST_NAME = `Lamp ${Date.now().toString(36).slice(-4)}`;
const NEW_NAME = `Beacon ${Date.now().toString(36).slice(-4)}`;
const BIO = 'We keep the lights on.';

interface Person {
  page: Page;
  userName: string;
}
let ada: Person;
let bo: Person;
let cy: Person;

async function newPerson(prefix: string): Promise<Person> {
  const person = await newUser(session, prefix, password);
  // The invite code travels by the clipboard, as it does between real people.
  await person.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.platform.url });
  await person.page.goto('/teams');
  return person;
}

const teamCard = (page: Page, name: string) => page.getByRole('article', { name });
const inviteField = (page: Page) => page.getByRole('textbox', { name: en('teams.invite.label'), exact: true });

/** Clicks a button and then the confirming button of the dialog it opens. */
async function confirm(page: Page, action: string, confirmation: string) {
  await page.getByRole('button', { name: action, exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: confirmation, exact: true }).click();
}

/** Opens the join dialog, pastes the clipboard into the code field, checks the team it names, and joins. */
async function pasteAndJoin(page: Page, teamName: string) {
  await page
    .getByRole('button', { name: en('teams.join.button') })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: en('teams.join.title') });
  await dialog.getByLabel(en('teams.join.codeLabel')).focus();
  await page.keyboard.press('ControlOrMeta+V');
  await dialog.getByText(en('teams.join.preview', { name: teamName }), { exact: true }).waitFor();
  await dialog.getByRole('button', { name: en('teams.join.submit'), exact: true }).click();
  return dialog;
}

async function copyInviteCode(page: Page): Promise<string> {
  await page.getByRole('button', { name: en('teams.invite.copy') }).click();
  const code = await inviteField(page).inputValue();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  return code;
}

async function setClipboard(page: Page, value: string) {
  await page.evaluate((text) => navigator.clipboard.writeText(text), value);
}

beforeAll(async () => {
  session = await openSession();
  ada = await newPerson('ada');
  bo = await newPerson('bo');
  cy = await newPerson('cy');
});
afterAll(async () => {
  await session?.close();
});

let firstCode = '';

describe('the captain', () => {
  it('creates a team and copies its invite code', async () => {
    await ada.page
      .getByRole('button', { name: en('teams.create.button') })
      .first()
      .click();
    const dialog = ada.page.getByRole('dialog');
    await dialog.getByLabel(en('teams.fields.name')).fill(FIRST_NAME);
    await dialog.getByRole('button', { name: en('teams.create.submit'), exact: true }).click();
    const card = teamCard(ada.page, FIRST_NAME);
    await card.getByText(en('teams.youAreCaptain')).waitFor();
    firstCode = await copyInviteCode(ada.page);
    expect(firstCode).toMatch(new RegExp(`^${FIRST_NAME}:\\d+:[0-9a-f]{32}$`));
  });
});

describe('a friend', () => {
  it('pastes the code, sees which team it is, and joins', async () => {
    await setClipboard(bo.page, firstCode);
    const dialog = await pasteAndJoin(bo.page, FIRST_NAME);
    await bo.page.getByText(en('teams.join.done', { name: FIRST_NAME })).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const card = teamCard(bo.page, FIRST_NAME);
    await card.getByText(ada.userName, { exact: true }).waitFor();
    await card.getByText(bo.userName, { exact: true }).waitFor();
    // A member sees neither the invite code nor the captain's buttons.
    expect(await inviteField(bo.page).count()).toBe(0);
    await card.getByRole('button', { name: en('teams.leave.button') }).waitFor();
    expect(await card.getByRole('button', { name: en('teams.delete.button') }).count()).toBe(0);
  });
});

describe('the captain manages the team', () => {
  it('generates a new invite code: the old one stops working, the new one works', async () => {
    await ada.page.reload();
    await teamCard(ada.page, FIRST_NAME).getByText(bo.userName, { exact: true }).waitFor();
    await confirm(ada.page, en('teams.invite.refresh'), en('teams.invite.refreshSubmit'));
    await ada.page.getByText(en('teams.invite.refreshed')).waitFor();
    await expect.poll(() => inviteField(ada.page).inputValue()).not.toBe(firstCode);
    const secondCode = await copyInviteCode(ada.page);

    await setClipboard(cy.page, firstCode);
    const refused = await pasteAndJoin(cy.page, FIRST_NAME);
    await cy.page.getByText(serverEn('error.invalidInvite')).waitFor();
    // The dialog stays open with the code, so the player can paste the right one.
    await refused.getByRole('button', { name: en('teams.join.submit'), exact: true }).waitFor();
    await cy.page.keyboard.press('Escape');
    await refused.waitFor({ state: 'hidden' });

    await setClipboard(cy.page, secondCode);
    await pasteAndJoin(cy.page, FIRST_NAME);
    await cy.page.getByText(en('teams.join.done', { name: FIRST_NAME })).waitFor();
    await teamCard(cy.page, FIRST_NAME).getByText(cy.userName, { exact: true }).waitFor();
  });

  it('edits the team’s name and bio', async () => {
    await ada.page.reload();
    const card = teamCard(ada.page, FIRST_NAME);
    await card.getByText(cy.userName, { exact: true }).waitFor();
    await card.getByRole('button', { name: en('teams.edit.button'), exact: true }).click();
    const dialog = ada.page.getByRole('dialog', { name: en('teams.edit.title', { name: FIRST_NAME }) });
    await dialog.getByLabel(en('teams.fields.name')).fill(NEW_NAME);
    await dialog.getByLabel(en('teams.fields.bio')).fill(BIO);
    await dialog.getByRole('button', { name: en('common.save'), exact: true }).click();
    await ada.page.getByText(en('teams.edit.done')).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await teamCard(ada.page, NEW_NAME).getByText(BIO, { exact: true }).waitFor();
    expect(await teamCard(ada.page, FIRST_NAME).count()).toBe(0);

    // The members see the new name and bio too.
    await bo.page.reload();
    await teamCard(bo.page, NEW_NAME).getByText(BIO, { exact: true }).waitFor();
  });

  it('removes a member, whose Teams page is then empty', async () => {
    const card = teamCard(ada.page, NEW_NAME);
    await confirm(ada.page, en('teams.kick.label', { name: cy.userName }), en('teams.kick.submit'));
    await ada.page.getByText(en('teams.kick.done', { name: cy.userName })).waitFor();
    await card.getByText(cy.userName, { exact: true }).waitFor({ state: 'hidden' });
    await card.getByText(en('teams.members', { count: 2 })).waitFor();

    await cy.page.reload();
    await cy.page.getByRole('heading', { name: en('teams.empty.title') }).waitFor();
    expect(await teamCard(cy.page, NEW_NAME).count()).toBe(0);
  });

  it('hands the captaincy to the friend and then leaves the team', async () => {
    const card = teamCard(ada.page, NEW_NAME);
    await card.getByRole('button', { name: en('teams.transfer.button'), exact: true }).click();
    const dialog = ada.page.getByRole('dialog', { name: en('teams.transfer.title') });
    await dialog.getByLabel(en('teams.transfer.memberLabel')).click();
    await ada.page.getByRole('option', { name: bo.userName, exact: true }).click();
    await dialog.getByText(en('teams.transfer.warning', { name: bo.userName, team: NEW_NAME })).waitFor();
    await dialog.getByRole('button', { name: en('teams.transfer.submit'), exact: true }).click();
    await ada.page.getByText(en('teams.transfer.done', { name: bo.userName })).waitFor();
    // Ada is a plain member now: no captain badge, no invite code, a leave button.
    await card.getByText(en('teams.youAreCaptain')).waitFor({ state: 'hidden' });
    expect(await inviteField(ada.page).count()).toBe(0);
    await screenshot(ada.page, 'teams-after-transfer');

    await confirm(ada.page, en('teams.leave.button'), en('teams.leave.submit'));
    await ada.page.getByText(en('teams.leave.done', { name: NEW_NAME })).waitFor();
    await ada.page.getByRole('heading', { name: en('teams.empty.title') }).waitFor();
  });
});

describe('the new captain', () => {
  it('sees the captaincy and deletes the team', async () => {
    await bo.page.reload();
    const card = teamCard(bo.page, NEW_NAME);
    await card.getByText(en('teams.youAreCaptain')).waitFor();
    await card.getByText(en('teams.members', { count: 1 })).waitFor();
    await inviteField(bo.page).waitFor();
    await confirm(bo.page, en('teams.delete.button'), en('teams.delete.submit'));
    await bo.page.getByText(en('teams.delete.done', { name: NEW_NAME })).waitFor();
    await bo.page.getByRole('heading', { name: en('teams.empty.title') }).waitFor();
    const teams = await api<unknown[]>(bo.page, 'GET', '/api/team');
    expect(teams).toEqual([]);
  });
});
