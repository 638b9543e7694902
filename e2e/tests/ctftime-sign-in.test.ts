import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../src/api';
import { screenshot } from '../src/browser';
import { type CtftimeStandIn, startCtftimeStandIn } from '../src/ctftime-standin';
import { type BrowserSession, openSession } from '../src/session';

/*
 * Sign-in with CTFtime in the browser (docs/integrations.md): a stand-in of oauth.ctftime.org on loopback, the
 * built server. Two team-mates sign in with CTFtime and land in the one Flagpole team of their CTFtime team. The
 * dark sign-in page with the CTFtime button is the screenshot in docs/integrations.md.
 */

const docsImage = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/images/sign-in-ctftime.png');
const TEAM = { id: 4242, name: 'Night Owls', country: 'NL', logo: '' };
let ctftime: CtftimeStandIn;
let session: BrowserSession;

beforeAll(async () => {
  ctftime = await startCtftimeStandIn();
  session = await openSession({
    CTFTIME_CLIENT_ID: ctftime.eventId,
    CTFTIME_CLIENT_SECRET: ctftime.secret,
    CTFTIME_OAUTH_URL: ctftime.url,
  });
});
afterAll(async () => {
  await session?.close();
  await ctftime?.close();
});

/** A player signs in with CTFtime from the sign-in page, in a browser of their own. */
async function signInWithCtftime(page: Page): Promise<void> {
  await page.goto('/account/login');
  await page.getByRole('link', { name: 'Sign in with CTFtime' }).click();
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
}

describe('signing in with CTFtime', () => {
  it('shows the CTFtime button on the sign-in page', async () => {
    const { page } = session;
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/account/login');
    await page.getByRole('link', { name: 'Sign in with CTFtime' }).waitFor();
    await mkdir(path.dirname(docsImage), { recursive: true });
    await copyFile(await screenshot(page, 'sign-in-ctftime'), docsImage);
  });

  it('lands two team-mates signed in, in the Flagpole team made for their CTFtime team', async () => {
    ctftime.signInAs({ id: 501, name: 'owlcaptain', team: TEAM });
    const captain = await session.freshPage();
    await signInWithCtftime(captain);
    ctftime.signInAs({ id: 502, name: 'owlmate', team: TEAM });
    const mate = await session.freshPage();
    await signInWithCtftime(mate);

    for (const [page, userName] of [
      [captain, 'owlcaptain'],
      [mate, 'owlmate'],
    ] as const) {
      expect((await api<{ userName: string }>(page, 'GET', '/api/account/profile')).userName).toBe(userName);
      await page.goto('/teams');
      await page.getByText(TEAM.name).first().waitFor();
    }
    const teams = await api<Array<{ id: number; name: string }>>(mate, 'GET', '/api/team');
    expect(teams.map((team) => team.name)).toEqual([TEAM.name]);
    await mate.goto(`/teams/${teams[0]?.id}`);
    await mate.getByText('owlcaptain').first().waitFor();
    await mate.getByText('owlmate').first().waitFor();
    await screenshot(mate, 'ctftime-team');
  });
});
