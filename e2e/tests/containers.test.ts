import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../src/api';
import { newContext, screenshot } from '../src/browser';
import { buildFlagImage, containersWithLabel, FLAG_IMAGE, FLAG_PORT, readCapture } from '../src/challenge-image';
import { type DockerDelay, startDockerDelay } from '../src/docker-delay';
import { readThroughProxy, readThroughTunnel } from '../src/instance-reads';
import { en, textPattern } from '../src/locale';
import { screenshotContainerSection, servicesEditor } from '../src/services-editor';
import { type BrowserSession, newUser, openSession, uniqueUserName } from '../src/session';
import { startWsrxStandIn, type WsrxStandIn } from '../src/wsrx-standin';

/**
 * Container challenges end to end against the real dockerd: an organiser puts a dynamic container challenge
 * behind the platform proxy; the player's page registers with a local tunnel daemon (a stand-in speaking its
 * protocol), starts an instance, the flag is read through the proxy (directly and through the daemon's
 * tunnel) and scores; the instance expires and is removed; a monitor downloads the capture and tshark reads it.
 */
let session: BrowserSession;
let daemon: WsrxStandIn;
let dockerDelay: DockerDelay;
let admin: Page;
let player: Page;
let gameId = 0;
let challengeId = 0;
let teamName = '';
let proxyAddress = '';
let tunnelAddress = '';
let flag = '';
/** The instance the admin destroys: its team and GUID. */
let lateInstance = { team: '', guid: '' };
/** The teams that start together just before it. */
let stormTeams: string[] = [];
const CHALLENGE = 'Echo Flag';
const GAME = 'Container CTF';
const password = 'Secret-pass1';

/** A new player with a team that has joined the game (accepted at once), on a page of its own. */
async function joinedPlayer(prefix: string): Promise<{ page: Page; team: string }> {
  const { page, userName } = await newUser(session, prefix, password);
  page.on('pageerror', (error) => session.pageErrors.push(error.message));
  const team = `Team ${userName}`;
  const created = await api<{ id: number }>(page, 'POST', '/api/team', { name: team });
  await api(page, 'POST', `/api/game/${gameId}`, { teamId: created.id });
  return { page, team };
}

async function wsrxStateLabel(page: Page): Promise<string> {
  return (
    (await page.getByRole('button', { name: new RegExp(`^${en('wsrx.title')}: `) }).getAttribute('aria-label')) ?? ''
  );
}

beforeAll(async () => {
  await buildFlagImage();
  daemon = await startWsrxStandIn();
  dockerDelay = await startDockerDelay();
  session = await openSession({
    CONTAINER_ENGINE: 'docker',
    DOCKER_HOST: dockerDelay.dockerHost,
    CONTAINER_REAP_INTERVAL_SECONDS: '2',
    CONTAINER_HOST_GUARD: 'false',
    // One engine start at a time, and start requests answer at once: a few starts together form a queue whose
    // places the page shows.
    CONTAINER_START_CONCURRENCY: '1',
    CONTAINER_START_WAIT_SECONDS: '0',
  });
  admin = session.page;
}, 180_000);

afterAll(async () => {
  await session?.close();
  await daemon?.close();
  await dockerDelay?.close();
});

