/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The scoreboard page of a 10,000-team game in headless Chromium: is it smooth? The built server runs as its
 * own process (as `npm start` does) on a fresh database of the local PostgreSQL server; the game (100
 * challenges, 200,000 solves, 10,000 one-member teams) is written straight into it, then one player joins
 * through the API with a team that solved nothing (the last row). As that player, on a desktop (1440×900) and
 * on a phone (390×844, also with the CPU slowed 4× as a modest phone would be), it records:
 *
 * - time to first rows: from navigation start until the first team row is in the page;
 * - DOM size: elements in the document and team rows in it;
 * - scroll frames: the scrolling box is moved by a fixed distance every animation frame (a slow read and a fast
 *   fling) for 3 s; the gaps between frames (requestAnimationFrame timestamps) show stutter; and long jumps;
 * - search latency: from the keystroke to the matching row of a team deep in the list being on screen (the
 *   search waits 150 ms after the last keystroke on purpose; that wait is included);
 * - "show my team": from the click until the player's row is on screen.
 *
 *   npm run build && node --import tsx bench/scenarios/scoreboard-page.ts [--write] [--teams 10000]
 *
 * --write records the results in bench/results/scoreboard-page.md. Needs /usr/bin/chromium (or
 * CHROMIUM_PATH). All traffic stays on loopback.
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { api, signIn } from '../../e2e/src/api';
import { bigBoardTeamName, createBoardDatabase, seedBigBoard } from '../../e2e/src/big-board';
import { launchBrowser } from '../../e2e/src/browser';
import { startPlatform } from '../../e2e/src/platform';
import { seedGame, seedJoin, seedTeam } from '../../e2e/src/seed';
import { calibrate, describeSpeed } from './calibration';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const teamsArg = process.argv.indexOf('--teams');
const TEAMS = teamsArg > 0 ? Number(process.argv[teamsArg + 1]) : 10_000;
const CHALLENGES = 100;
const SOLVES = Math.min(200_000, TEAMS * 20);
const password = 'Bench-pass-1';

interface Frames {
  frames: number;
  median: number;
  p95: number;
  max: number;
  over33: number;
}

interface Figures {
  layout: string;
  firstRowsMs: number;
  elements: number;
  rows: number;
  slow: Frames;
  fling: Frames;
  jumpMs: number;
  searchMs: number;
  myTeamMs: number;
  rowsAfterScroll: number;
}

/** Scrolls the board's box by `step` px each frame for `ms`, returning the frame gaps. */
async function scrollFrames(page: Page, step: number, ms: number): Promise<Frames> {
  const gaps = await page.evaluate(
    ({ step, ms }) =>
      new Promise<number[]>((resolve) => {
        const box = document.querySelector<HTMLElement>('[data-testid="scoreboard-scroller"]');
        if (!box) throw new Error('no scoreboard');
        box.scrollTop = 0;
        const gaps: number[] = [];
        let last = 0;
        let started = 0;
        const frame = (now: number) => {
          if (started === 0) started = now;
          else gaps.push(now - last);
          last = now;
          box.scrollTop += step;
          if (box.scrollTop + box.clientHeight >= box.scrollHeight - 1) box.scrollTop = 0;
          if (now - started < ms) requestAnimationFrame(frame);
          else resolve(gaps);
        };
        requestAnimationFrame(frame);
      }),
    { step, ms },
  );
  const sorted = [...gaps].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    frames: gaps.length,
    median: round(at(0.5)),
    p95: round(at(0.95)),
    max: round(sorted[sorted.length - 1] ?? 0),
    over33: gaps.filter((gap) => gap > 33.4).length,
  };
}

type Step = { kind: 'jump'; minRow: number } | { kind: 'search'; team: string } | { kind: 'myTeam'; teamId: number };

/**
 * Milliseconds from an action in the page until its result is on screen, polled every animation frame (page code
 * cannot be built from strings: the platform's Content-Security-Policy forbids eval).
 */
