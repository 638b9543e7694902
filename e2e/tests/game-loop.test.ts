import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, screenshot } from '../src/browser';
import type { Player } from '../src/game-setup';
import { localMinute } from '../src/local-time';
import { en, textPattern } from '../src/locale';
import { type BrowserSession, openSession, uniqueUserName } from '../src/session';

/**
 * The whole game loop in the browser: an organiser builds a game with a static and a dynamic-attachment
 * challenge, two teams join and are accepted, both solve, one submits the other's dynamic flag, and the
 * scoreboard, the notices and the blood marks come out right. Notices and entry review by the organiser are
 * in game-organiser.test.ts.
 */
let session: BrowserSession;
let admin: Page;
let gameId = 0;
let warmupId = 0;
const password = 'Secret-pass1';
const ATTACHMENT_TEXT = 'The flag is flag{warm-up}, hidden in plain sight.\n';
/** Red's dynamic flag, which Blue submits: the one cheating case. */
let stolenFlag = '';

const players: Player[] = [];

beforeAll(async () => {
  session = await openSession();
  admin = session.page;
});
afterAll(async () => {
  await session?.close();
});

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function createChallenge(title: string, type: string) {
  await admin.goto(`/admin/games/${gameId}/challenges`);
  await admin.getByRole('button', { name: 'Create challenge' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Title').fill(title);
  await pick(admin, 'Type', type);
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await admin.waitForURL(/\/admin\/games\/\d+\/challenges\/\d+$/);
  return Number(admin.url().split('/').pop());
}

async function submitFlag(page: Page, challenge: string, flag: string): Promise<void> {
  await page.getByRole('button', { name: `Open challenge ${challenge}` }).click();
  const dialog = page.getByRole('dialog');
  // The team's submission rate is stated before anyone runs into it.
  await dialog.getByText(en('challenges.modal.rateLimit', { count: 10, seconds: 10 })).waitFor();
  await dialog.getByLabel('Flag', { exact: true }).fill(flag);
  await dialog.getByRole('button', { name: 'Submit flag' }).click();
}

async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
}

describe('the organiser', () => {
  it('signs in and creates a running game', async () => {
    await admin.goto('/account/login');
    await admin.getByLabel('User name or e-mail').fill('admin');
    await admin.getByLabel('Password', { exact: true }).fill(session.platform.adminPassword);
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await admin.getByRole('button', { name: 'Account menu' }).waitFor();

    await admin.goto('/admin/games');
    await admin.getByRole('button', { name: 'Create game' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Autumn CTF');
    await dialog.getByRole('textbox', { name: /^Start/ }).fill(localMinute(new Date(Date.now() - 3_600_000)));
    await dialog.getByRole('textbox', { name: /^End/ }).fill(localMinute(new Date(Date.now() + 86_400_000)));
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await admin.waitForURL(/\/admin\/games\/\d+\/info$/);
    gameId = Number(/games\/(\d+)\/info/.exec(admin.url())?.[1]);
    expect(gameId).toBeGreaterThan(0);
  });

  it('adds a static challenge with a flag', async () => {
    warmupId = await createChallenge('Warmup', 'Static attachment');
    await admin.goto(`/admin/games/${gameId}/challenges/${warmupId}/flags`);
    await admin.getByLabel('Flags, one per line').fill('flag{warm-up}');
    await admin.getByRole('button', { name: 'Add flags' }).click();
    await admin.getByRole('button', { name: 'Delete flag flag{warm-up}' }).waitFor();
  });

  it('uploads a file as the static challenge’s attachment', async () => {
    await admin.goto(`/admin/games/${gameId}/challenges/${warmupId}`);
    await admin.getByText('Upload a file', { exact: true }).click();
    await admin.locator('input[type=file]').setInputFiles({
      name: 'warmup.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(ATTACHMENT_TEXT),
    });
    // The attachment is part of the challenge: the one "Save changes" stores it.
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await admin.getByText(en('adminGames.challenge.saved')).first().waitFor();
    // The editor names the stored attachment by the uploaded file's name.
    await admin.getByRole('link', { name: 'warmup.txt' }).waitFor();
  });

  it('adds a dynamic-attachment challenge whose flags each carry their own file', async () => {
    const id = await createChallenge('Twins', 'Dynamic attachment');
    await admin.goto(`/admin/games/${gameId}/challenges/${id}/flags`);
    for (const name of ['alpha', 'beta']) {
      await admin.getByLabel('Flag', { exact: true }).fill(`flag{${name}}`);
      await admin.getByText('Link', { exact: true }).click();
      await admin.getByLabel('Link to the file').fill(`https://files.example.org/${name}.zip`);
      await admin.getByRole('button', { name: 'Add flag with attachment' }).click();
      await admin.getByRole('button', { name: `Delete flag flag{${name}}` }).waitFor();
    }
    await screenshot(admin, 'admin-flags');
  });

  it('enables both challenges', async () => {
    await admin.goto(`/admin/games/${gameId}/challenges`);
    for (const title of ['Warmup', 'Twins']) {
      const toggle = admin.getByRole('switch', { name: `Enable ${title}` });
      // The switch turns on once the server has accepted the change.
      await toggle.click();
      await expect.poll(() => toggle.isChecked()).toBe(true);
    }
    await screenshot(admin, 'admin-challenges');
  });

  it('publishes the game once its checklist passes (a game made in the pages starts hidden)', async () => {
    await admin.goto(`/admin/games/${gameId}/info`);
    const card = admin.getByRole('region', { name: en('adminGames.publish.title'), exact: true });
    await card.getByText(en('adminGames.publish.stateHidden')).waitFor();
    const publish = card.getByRole('button', { name: en('adminGames.publish.publish') });
    await expect.poll(() => publish.isEnabled()).toBe(true);
    await publish.click();
    await card.getByText(en('adminGames.publish.statePublished')).waitFor();
  });
});

describe('two teams', () => {
  it('register, create their teams and ask to join', async () => {
    for (const label of ['Red', 'Blue']) {
      const context = await newContext(session.browser, session.platform.url);
      const page = await context.newPage();
      const userName = uniqueUserName(label.toLowerCase());
      const registered = await page.request.post('/api/account/register', {
        data: { userName, email: `${userName}@example.org`, password },
      });
      expect(registered.ok()).toBe(true);
      const team = `${label} ${userName.slice(-4)}`;
      await page.goto('/teams');
      await page.getByRole('button', { name: 'Create team' }).first().click();
      const create = page.getByRole('dialog');
      await create.getByLabel('Team name').fill(team);
      await create.getByRole('button', { name: 'Create', exact: true }).click();
      await page.getByText(team, { exact: true }).first().waitFor();

      await page.goto(`/games/${gameId}`);
      await page.getByRole('button', { name: 'Join game' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Join with this team' }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      players.push({ context, page, team });
    }
  });

  it('are accepted by the organiser', async () => {
    await admin.goto(`/admin/games/${gameId}/review`);
    for (const { team } of players) {
      await admin.getByRole('button', { name: `Accept ${team}` }).click();
      await admin.getByRole('button', { name: `Suspend ${team}` }).waitFor();
    }
  });
});

describe('playing', () => {
  it('a player downloads the static challenge’s attachment', async () => {
    const page = players[0]?.page;
    if (!page) throw new Error('a team expected');
    await page.goto(`/games/${gameId}/challenges`);
    await page.getByRole('button', { name: 'Open challenge Warmup' }).click();
    const link = page.getByRole('dialog').getByRole('link', { name: 'Download attachment' });
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/assets\/[0-9a-f]{64}\/warmup\.txt$/);
    const download = await page.request.get(href);
    expect(await download.text()).toBe(ATTACHMENT_TEXT);
    expect(download.headers()['content-disposition']).toContain('attachment; filename="warmup.txt"');
    expect(download.headers()['content-type']).toMatch(/^text\/plain/);
    await closeDialog(page);
  });

  it('both teams solve the static challenge: first and second blood', async () => {
    for (const { page } of players) {
      await page.goto(`/games/${gameId}/challenges`);
      await submitFlag(page, 'Warmup', 'flag{warm-up}');
      await page.getByText('Your team has solved this challenge.').waitFor();
      await closeDialog(page);
    }
  });

  it('the second team submits the first team’s dynamic flag and is told it is wrong', async () => {
    const [red, blue] = players;
    if (!red || !blue) throw new Error('two teams expected');
    const flagOf = async (page: Page) => {
      await page.getByRole('button', { name: 'Open challenge Twins' }).click();
      const link = page.getByRole('dialog').getByRole('link', { name: 'Open attachment link' });
      const href = (await link.getAttribute('href')) ?? '';
      return /\/(alpha|beta)\.zip$/.exec(href)?.[1] ?? '';
    };
    const redFlag = await flagOf(red.page);
    await closeDialog(red.page);
    const blueFlag = await flagOf(blue.page);
    expect(new Set([redFlag, blueFlag])).toEqual(new Set(['alpha', 'beta']));

    stolenFlag = `flag{${redFlag}}`;
    const dialog = blue.page.getByRole('dialog');
    await dialog.getByLabel('Flag', { exact: true }).fill(stolenFlag);
    await dialog.getByRole('button', { name: 'Submit flag' }).click();
    await dialog.getByText('Wrong flag').first().waitFor();
    await closeDialog(blue.page);

    await submitFlag(red.page, 'Twins', `flag{${redFlag}}`);
    await red.page.getByText('Your team has solved this challenge.').waitFor();
    await closeDialog(red.page);
  });
});

describe('what everyone sees', () => {
  it('the scoreboard ranks and scores the teams with their bloods', async () => {
    const [red, blue] = players;
    if (!red || !blue) throw new Error('two teams expected');
    // Warmup: two solvers → floor(1000 × (0.25 + 0.75 × e^(−1/5))) = 864; +5 % first blood → 907,
    // +3 % second blood → 890. Twins: one solver → 1000, +5 % first blood → 1050.
    await expect
      .poll(async () => {
        const board = await (await red.page.request.get(`/api/game/${gameId}/scoreboard`)).json();
        return board.items.map((item: { name: string; score: number; rank: number }) => [
          item.rank,
          item.name,
          item.score,
        ]);
      })
      .toEqual([
        [1, red.team, 1957],
        [2, blue.team, 890],
      ]);
    const board = await (await red.page.request.get(`/api/game/${gameId}/scoreboard`)).json();
    const bloods = board.items.flatMap((item: { name: string; solvedChallenges: Array<{ type: string }> }) =>
      item.solvedChallenges.map((solve) => `${item.name}:${solve.type}`),
    );
    expect(bloods.sort()).toEqual(
      [`${blue.team}:SecondBlood`, `${red.team}:FirstBlood`, `${red.team}:FirstBlood`].sort(),
    );

    await blue.page.goto(`/games/${gameId}/scoreboard`);
    const ranking = blue.page.getByRole('region', { name: en('scoreboard.table.heading') });
    const rows = ranking.locator('[role="row"][data-team-id]');
    // Rank, team (the row's header), score and solved count are the first four cells of a row, in board order.
    const shown = async () =>
      Promise.all(
        (await rows.all()).map(async (row) => {
          const cells = row.getByRole('cell');
          return [
            await cells.nth(0).textContent(),
            await row.getByRole('rowheader').textContent(),
            await cells.nth(1).textContent(),
            await cells.nth(2).textContent(),
          ].map((cell) => cell?.trim());
        }),
      );
    await expect.poll(shown).toEqual([
      ['1', expect.stringContaining(red.team), '1957', '2'],
      ['2', expect.stringContaining(blue.team), '890', '1'],
    ]);
    // The solve matrix marks each solve with its blood, named by the cell's label.
    const solveCell = (team: string, type: string, challenge: string, points: number) =>
      rows.filter({ hasText: team }).getByRole('cell', {
        name: textPattern('en-US', `scoreboard.table.solve.${type}`, {
          challenge,
          points: en('scoreboard.points', { count: points }),
        }),
      });
    await solveCell(red.team, 'FirstBlood', 'Warmup', 907).waitFor();
    await solveCell(red.team, 'FirstBlood', 'Twins', 1050).waitFor();
    await solveCell(blue.team, 'SecondBlood', 'Warmup', 890).waitFor();
    // The points phrase carries its unit: the label says it once ("907 points", never "907 points points").
    const redWarmup = await solveCell(red.team, 'FirstBlood', 'Warmup', 907).getAttribute('aria-label');
    expect(redWarmup).toMatch(/^Warmup: first blood, 907 points, \w/);
    const blueCells = await rows.filter({ hasText: blue.team }).getByRole('cell').all();
    const blueLabels = await Promise.all(blueCells.map((cell) => cell.getAttribute('aria-label')));
    expect(blueLabels.filter((name) => name?.startsWith('Twins'))).toEqual([]);
    await ranking
      .getByRole('list', { name: en('scoreboard.legend.label') })
      .getByText(/^First blood/)
      .waitFor();
    await screenshot(blue.page, 'scoreboard');
  });

  it('the notices announce the new challenges and the bloods', async () => {
    const notices = await (await admin.request.get(`/api/game/${gameId}/notices`)).json();
    const summary = notices.map(
      (notice: { type: string; values: string[] }) => `${notice.type}:${notice.values.join('/')}`,
    );
    const [red, blue] = players;
    expect(summary).toEqual(
      expect.arrayContaining([
        'NewChallenge:Warmup',
        'NewChallenge:Twins',
        `FirstBlood:${red?.team}/Warmup`,
        `SecondBlood:${blue?.team}/Warmup`,
        `FirstBlood:${red?.team}/Twins`,
      ]),
    );
    if (!red || !blue) throw new Error('two teams expected');
    await blue.page.goto(`/games/${gameId}/challenges`);
    const feed = blue.page.getByRole('region', { name: en('challenges.notices.heading') });
    const bloods = [
      en('challenges.notices.text.FirstBlood', { team: red.team, challenge: 'Warmup' }),
      en('challenges.notices.text.SecondBlood', { team: blue.team, challenge: 'Warmup' }),
      en('challenges.notices.text.FirstBlood', { team: red.team, challenge: 'Twins' }),
    ];
    const opened = en('challenges.notices.text.NewChallenge', { challenge: 'Twins' });
    for (const line of [...bloods, opened]) await feed.getByText(line, { exact: true }).waitFor();
    await screenshot(blue.page, 'challenges-board');

    // The bloods filter keeps the three blood notices and hides the new-challenge ones.
    await feed.getByText(en('challenges.notices.filter.bloods'), { exact: true }).click();
    await feed.getByText(opened, { exact: true }).waitFor({ state: 'hidden' });
    expect(await feed.getByRole('listitem').count()).toBe(bloods.length);
    for (const line of bloods) await feed.getByText(line, { exact: true }).waitFor();
  });

  it('monitors see the cheating case with both teams', async () => {
    const cases = await (await admin.request.get(`/api/game/${gameId}/cheatinfo`)).json();
    expect(cases).toHaveLength(1);
    const text = JSON.stringify(cases);
    for (const { team } of players) expect(text).toContain(team);

    const [red, blue] = players;
    if (!red || !blue) throw new Error('two teams expected');
    await admin.goto(`/games/${gameId}/monitor/cheatinfo`);
    await admin
      .getByText(en('monitor.cheat.summary', { count: 1, teams: en('monitor.cheat.submittingTeams', { count: 1 }) }), {
        exact: true,
      })
      .waitFor();
    const report = admin.getByRole('article');
    await report.getByText(stolenFlag, { exact: true }).waitFor();
    expect(await report.count()).toBe(1);
    await report.getByRole('heading', { name: 'Twins' }).waitFor();
    // Blue submitted the flag that belongs to Red, and the page says so in that order.
    const order = [
      en('monitor.cheat.submitTeam'),
      blue.team,
      en('monitor.cheat.ownedTeam'),
      red.team,
      en('monitor.cheat.submission'),
      stolenFlag,
    ];
    const content = (await report.textContent()) ?? '';
    const positions = order.map((part) => content.indexOf(part));
    expect(positions).not.toContain(-1);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    await screenshot(admin, 'cheatinfo');
  });
});