describe('the organiser', () => {
  it('puts a dynamic container challenge with traffic capture behind the platform proxy', async () => {
    await admin.goto('/');
    await api(admin, 'POST', '/api/account/login', { userName: 'admin', password: session.platform.adminPassword });
    // One-minute lifetime, so the test sees an instance expire.
    await api(admin, 'PUT', '/api/admin/config', {
      containerPolicy: { portMapping: 'PlatformProxy', defaultLifetime: 1 },
    });
    const now = Date.now();
    const game = await api<{ id: number }>(admin, 'POST', '/api/edit/games', {
      title: GAME,
      start: now - 3_600_000,
      end: now + 86_400_000,
      acceptWithoutReview: true,
    });
    gameId = game.id;
    const challenge = await api<{ id: number }>(admin, 'POST', `/api/edit/games/${gameId}/challenges`, {
      title: CHALLENGE,
      category: 'Misc',
      type: 'DynamicContainer',
    });
    challengeId = challenge.id;
    await api(admin, 'PUT', `/api/edit/games/${gameId}/challenges/${challengeId}`, {
      content: 'Connect and the service tells you your flag.',
      flagTemplate: 'flag{[GUID]}',
      containerImage: FLAG_IMAGE,
      exposePort: FLAG_PORT,
      memoryLimit: 64,
      cpuCount: 5,
      isEnabled: true,
    });

    // The organiser's test instance goes through the no-instance proxy path.
    await admin.goto(`/admin/games/${gameId}/challenges/${challengeId}`);
    await admin.getByRole('button', { name: en('containers.test.start') }).click();
    const address = admin.getByTestId('instance-address');
    await expect
      .poll(async () => (await address.textContent()) ?? '', { timeout: 60_000 })
      .toMatch(/^ws:\/\/.+\/api\/proxy\/noinst\/[0-9a-f-]{36}$/);
    expect(await readThroughProxy((await address.textContent()) ?? '')).toMatch(/^flag\{.+\}$/);
    await screenshot(admin, 'containers-editor-desktop');
    await admin.getByRole('button', { name: en('containers.test.stop') }).click();
    await admin.getByRole('button', { name: en('containers.test.start') }).waitFor({ timeout: 30_000 });
    // Capture is switched on only now, so the capture the monitor reads later is the team's alone.
    await api(admin, 'PUT', `/api/edit/games/${gameId}/challenges/${challengeId}`, { enableTrafficCapture: true });
  });

  it('gives a challenge two services in the editor, refused until valid, kept after a reload', async () => {
    // A challenge of its own, left disabled: the players' instances below stay single-image.
    const created = await api<{ id: number }>(admin, 'POST', `/api/edit/games/${gameId}/challenges`, {
      title: 'Notes Vault',
      category: 'Web',
      type: 'StaticContainer',
    });
    const detail = `/api/edit/games/${gameId}/challenges/${created.id}`;
    await admin.emulateMedia({ colorScheme: 'dark' });
    await admin.goto(`/admin/games/${gameId}/challenges/${created.id}`);
    const editor = servicesEditor(admin);
    await editor.section.getByText(en('adminGames.services.emptyHint')).waitFor();
    const web = await editor.add('web', 'registry.example/notes-web:1', '8080');
    await editor.addEnv(web, 'BACKEND', 'http://vault:9000');
    const vault = await editor.add('web', 'registry.example/notes-vault:1', '9000');
    await vault
      .getByRole('switch', { name: new RegExp(`^${en('adminGames.services.dynamicFlag')}`) })
      .check({ force: true });
    const save = admin.getByRole('button', { name: en('adminGames.save'), exact: true });

    // Two services named alike: the form says so and sends nothing.
    await save.click();
    await vault.getByText(en('adminGames.services.errors.nameTaken')).waitFor();
    expect((await api<{ services?: unknown[] }>(admin, 'GET', detail)).services ?? []).toEqual([]);

    await editor.field(vault, 'name').fill('vault');
    await save.click();
    await admin.getByText(en('adminGames.challenge.saved')).first().waitFor();
    expect((await api<{ services: unknown[] }>(admin, 'GET', detail)).services).toMatchObject([
      { name: 'web', entry: true, ports: [8080], env: [{ name: 'BACKEND', value: 'http://vault:9000' }] },
      { name: 'vault', entry: false, ports: [9000], dynamicFlag: true },
    ]);

    await admin.reload();
    // Both boxes back from the server; on a loaded CI machine the reload and its read can take a while.
    await expect.poll(() => editor.section.getByRole('group').count(), { timeout: 60_000 }).toBe(2);
    expect(await editor.field(editor.service(2), 'name').inputValue()).toBe('vault');
    expect(await editor.field(editor.service(1), 'envValue').inputValue()).toBe('http://vault:9000');
    await screenshotContainerSection(admin, 'challenge-services');
  });
});