async function timeUntil(page: Page, step: Step): Promise<number> {
  return page.evaluate(
    (step) =>
      new Promise<number>((resolve, reject) => {
        const box = document.querySelector<HTMLElement>('[data-testid="scoreboard-scroller"]');
        if (!box) throw new Error('no scoreboard');
        const visible = (selector: string) => {
          const row = document.querySelector(selector);
          if (!row) return false;
          const r = row.getBoundingClientRect();
          const b = box.getBoundingClientRect();
          return r.top >= b.top && r.bottom <= b.bottom + 1;
        };
        let done: () => boolean;
        const started = performance.now();
        if (step.kind === 'jump') {
          box.scrollTop = box.scrollHeight / 2;
          done = () => Number(document.querySelector('[data-team-id]')?.getAttribute('aria-rowindex')) > step.minRow;
        } else if (step.kind === 'search') {
          const input = document.querySelector<HTMLInputElement>('input[type="search"]');
          if (!input) throw new Error('no search box');
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, step.team);
          input.dispatchEvent(new Event('input', { bubbles: true }));
          done = () => visible(`[data-team-id] button[aria-label$="${step.team}"]`);
        } else {
          const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Show my team'));
          button?.click();
          done = () => visible(`[data-team-id="${step.teamId}"]`);
        }
        const poll = () => {
          if (done()) resolve(performance.now() - started);
          else if (performance.now() - started > 30_000) reject(new Error(`not reached: ${step.kind}`));
          else requestAnimationFrame(poll);
        };
        requestAnimationFrame(poll);
      }),
    step,
  );
}

