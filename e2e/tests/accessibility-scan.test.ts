import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppRoute, appRoutes } from '../src/a11y/app-routes';
import { formatViolations, scanPage } from '../src/a11y/axe';
import { routeUrl, type SeededIds } from '../src/a11y/route-urls';
import { api, signIn } from '../src/api';
import { artifactsDir, newContext } from '../src/browser';
import { seedChallenge, seedGame, seedJoin, seedSolve, seedTeam } from '../src/seed';
import { type BrowserSession, newUser, openSession } from '../src/session';

/**
 * Issue 32: axe-core's WCAG 2.1 A and AA rules find nothing on any route of the router table, in the dark and the
 * light scheme, at desktop and phone width, for an anonymous visitor, a player of a running game and an organiser.
 * Routes come from apps/web/src/app/routes.tsx, so a page added later is scanned too. Each page also has one
 * `main` landmark and one `h1`. The report names the page, the variant and the rule of every failing element.
 */
type Viewer = 'anonymous' | 'player' | 'admin';
interface Variant {
  name: string;
  scheme: 'dark' | 'light';
  mobile: boolean;
}

const VARIANTS: Variant[] = [
  { name: 'dark desktop', scheme: 'dark', mobile: false },
  { name: 'light desktop', scheme: 'light', mobile: false },
  { name: 'dark phone', scheme: 'dark', mobile: true },
  { name: 'light phone', scheme: 'light', mobile: true },
];
/** For a quicker look while fixing: A11Y_VARIANTS="dark desktop,light phone" scans only those (CI scans all). */
const chosenVariants = process.env.A11Y_VARIANTS?.split(',').map((name) => name.trim());
const variants = chosenVariants ? VARIANTS.filter((variant) => chosenVariants.includes(variant.name)) : VARIANTS;
const password = 'Secret-pass1';

let session: BrowserSession;
let ids: SeededIds;
let playerName = '';
const reportFile = path.join(artifactsDir, 'accessibility-report.txt');

/** Who looks at a route: its guard's role, and for public pages also a player (a running game shows them more). */
function viewersOf(route: AppRoute): Viewer[] {
  if (route.role === 'Anonymous') return ['anonymous', 'player'];
  return route.role === 'User' ? ['player'] : ['admin'];
}

async function seedEvent(): Promise<void> {
  const admin = session.page;
  await signIn(admin, 'admin', session.platform.adminPassword);
  const gameId = await seedGame(admin, 'Access CTF', { acceptWithoutReview: true });
  const challengeId = await seedChallenge(admin, gameId, { title: 'Warmup', category: 'Misc', flag: 'flag{a11y}' });
  await seedChallenge(admin, gameId, { title: 'Crypto one', category: 'Crypto', flag: 'flag{two}' });
  await api(admin, 'POST', `/api/edit/games/${gameId}/notices`, { content: 'Hints open at noon.' });
  const postId = await api<string>(admin, 'POST', '/api/edit/posts', {
    title: 'Welcome',
    summary: 'Read the [rules](/about) first.',
    content: 'See the **rules** and the [schedule](/games).',
  });
  const player = await newUser(session, 'ax', password);
  playerName = player.userName;
  const teamId = await seedTeam(player.page, 'Screen Readers');
  await seedJoin(player.page, gameId, teamId);
  await seedSolve(player.page, gameId, challengeId, 'flag{a11y}');
  await player.page.context().close();
  ids = { gameId, teamId, challengeId, postId };
}

/** A page for the viewer in the variant's scheme and width, signed in as needed. */
async function viewerPage(viewer: Viewer, variant: Variant): Promise<Page> {
  const context = await newContext(session.browser, session.platform.url, { mobile: variant.mobile });
  await context.addInitScript((scheme) => localStorage.setItem('mantine-color-scheme-value', scheme), variant.scheme);
  const page = await context.newPage();
  if (viewer === 'player') await signIn(page, playerName, password);
  if (viewer === 'admin') await signIn(page, 'admin', session.platform.adminPassword);
  return page;
}

/**
 * Opens the URL and waits until the page shows its content: an h1 (every page has one) and no loader left. A page
 * that never settles is scanned as it is (and fails the structure check); 30 s because a loaded CI run took over
 * 8 s to show the error page.
 */
async function openSettled(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await page
    .waitForFunction(
      () =>
        document.querySelector('h1') !== null &&
        !document.querySelector('.mantine-Skeleton-root, .mantine-Loader-root, [data-page-loader]'),
      undefined,
      { timeout: 30_000, polling: 100 },
    )
    .catch(() => undefined);
  // Let enter transitions end: half-faded text would be measured for contrast mid-way.
  await page.waitForTimeout(200);
}

/** Landmark and heading structure axe's WCAG rules leave to best practice: one `main`, one `h1`. */
async function structureProblems(page: Page, where: string): Promise<string[]> {
  const counts = await page.evaluate(() => ({
    main: document.querySelectorAll('main, [role="main"]').length,
    h1: document.querySelectorAll('h1').length,
  }));
  const problems: string[] = [];
  if (counts.main !== 1) problems.push(`${where} one-main-landmark: ${counts.main} main landmarks`);
  if (counts.h1 !== 1) problems.push(`${where} one-h1: ${counts.h1} h1 headings`);
  return problems;
}

async function scanVariant(variant: Variant, routes: AppRoute[]): Promise<string[]> {
  const pages = new Map<Viewer, Page>();
  const report: string[] = [];
  for (const route of routes) {
    for (const viewer of viewersOf(route)) {
      let page = pages.get(viewer);
      if (!page) {
        page = await viewerPage(viewer, variant);
        pages.set(viewer, page);
      }
      const url = routeUrl(route, ids);
      await openSettled(page, url);
      const where = `${url} [${variant.name}, ${viewer}]`;
      const found = [...formatViolations(where, await scanPage(page)), ...(await structureProblems(page, where))];
      report.push(...found);
      // Written as it goes, so a run cut short still tells what it found.
      await appendFile(reportFile, found.map((line) => `${line}\n`).join(''));
    }
  }
  await Promise.all([...pages.values()].map((page) => page.context().close()));
  return report;
}

beforeAll(async () => {
  session = await openSession();
  await seedEvent();
});

afterAll(async () => {
  await session?.close();
});

describe('accessibility scan (WCAG 2.1 A and AA)', () => {
  it('finds no violation on any route, viewer, scheme or width', { timeout: 1_200_000 }, async () => {
    const routes = appRoutes();
    await mkdir(artifactsDir, { recursive: true });
    await writeFile(reportFile, '');
    expect(routes.length).toBeGreaterThan(30);
    // Two variants at a time: the machine has two cores.
    const reports: string[] = [];
    for (let i = 0; i < variants.length; i += 2) {
      const pair = variants.slice(i, i + 2);
      for (const part of await Promise.all(pair.map((variant) => scanVariant(variant, routes)))) reports.push(...part);
    }
    expect(reports, `accessibility violations:\n${reports.join('\n')}`).toEqual([]);
  });
});