describe('the player', () => {
  it('registers this site with the local wsrx daemon, which approves it', async () => {
    const context = await newContext(session.browser, session.platform.url);
    await context.addInitScript((api) => {
      localStorage.setItem('wsrx-options', JSON.stringify({ api, allowLan: false, enabled: true }));
    }, daemon.api);
    player = await context.newPage();
    player.on('pageerror', (error) => session.pageErrors.push(error.message));
    await player.goto('/');
    const userName = uniqueUserName('c');
    teamName = `Team ${userName}`;
    await api(player, 'POST', '/api/account/register', { userName, password, email: `${userName}@example.org` });
    const team = await api<{ id: number }>(player, 'POST', '/api/team', { name: teamName });
    await api(player, 'POST', `/api/game/${gameId}`, { teamId: team.id });

    await player.goto(`/games/${gameId}/challenges`);
    await expect.poll(() => wsrxStateLabel(player), { timeout: 10_000 }).toContain(en('wsrx.state.pending'));
    const paths = daemon.calls.map((call) => `${call.method} ${call.path}`);
    expect(paths.slice(0, 3)).toEqual(['GET /version', 'GET /connect', 'POST /connect']);
    const host = new URL(session.platform.url).host;
    expect(daemon.calls.find((call) => call.method === 'POST' && call.path === '/connect')?.body).toEqual({
      name: 'Flagpole::CTF',
      features: ['basic', 'pingfall'],
      host,
      state: 'pending',
    });

    daemon.approveAll();
    await expect.poll(() => wsrxStateLabel(player), { timeout: 10_000 }).toContain(en('wsrx.state.usable'));
    await player.getByRole('button', { name: new RegExp(`^${en('wsrx.title')}: `) }).click();
    await player.getByTestId('wsrx-state').waitFor();
    await screenshot(player, 'containers-wsrx-popover-desktop');
    await player.keyboard.press('Escape');
  });

  it('starts an instance and gets a tunnel to its proxy address from the daemon', async () => {
    await player.getByRole('button', { name: `Open challenge ${CHALLENGE}` }).click();
    const dialog = player.getByRole('dialog');
    await dialog.getByRole('button', { name: en('containers.panel.start') }).click();
    const address = dialog.getByTestId('instance-address');
    await expect
      .poll(async () => (await address.textContent()) ?? '', { timeout: 60_000 })
      .toMatch(/^127\.0\.0\.1:\d+$/);
    tunnelAddress = (await address.textContent()) ?? '';

    const added = daemon.calls.find((call) => call.method === 'POST' && call.path === '/pool');
    const body = added?.body as { remote: string; local: string; label: string };
    expect(body.local).toBe('127.0.0.1:0');
    expect(body.label).toBe(`${CHALLENGE} @ ${GAME}`);
    expect(body.remote).toMatch(
      new RegExp(`^ws://${new URL(session.platform.url).host.replace('.', '\\.')}/api/proxy/[0-9a-f-]{36}$`),
    );
    proxyAddress = body.remote;

    await dialog.getByRole('button', { name: en('containers.address.showOriginal') }).click();
    await expect.poll(async () => (await address.textContent()) ?? '').toBe(proxyAddress);
    await expect.poll(async () => (await dialog.textContent()) ?? '').toMatch(/Stops in \d:\d\d/);
    await screenshot(player, 'containers-panel-desktop');
    await player.setViewportSize({ width: 390, height: 844 });
    await screenshot(player, 'containers-panel-phone');
    await player.setViewportSize({ width: 1280, height: 800 });
  });

  it('reads the flag through the platform proxy and through the tunnel, submits it and scores', async () => {
    flag = await readThroughProxy(proxyAddress);
    expect(flag).toMatch(/\S{8,}/);
    expect(await readThroughTunnel(tunnelAddress)).toBe(flag);

    const dialog = player.getByRole('dialog');
    await dialog.getByLabel('Flag', { exact: true }).fill(flag);
    await dialog.getByRole('button', { name: 'Submit flag' }).click();
    await player.getByText(en('challenges.submit.result.Accepted.title')).first().waitFor({ timeout: 20_000 });
    const details = await api<{ rank: { score: number } | null }>(player, 'GET', `/api/game/${gameId}/details`);
    expect(details.rank?.score ?? 0).toBeGreaterThan(0);
  });

  it('the admin sees the instance on the Instances page', async () => {
    await admin.goto('/admin/instances');
    await admin.getByText(teamName, { exact: true }).waitFor();
    await admin
      .getByRole('button', { name: en('containers.admin.destroyNamed', { team: teamName, challenge: CHALLENGE }) })
      .waitFor();
    await screenshot(admin, 'containers-admin-instances-desktop');
  });

  it('sees the instance expire and be removed from the engine', async () => {
    const detail = await api<{ context: { closeTime: number | null } }>(
      player,
      'GET',
      `/api/game/${gameId}/challenges/${challengeId}`,
    );
    const closeTime = detail.context.closeTime ?? 0;
    const guid = proxyAddress.split('/').pop() ?? '';
    expect(await containersWithLabel(`flagpole.instance=${guid}`)).toHaveLength(1);
    const dialog = player.getByRole('dialog');
    await dialog.getByRole('button', { name: en('containers.panel.start') }).waitFor({ timeout: 120_000 });
    expect(Date.now()).toBeGreaterThanOrEqual(closeTime - 1000);
    await expect.poll(() => containersWithLabel(`flagpole.instance=${guid}`), { timeout: 20_000 }).toHaveLength(0);
  }, 150_000);

  it('in a start storm, another team’s start shows its place in line and then its address', async () => {
    const late = await joinedPlayer('late');
    await late.page.goto(`/games/${gameId}/challenges`);
    await late.page.getByRole('button', { name: en('challenges.card.open', { title: CHALLENGE }) }).click();
    const dialog = late.page.getByRole('dialog');
    const start = dialog.getByRole('button', { name: en('containers.panel.start') });
    await start.waitFor();

    // Three other teams start first. Each engine start now takes a few seconds, and only one runs at a time,
    // so the others wait in line, and the late team's start behind them.
    const others = await Promise.all(['s1', 's2', 's3'].map((prefix) => joinedPlayer(prefix)));
    stormTeams = others.map(({ team }) => team);
    dockerDelay.setCreateDelay(4000);
    let position = 0;
    try {
      for (const { page } of others) await api(page, 'POST', `/api/game/${gameId}/container/${challengeId}`);
      await start.click();
      const queued = dialog.getByText(textPattern('en-US', 'containers.panel.queued'));
      await queued.waitFor();
      position = Number(/\d+/.exec((await queued.textContent()) ?? '')?.[0]);
      await screenshot(late.page, 'containers-panel-queued');
    } finally {
      dockerDelay.setCreateDelay(0);
    }
    expect(position).toBeGreaterThanOrEqual(2);

    const address = dialog.getByTestId('instance-address');
    await expect
      .poll(async () => (await address.textContent()) ?? '', { timeout: 90_000 })
      .toMatch(/^ws:\/\/.+\/api\/proxy\/[0-9a-f-]{36}$/);
    lateInstance = { team: late.team, guid: ((await address.textContent()) ?? '').split('/').pop() ?? '' };
  }, 150_000);

  it('the admin destroys an instance on the Instances page; the engine removes it', async () => {
    expect(await containersWithLabel(`flagpole.instance=${lateInstance.guid}`)).toHaveLength(1);
    await admin.goto('/admin/instances');
    const destroy = admin.getByRole('button', {
      name: en('containers.admin.destroyNamed', { team: lateInstance.team, challenge: CHALLENGE }),
    });
    await destroy.click();
    const confirm = admin.getByRole('dialog', { name: en('containers.admin.destroyTitle') });
    await confirm
      .getByText(en('containers.admin.destroyConfirm', { team: lateInstance.team, challenge: CHALLENGE }))
      .waitFor();
    await confirm.getByRole('button', { name: en('containers.admin.destroy') }).click();
    await admin.getByText(en('containers.admin.destroyed')).waitFor();
    await destroy.waitFor({ state: 'detached' });
    expect(await admin.getByText(lateInstance.team, { exact: true }).count()).toBe(0);
    await expect
      .poll(() => containersWithLabel(`flagpole.instance=${lateInstance.guid}`), { timeout: 20_000 })
      .toHaveLength(0);

    // The storm's other instances go the same way, so none outlives this platform on the shared engine.
    const { data } = await api<{ data: Array<{ containerGuid: string; team: { name: string } | null }> }>(
      admin,
      'GET',
      '/api/admin/instances',
    );
    const stormGuids = data
      .filter((item) => stormTeams.includes(item.team?.name ?? ''))
      .map((item) => item.containerGuid);
    expect(stormGuids).toHaveLength(stormTeams.length);
    for (const guid of stormGuids) await api(admin, 'DELETE', `/api/admin/instances/${guid}`);
    for (const guid of stormGuids) {
      await expect.poll(() => containersWithLabel(`flagpole.instance=${guid}`), { timeout: 20_000 }).toHaveLength(0);
    }
  });
});