async function measure(page: Page, layout: string, url: string, deepTeam: string, myTeamId: number): Promise<Figures> {
  await page.addInitScript(() => {
    const w = window as unknown as { __firstRows?: number };
    const observer = new MutationObserver(() => {
      if (w.__firstRows === undefined && document.querySelector('[data-team-id]')) {
        w.__firstRows = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await page.goto(url);
  await page.locator('[data-team-id]').first().waitFor({ timeout: 60_000 });
  const firstRowsMs = await page.evaluate(() => (window as unknown as { __firstRows: number }).__firstRows);
  await page.waitForTimeout(1_000);
  const count = () =>
    page.evaluate(() => ({
      elements: document.getElementsByTagName('*').length,
      rows: document.querySelectorAll('[data-team-id]').length,
    }));
  const dom = await count();
  const slow = await scrollFrames(page, 12, 3_000);
  const fling = await scrollFrames(page, 400, 3_000);
  const rowsAfterScroll = (await count()).rows;
  // A jump to the middle of the list, until rows are there.
  const jumpMs = await timeUntil(page, { kind: 'jump', minRow: TEAMS / 3 });
  const searchMs = await timeUntil(page, { kind: 'search', team: deepTeam });
  const myTeamMs = await timeUntil(page, { kind: 'myTeam', teamId: myTeamId });
  return {
    layout,
    firstRowsMs: Math.round(firstRowsMs),
    elements: dom.elements,
    rows: dom.rows,
    slow,
    fling,
    jumpMs: Math.round(jumpMs),
    searchMs: Math.round(searchMs),
    myTeamMs: Math.round(myTeamMs),
    rowsAfterScroll,
  };
}

async function main() {
  const calibration = calibrate();
  const database = await createBoardDatabase('flagpole_bench_page');
  const platform = await startPlatform({ DATABASE_URL: database.url, LOG_LEVEL: 'error' });
  const browser = await launchBrowser();
  const results: Figures[] = [];
  try {
    const adminContext = await browser.newContext({ baseURL: platform.url });
    const admin = await adminContext.newPage();
    await signIn(admin, 'admin', platform.adminPassword);
    const gameId = await seedGame(admin, 'Ten thousand teams', { acceptWithoutReview: true });
    const seeded = performance.now();
    await seedBigBoard(database.url, gameId, { teams: TEAMS, challenges: CHALLENGES, solves: SOLVES });
    console.log(`seeded ${TEAMS} teams in ${Math.round(performance.now() - seeded)} ms`);
    const playerContext = await browser.newContext({ baseURL: platform.url });
    const player = await playerContext.newPage();
    const userName = `page${Date.now().toString(36).slice(-6)}`;
    await api(player, 'GET', '/api/account/profile').catch(() => undefined);
    await api(player, 'POST', '/api/account/register', { userName, email: `${userName}@bench.invalid`, password });
    const myTeamId = await seedTeam(player, 'Bench Needle');
    await seedJoin(player, gameId, myTeamId);
    const url = `/games/${gameId}/scoreboard`;
    const deepTeam = bigBoardTeamName(Math.round(TEAMS * 0.87));

    const layouts = [
      { name: 'desktop 1440×900', viewport: { width: 1440, height: 900 }, throttle: 1 },
      { name: 'phone 390×844', viewport: { width: 390, height: 844 }, throttle: 1 },
      { name: 'phone 390×844, CPU 4× slower', viewport: { width: 390, height: 844 }, throttle: 4 },
    ];
    for (const layout of layouts) {
      const context = await browser.newContext({
        baseURL: platform.url,
        viewport: layout.viewport,
        colorScheme: 'dark',
        locale: 'en-US',
      });
      // tsx keeps function names with a helper that functions sent to the page would call: give the page one.
      await context.addInitScript('globalThis.__name = (fn) => fn;');
      const page = await context.newPage();
      await signIn(page, userName, password);
      if (layout.throttle > 1) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: layout.throttle });
      }
      const figures = await measure(page, layout.name, url, deepTeam, myTeamId);
      console.log(JSON.stringify(figures));
      results.push(figures);
      await context.close();
    }
  } finally {
    await browser.close();
    await platform.stop();
    await database.drop();
  }

  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { cwd: repoRoot }).toString().trim();
  } catch {}
  const frames = (f: Frames) => `${f.median} / ${f.p95} / ${f.max} ms, ${f.over33} of ${f.frames} over 33 ms`;
  const lines = [
    '# Scoreboard page with 10,000 teams (bench/scenarios/scoreboard-page.ts)',
    '',
    `Run ${new Date().toISOString()} on ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, commit ${commit}; ${describeSpeed(calibration)}; load average at the end ${loadavg()[0]?.toFixed(1)}.`,
    `Headless Chromium (Debian's), the built server on the local PostgreSQL server; game: ${TEAMS.toLocaleString('en-US')} teams + the player's, ${CHALLENGES} challenges, ${SOLVES.toLocaleString('en-US')} solves; the player's team is the last row.`,
    '',
    '| layout | first rows | elements in page (team rows) | slow scroll, 12 px a frame: frame gap median / p95 / max | fling, 400 px a frame | team rows after scrolling | jump to the middle | search, keystroke to a deep row on screen (150 ms wait included) | "show my team" to the row on screen |',
    '|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.layout} | ${r.firstRowsMs} ms | ${r.elements.toLocaleString('en-US')} (${r.rows}) | ${frames(r.slow)} | ${frames(r.fling)} | ${r.rowsAfterScroll} | ${r.jumpMs} ms | ${r.searchMs} ms | ${r.myTeamMs} ms |`,
    ),
  ];
  console.log(lines.join('\n'));
  if (process.argv.includes('--write')) {
    const file = path.join(repoRoot, 'bench/results/scoreboard-page.md');
    // The notes below the figures (from the first "## " heading on) are kept.
    const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
    const notes = previous.indexOf('\n## ');
    writeFileSync(file, `${lines.join('\n')}\n${notes >= 0 ? previous.slice(notes) : ''}`);
    console.log(`written to ${file}`);
  }
}

await main();