describe('a monitor', () => {
  it('finds the capture on the Traffic page, downloads it, and tshark reads the flag in it', async () => {
    // A user the admin made a Monitor, not the admin: the page and the download are for that role.
    const monitor = await (await newContext(session.browser, session.platform.url)).newPage();
    monitor.on('pageerror', (error) => session.pageErrors.push(error.message));
    await monitor.goto('/');
    const userName = uniqueUserName('m');
    await api(monitor, 'POST', '/api/account/register', { userName, password, email: `${userName}@example.org` });
    const { userId } = await api<{ userId: string }>(monitor, 'GET', '/api/account/profile');
    await api(admin, 'PUT', `/api/admin/users/${userId}`, { role: 'Monitor' });

    await monitor.goto(`/games/${gameId}/monitor/traffic`);
    await monitor
      .getByRole('link', { name: new RegExp(CHALLENGE) })
      .or(monitor.getByText(CHALLENGE))
      .first()
      .click();
    await monitor.getByText(teamName).click();
    const download = monitor.getByRole('button', { name: /^Download .+\.pcap$/ }).first();
    await download.waitFor();
    await screenshot(monitor, 'containers-traffic-desktop');
    const [file] = await Promise.all([monitor.waitForEvent('download'), download.click()]);
    const target = path.join(await mkdtemp(path.join(tmpdir(), 'flagpole-capture-')), file.suggestedFilename());
    await file.saveAs(target);
    const { summary, payload } = await readCapture(target);
    expect(summary.trim().split('\n').length).toBeGreaterThan(2);
    expect(payload).toContain(flag);
  });

  it('shows the pages on a phone too', async () => {
    const phone = await (await newContext(session.browser, session.platform.url, { mobile: true })).newPage();
    await phone.context().addCookies(await admin.context().cookies());
    await phone.goto(`/games/${gameId}/monitor/traffic`);
    await phone.getByText(CHALLENGE).first().waitFor();
    await screenshot(phone, 'containers-traffic-phone');
    await phone.goto('/admin/instances');
    await phone.getByText(en('containers.admin.title')).first().waitFor();
    await screenshot(phone, 'containers-admin-instances-phone');
  });
});

describe('the monitor events page', () => {
  it('hides container events with its switch and shows them again', async () => {
    await admin.goto(`/games/${gameId}/monitor/events`);
    const rows = admin.getByRole('table', { name: en('monitor.tabs.events') }).locator('tbody tr');
    const typeCell = (type: string) =>
      admin.locator('td:nth-child(2)').getByText(en(`monitor.eventType.${type}`), { exact: true });
    const started = rows.filter({ has: typeCell('ContainerStart') });
    const destroyed = rows.filter({ has: typeCell('ContainerDestroy') });
    const flags = rows.filter({ has: typeCell('FlagSubmit') });
    await started.first().waitFor();
    await destroyed.first().waitFor();
    await flags.first().waitFor();
    const chips = admin.getByRole('group', { name: en('monitor.events.filter') });
    const toggle = admin.getByRole('switch', { name: en('monitor.events.hideContainer') });

    await toggle.check({ force: true });
    await expect.poll(() => started.count()).toBe(0);
    expect(await destroyed.count()).toBe(0);
    await flags.first().waitFor();
    expect(await chips.getByText(en('monitor.eventType.ContainerStart'), { exact: true }).count()).toBe(0);
    await screenshot(admin, 'monitor-events-no-containers');

    await toggle.uncheck({ force: true });
    await started.first().waitFor();
    await chips.getByText(en('monitor.eventType.ContainerStart'), { exact: true }).waitFor();
  });
});

describe('an old daemon', () => {
  it('gets an orange version-mismatch notification', async () => {
    daemon.setVersion('0.3.1');
    const context = await newContext(session.browser, session.platform.url);
    await context.addCookies(await player.context().cookies());
    await context.addInitScript((api) => {
      localStorage.setItem('wsrx-options', JSON.stringify({ api, allowLan: false, enabled: true }));
    }, daemon.api);
    const page = await context.newPage();
    await page.goto(`/games/${gameId}/challenges`);
    await page.getByText(en('wsrx.notices.versionMismatch')).waitFor();
    await page.getByText(en('wsrx.messages.versionTooLow')).waitFor();
    daemon.setVersion('0.5.5');
  });

  it('left no page errors', () => {
    expect(session.pageErrors).toEqual([]);
  });
});
