import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { type Platform, startPlatform } from '../../../e2e/src/platform';
import { runCli, Session } from './support/server';

/*
 * The command as organisers run it (bin/flagpole.js as a child process) against the built server with a fresh
 * embedded database, syncing the example repository (examples/challenges: every ctfcli field, Flagpole's own
 * block, one noCTF file). The tests share one server and one game and run in order, each building on the last.
 */

const examples = path.resolve(import.meta.dirname, '../../../examples/challenges');
const password = 'Player-cli-1';

let platform: Platform;
let admin: Session;
let work: string;
let repo: string;
let env: Record<string, string>;
let game: number;

interface Detail {
  id: number;
  title: string;
  type: string;
  content: string;
  hints: string[];
  isEnabled: boolean;
  acceptedCount: number;
  flags: { id: number; flag: string; matchType: string }[];
  attachment: { type: string; url: string | null } | null;
  originalScore: number;
  minScoreRate: number;
  difficulty: number;
  disableBloodBonus: boolean | null;
  deadlineUtc: number | null;
  releaseUtc: number | null;
  flagTemplate: string | null;
  exposePort: number | null;
  networkMode: string | null;
}

async function challenges(): Promise<Detail[]> {
  const list = await admin.call<{ id: number }[]>('GET', `/api/edit/games/${game}/challenges`);
  return Promise.all(list.map(({ id }) => admin.call<Detail>('GET', `/api/edit/games/${game}/challenges/${id}`)));
}
const byTitle = async (title: string) => {
  const found = (await challenges()).find((c) => c.title === title);
  if (!found) throw new Error(`no challenge "${title}"`);
  return found;
};
const flagpole = (...args: string[]) => runCli(args, env, work);

beforeAll(async () => {
  // The suite's few hundred calls a minute would meet the per-user limit; test/remote.test.ts covers the waiting.
  platform = await startPlatform({ RATE_LIMIT_USER_PER_MINUTE: '100000' });
  admin = new Session(platform.url);
  await admin.signIn('admin', platform.adminPassword);
  const { token } = await admin.call<{ token: string }>('POST', '/api/tokens', { name: 'cli tests', expiresIn: 0 });
  const now = Date.now();
  game = (
    await admin.call<{ id: number }>('POST', '/api/edit/games', {
      title: 'CLI Cup',
      start: now - 3_600_000,
      end: now + 86_400_000,
    })
  ).id;
  work = mkdtempSync(path.join(tmpdir(), 'flagpole-cli-e2e-'));
  repo = path.join(work, 'repo');
  cpSync(examples, repo, { recursive: true });
  env = { FLAGPOLE_URL: platform.url, FLAGPOLE_TOKEN: token, FLAGPOLE_CONFIG_DIR: path.join(work, 'config') };
});

afterAll(async () => {
  await platform?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('flagpole against the built server', () => {
  it('whoami and games say what the token reaches', async () => {
    const whoami = await flagpole('whoami', '--json');
    expect(whoami.code).toBe(0);
    expect(JSON.parse(whoami.stdout)).toMatchObject({ userName: 'admin', role: 'Admin', canEdit: true });
    const games = await flagpole('games');
    expect(games.code).toBe(0);
    expect(games.stdout).toContain('CLI Cup');
  });

  it('rehearse is refused by a server without REHEARSAL=true, saying so, and registers nobody', async () => {
    const args = ['--game', String(game), '--teams', '2', '--minutes', '0', '--report', 'never.html'];
    const result = await flagpole('rehearse', ...args);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('refused: Rehearsals are turned off on this server: set REHEARSAL=true');
    expect(existsSync(path.join(work, 'never.html'))).toBe(false);
  });

  it('shows the plan with --dry-run (exit 2), notes every skipped field, changes nothing', async () => {
    const result = await flagpole('sync', 'repo', '--game', String(game), '--dry-run');
    expect(result.code).toBe(2);
    expect(result.stdout).toContain('6 to create');
    expect(result.stdout).toMatch(/\+ create\s+Cookie Jar/);
    expect(result.stdout).toContain('author: no Flagpole counterpart: skipped');
    // ctfcli's scheduled_at is the challenge's release time: mapped, not noted.
    expect(result.stdout).not.toContain('scheduled_at');
    // A hint with a cost is a locked Points hint; requirements are prerequisites: nothing skipped about them.
    expect(result.stdout).toContain('locked hint added: Second hint (Points 50)');
    expect(result.stdout).not.toContain('hints.1.cost');
    expect(result.stdout).not.toContain('requirements: no Flagpole counterpart');
    expect(await challenges()).toEqual([]);
  });

  it('refuses to apply without --yes when not on a terminal', async () => {
    const result = await flagpole('sync', 'repo', '--game', String(game));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('pass --yes');
    expect(await challenges()).toEqual([]);
  });

  it('syncs every challenge of the repository, then a second run changes nothing', async () => {
    const first = await flagpole('sync', 'repo', '--game', String(game), '--yes');
    expect(first.stderr).toContain('uploading');
    expect(first.code).toBe(0);
    const jar = await byTitle('Cookie Jar');
    expect(jar).toMatchObject({
      type: 'StaticAttachment',
      isEnabled: true,
      originalScore: 500,
      disableBloodBonus: false,
    });
    expect(jar.minScoreRate).toBeCloseTo(0.2);
    expect(jar.deadlineUtc).toBe(Date.parse('2030-01-01T00:00:00+02:00'));
    expect(jar.hints).toEqual(['Look at what the server sets, not what it says.']);
    const locked = await admin.call<{ title: string; content: string; kind: string; cost: number }[]>(
      'GET',
      `/api/edit/games/${game}/challenges/${jar.id}/hints`,
    );
    expect(locked.map((h) => [h.title, h.content, h.kind, h.cost])).toEqual([
      ['Second hint', 'The signature covers the value, not the name.', 'Points', 50],
    ]);
    const sanity = await byTitle('Sanity Check');
    // ctfcli's list of names: all of them, hidden until solved; `anonymize: true`: listed locked.
    expect((jar as Detail & { prerequisites: unknown }).prerequisites).toEqual({
      challengeIds: [sanity.id],
      count: null,
      hidden: true,
    });
    expect(((await byTitle('RSA Warm-up')) as Detail & { prerequisites: unknown }).prerequisites).toEqual({
      challengeIds: [sanity.id],
      count: null,
      hidden: false,
    });
    expect(jar.flags.map((f) => [f.flag, f.matchType]).sort()).toEqual([
      ['FLAG{COOKIES_ARE_TASTY}', 'IgnoreCase'],
      ['flag{c00kies_4re_t4sty}', 'Exact'],
    ]);
    expect(jar.attachment?.type).toBe('Local');
    const echo = await byTitle('Echo Chamber');
    expect(echo).toMatchObject({
      type: 'DynamicContainer',
      isEnabled: false,
      flagTemplate: 'flag{echo_[TEAM_HASH]}',
      exposePort: 1337,
      networkMode: 'Isolated',
      disableBloodBonus: true,
    });
    expect((await byTitle('RSA Warm-up')).flags.map((f) => f.matchType).sort()).toEqual(['Regex', 'RegexIgnoreCase']);
    expect((await byTitle('RSA Warm-up')).releaseUtc).toBe(Date.parse('2030-01-01T10:00:00+02:00'));
    expect(await byTitle('Keygen')).toMatchObject({
      attachment: { type: 'Remote', url: 'https://downloads.example/keygen.bin' },
    });
    expect(await byTitle('Where Is It')).toMatchObject({ isEnabled: true, originalScore: 500 });

    const second = await flagpole('sync', 'repo', '--game', String(game), '--yes');
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('Nothing to change');
    expect(second.stderr).not.toContain('uploading');
    expect((await flagpole('sync', 'repo', '--game', String(game), '--dry-run')).code).toBe(0);
    expect((await flagpole('verify', 'repo', '--game', String(game))).code).toBe(0);
  });

  it('syncs an edit in place: same challenge, kept flag and solve, new attachment uploaded once', async () => {
    const player = new Session(platform.url);
    await player.register(`p${Date.now().toString(36).slice(-8)}`, password);
    const team = await player.call<{ id: number }>('POST', '/api/team', { name: 'Syncers' });
    await player.call('POST', `/api/game/${game}`, { teamId: team.id });
    const [entry] = await admin.call<{ id: number }[]>('GET', `/api/game/${game}/participations`);
    await admin.call('PUT', `/api/admin/participation/${entry?.id}`, { status: 'Accepted' });
    const before = await byTitle('Cookie Jar');
    // Cookie Jar requires Sanity Check (its `requirements`): hidden from the team until it solves that one.
    const sanity = await byTitle('Sanity Check');
    await player.call('POST', `/api/game/${game}/challenges/${sanity.id}`, { flag: 'flag{welcome}' });
    let open = false;
    for (let tries = 0; tries < 100 && !open; tries++) {
      const details = await player.call<{ challenges: Record<string, { id: number }[]> }>(
        'GET',
        `/api/game/${game}/details`,
      );
      open = Object.values(details.challenges).some((list) => list.some((c) => c.id === before.id));
      if (!open) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(open).toBe(true);
    const submission = await player.call<number>('POST', `/api/game/${game}/challenges/${before.id}`, {
      flag: 'flag{c00kies_4re_t4sty}',
    });
    let verdict = 'FlagSubmitted';
    for (let tries = 0; tries < 100 && verdict === 'FlagSubmitted'; tries++) {
      verdict = await player.call<string>('GET', `/api/game/${game}/challenges/${before.id}/status/${submission}`);
      if (verdict === 'FlagSubmitted') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(verdict).toBe('Accepted');

    const file = path.join(repo, 'web-cookie-jar/challenge.yml');
    const text = readFileSync(file, 'utf8')
      .replace('only the admin', 'only the administrator')
      .replace('content: FLAG{COOKIES_ARE_TASTY}', 'content: FLAG{COOKIES_ARE_CRUNCHY}');
    writeFileSync(file, text);
    writeFileSync(path.join(repo, 'web-cookie-jar/files/cookie-jar.zip'), 'PK\u0003\u0004 a new version of the jar\n');

    const dry = await flagpole('sync', 'repo', '--game', String(game), '--dry-run', '--json');
    expect(dry.code).toBe(2);
    const plan = JSON.parse(dry.stdout);
    const step = plan.steps.find((s: { title: string }) => s.title === 'Cookie Jar');
    expect(step).toMatchObject({
      action: 'update',
      id: before.id,
      addFlags: [{ flag: 'FLAG{COOKIES_ARE_CRUNCHY}', matchType: 'IgnoreCase' }],
    });
    expect(step.changes.map((c: { field: string }) => c.field)).toEqual(['content']);
    expect(step.removeFlags.map((f: { flag: string }) => f.flag)).toEqual(['FLAG{COOKIES_ARE_TASTY}']);
    expect(step.attachment.kind).toBe('upload');
    expect(plan.steps.filter((s: { action: string }) => s.action === 'unchanged')).toHaveLength(5);

    const applied = await flagpole('sync', 'repo', '--game', String(game), '--yes');
    expect(applied.code).toBe(0);
    expect(applied.stderr.match(/uploading/g)).toHaveLength(1);
    const after = await byTitle('Cookie Jar');
    expect(after.id).toBe(before.id);
    expect(after.content).toContain('only the administrator');
    const kept = before.flags.find((f) => f.flag === 'flag{c00kies_4re_t4sty}');
    expect(after.flags.find((f) => f.flag === 'flag{c00kies_4re_t4sty}')?.id).toBe(kept?.id);
    expect(after.attachment?.url).not.toBe(before.attachment?.url);
    const details = await player.call<{ challenges: Record<string, { id: number; solved: number }[]> }>(
      'GET',
      `/api/game/${game}/details`,
    );
    const solved = Object.values(details.challenges)
      .flat()
      .find((c) => c.id === before.id);
    expect(solved?.solved).toBe(1);
    expect((await flagpole('sync', 'repo', '--game', String(game), '--dry-run')).code).toBe(0);
  });

  it('verify exits 2 and prints the drift when the game was edited on the server', async () => {
    const rsa = await byTitle('RSA Warm-up');
    await admin.call('PUT', `/api/edit/games/${game}/challenges/${rsa.id}`, {
      content: 'Edited in the browser.',
      originalScore: 250,
    });
    const result = await flagpole('verify', 'repo', '--game', String(game));
    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(/~ update\s+RSA Warm-up/);
    expect(result.stdout).toContain('originalScore: 250 → 200');
    expect(result.stdout).toContain('content: "Edited in the browser."');
    expect((await flagpole('sync', 'repo', '--game', String(game), '--yes')).code).toBe(0);
    expect((await flagpole('verify', 'repo', '--game', String(game))).code).toBe(0);
  });

  it('deletes a challenge the folder no longer has only with --prune', async () => {
    rmSync(path.join(repo, 'misc-sanity'), { recursive: true });
    // Two others require Sanity Check: they now require Keygen instead (export then writes that back by name).
    for (const folder of ['web-cookie-jar', 'crypto-rsa-warmup']) {
      const file = path.join(repo, folder, 'challenge.yml');
      writeFileSync(file, readFileSync(file, 'utf8').replace(/(- |\[)Sanity Check/, '$1Keygen'));
    }
    const kept = await flagpole('sync', 'repo', '--game', String(game), '--yes');
    expect(kept.code).toBe(0);
    expect(kept.stdout).toMatch(/not in the folder.*Sanity Check/);
    expect((await challenges()).map((c) => c.title)).toContain('Sanity Check');
    const drift = await flagpole('verify', 'repo', '--game', String(game));
    expect(drift.code).toBe(2);
    expect(drift.stdout).toMatch(/- only in the game\s+Sanity Check/);
    const pruned = await flagpole('sync', 'repo', '--game', String(game), '--prune', '--yes');
    expect(pruned.code).toBe(0);
    expect(pruned.stdout).toMatch(/- delete\s+Sanity Check/);
    expect((await challenges()).map((c) => c.title)).not.toContain('Sanity Check');
  });

  it('exports the game as a folder that syncs back with no change', async () => {
    const result = await flagpole('export', '--game', String(game), 'exported');
    expect(result.code).toBe(0);
    expect(readFileSync(path.join(work, 'exported/cookie-jar/files/cookie-jar.zip'), 'utf8')).toContain(
      'a new version',
    );
    // The locked hint and the prerequisite come back as ctfcli fields.
    const jar = readFileSync(path.join(work, 'exported/cookie-jar/challenge.yml'), 'utf8');
    expect(jar).toContain('title: Second hint');
    expect(jar).toContain('cost: 50');
    expect(jar).toMatch(/requirements:\n {2}prerequisites:\n {4}- Keygen\n {2}anonymize: false/);
    expect((await flagpole('lint', 'exported')).code).toBe(0);
    const again = await flagpole('sync', 'exported', '--game', String(game), '--dry-run');
    expect(again.stdout).toContain('Nothing to change');
    expect(again.code).toBe(0);
  });

  it('maps flagpole.phase to the game phase of that title in sync, verify and export', async () => {
    const week = await admin.call<{ id: number }>('POST', `/api/edit/games/${game}/phases`, {
      title: 'Week 1',
      start: Date.now(),
    });
    const file = path.join(work, 'exported/cookie-jar/challenge.yml');
    const yaml = parse(readFileSync(file, 'utf8'));
    writeFileSync(file, stringify({ ...yaml, flagpole: { ...yaml.flagpole, phase: 'Week 1' } }));
    expect((await flagpole('lint', 'exported')).code).toBe(0);
    const drift = await flagpole('verify', 'exported', '--game', String(game));
    expect(drift.code).toBe(2);
    expect((await flagpole('sync', 'exported', '--game', String(game), '--yes')).code).toBe(0);
    expect(((await byTitle('Cookie Jar')) as Detail & { phaseId: number | null }).phaseId).toBe(week.id);
    expect((await flagpole('verify', 'exported', '--game', String(game))).code).toBe(0);
    const again = await flagpole('export', '--game', String(game), 'phased');
    expect(again.code).toBe(0);
    expect(parse(readFileSync(path.join(work, 'phased/cookie-jar/challenge.yml'), 'utf8')).flagpole.phase).toBe(
      'Week 1',
    );
    // A title the game does not have is refused before anything changes.
    writeFileSync(file, stringify({ ...yaml, flagpole: { ...yaml.flagpole, phase: 'Week 9' } }));
    const refused = await flagpole('sync', 'exported', '--game', String(game), '--yes');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('flagpole.phase: the game has no phase titled "Week 9"');
    writeFileSync(file, stringify({ ...yaml, flagpole: { ...yaml.flagpole, phase: 'x'.repeat(65) } }));
    expect((await flagpole('lint', 'exported')).code).toBe(1);
    writeFileSync(file, stringify({ ...yaml, flagpole: { ...yaml.flagpole, phase: 'Week 1' } }));
  });

  it("carries ctfcli's healthcheck script with flagpole.healthcheck in sync, verify and export", async () => {
    const file = path.join(work, 'exported/cookie-jar/challenge.yml');
    const yaml = parse(readFileSync(file, 'utf8'));
    const script = '#!/bin/sh\nwget -qO- "http://$FLAGPOLE_TARGET/flag"\n';
    writeFileSync(path.join(work, 'exported/cookie-jar/solve.sh'), script);
    const withCheck = {
      ...yaml,
      healthcheck: 'solve.sh',
      flagpole: { ...yaml.flagpole, healthcheck: { image: 'solver:1', timeout: 30 } },
    };
    writeFileSync(file, stringify(withCheck));
    expect((await flagpole('lint', 'exported')).code).toBe(0);
    const plan = await flagpole('sync', 'exported', '--game', String(game), '--dry-run');
    expect(plan.stdout).toContain('healthCheck: (none) → solver:1, 30 s limit, every 300 s');
    expect((await flagpole('sync', 'exported', '--game', String(game), '--yes')).code).toBe(0);
    const { id } = await byTitle('Cookie Jar');
    const health = await admin.call<{ check: unknown }>('GET', `/api/edit/games/${game}/challenges/${id}/health`);
    expect(health.check).toEqual({
      image: 'solver:1',
      script,
      timeoutSeconds: 30,
      intervalSeconds: 300,
      enabled: true,
    });
    expect((await flagpole('verify', 'exported', '--game', String(game))).code).toBe(0);
    expect((await flagpole('export', '--game', String(game), 'checked')).code).toBe(0);
    const exported = parse(readFileSync(path.join(work, 'checked/cookie-jar/challenge.yml'), 'utf8'));
    expect(exported.healthcheck).toBe('healthcheck.sh');
    expect(exported.flagpole.healthcheck).toEqual({ image: 'solver:1', timeout: 30 });
    expect(readFileSync(path.join(work, 'checked/cookie-jar/healthcheck.sh'), 'utf8')).toBe(script);
    // Without an image the script cannot run anywhere: noted and left alone; null removes the check.
    writeFileSync(file, stringify({ ...yaml, healthcheck: 'solve.sh' }));
    expect((await flagpole('sync', 'exported', '--game', String(game), '--dry-run')).stdout).toContain(
      'healthcheck: runs only with flagpole.healthcheck.image',
    );
    writeFileSync(file, stringify({ ...yaml, flagpole: { ...yaml.flagpole, healthcheck: null } }));
    expect((await flagpole('sync', 'exported', '--game', String(game), '--yes')).code).toBe(0);
    expect(
      (await admin.call<{ check: unknown }>('GET', `/api/edit/games/${game}/challenges/${id}/health`)).check,
    ).toBeNull();
    writeFileSync(file, stringify(yaml));
  });

  it('reports bad files with file, line and column, and changes nothing', async () => {
    const bad = path.join(work, 'bad/one');
    cpSync(path.join(examples, 'misc-sanity'), bad, { recursive: true });
    writeFileSync(path.join(bad, 'challenge.yml'), 'name: Broken\nvalue: many\nflagpole:\n  category: Cooking\n');
    const lint = await flagpole('lint', 'bad');
    expect(lint.code).toBe(1);
    expect(lint.stderr).toContain(`${path.join('bad', 'one', 'challenge.yml')}:2:8: value: must be integer`);
    expect(lint.stderr).toContain(':4:13: flagpole.category:');
    const sync = await flagpole('sync', 'bad', '--game', String(game), '--yes');
    expect(sync.code).toBe(1);
    expect(sync.stderr).toContain(':2:8: value');
  });

  it('refuses a token whose issuer is a player, with a clear message', async () => {
    const name = `o${Date.now().toString(36).slice(-8)}`;
    const organiser = new Session(platform.url);
    await organiser.register(name, password);
    const { userId } = await organiser.call<{ userId: string }>('GET', '/api/account/profile');
    await admin.call('PUT', `/api/admin/users/${userId}`, { role: 'Admin' });
    const { token } = await organiser.call<{ token: string }>('POST', '/api/tokens', { name: 'theirs', expiresIn: 0 });
    await admin.call('PUT', `/api/admin/users/${userId}`, { role: 'User' });
    const result = await runCli(
      ['sync', 'repo', '--game', String(game), '--yes'],
      { ...env, FLAGPOLE_TOKEN: token },
      work,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('whose role is User: editing challenges needs a token issued by an Admin');
  });

  it('syncs a noCTF folder into another game, then finds nothing to change', async () => {
    const other = (
      await admin.call<{ id: number }>('POST', '/api/edit/games', {
        title: 'noCTF Cup',
        start: Date.now(),
        end: Date.now() + 86_400_000,
      })
    ).id;
    const folder = path.join(work, 'noctf');
    cpSync(path.join(examples, 'noctf-osint-where'), path.join(folder, 'where'), { recursive: true });
    const first = await flagpole('sync', 'noctf', '--game', String(other), '--yes', '--json');
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({
      applied: true,
      steps: [{ action: 'create', title: 'Where Is It' }],
    });
    const [created] = await admin.call<{ id: number }[]>('GET', `/api/edit/games/${other}/challenges`);
    const detail = await admin.call<Detail>('GET', `/api/edit/games/${other}/challenges/${created?.id}`);
    expect(detail).toMatchObject({
      isEnabled: true,
      originalScore: 500,
      disableBloodBonus: false,
      hints: ['Look at the street signs.'],
    });
    expect(detail.flags.map((f) => [f.flag, f.matchType]).sort()).toEqual([
      ['flag{HARBOUR}', 'Exact'],
      ['flag{harbour}', 'IgnoreCase'],
    ]);
    expect((await flagpole('verify', 'noctf', '--game', String(other))).code).toBe(0);
  });

  it('answers --help for every command and writes no colour codes when not on a terminal', async () => {
    for (const command of ['sync', 'verify', 'export', 'lint', 'schema', 'games', 'whoami', 'login']) {
      const help = await runCli([command, '--help'], {}, work);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain(`Usage: flagpole ${command}`);
    }
    const top = await runCli(['--help'], {}, work);
    expect(top.stdout).toContain('Commands:');
    const plain = await runCli(['sync', 'repo', '--game', String(game), '--dry-run'], { ...env, NO_COLOR: '' }, work);
    expect(plain.stdout).not.toContain('\u001b[');
    const schema = await runCli(['schema'], {}, work);
    const committed = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '../schema/challenge.schema.json'), 'utf8'),
    );
    expect(JSON.parse(schema.stdout)).toEqual(committed);
    // The built server serves the same schema, for editors' `$schema`.
    expect(await (await fetch(`${platform.url}/api/schemas/challenge.schema.json`)).json()).toEqual(committed);
  });

  it('names the file and field when the server refuses a step, and a rerun after the fix finishes', async () => {
    const folder = path.join(work, 'boxes');
    cpSync(path.join(examples, 'misc-sanity'), path.join(folder, 'box'), { recursive: true });
    const file = path.join(folder, 'box', 'challenge.yml');
    // The test server has no container engine, so enabling a container challenge is refused.
    writeFileSync(file, 'name: Box\nimage: reg.example/box:1\nflags: ["flag{box}"]\nstate: visible\n');
    const refused = await flagpole('sync', 'boxes', '--game', String(game), '--yes');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `${path.join('boxes', 'box', 'challenge.yml')}: state: PUT /api/edit/games/${game}/challenges/`,
    );
    expect(refused.stderr).toContain('run the sync again once fixed');
    const box = await byTitle('Box');
    expect(box).toMatchObject({ type: 'StaticContainer', isEnabled: false, flags: [{ flag: 'flag{box}' }] });
    writeFileSync(file, 'name: Box\nimage: reg.example/box:1\nflags: ["flag{box}"]\nstate: hidden\n');
    const rerun = await flagpole('sync', 'boxes', '--game', String(game), '--yes');
    expect(rerun.stdout).toContain('Nothing to change');
    await admin.call('DELETE', `/api/edit/games/${game}/challenges/${box.id}`);
  });

  it.skipIf(!existsSync('/usr/bin/script'))(
    'asks before applying on a terminal, and a "no" changes nothing',
    async () => {
      const file = path.join(repo, 'crypto-rsa-warmup/challenge.yml');
      writeFileSync(file, readFileSync(file, 'utf8').replace('Small enough.', 'Small enough, really.'));
      const onTerminal = (answer: string) =>
        new Promise<{ code: number | null; output: string }>((resolve, reject) => {
          const command = `${process.execPath} ${path.resolve(import.meta.dirname, '../bin/flagpole.js')} sync repo --game ${game}`;
          // `script` gives the command a pseudo-terminal, as an organiser's shell would.
          const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: work, env: { ...process.env, ...env } });
          let output = '';
          child.stdout.on('data', (chunk: Buffer) => {
            output += chunk.toString();
            if (output.includes('[y/N]') && !child.stdin.writableEnded) child.stdin.end(`${answer}\n`);
          });
          child.once('error', reject);
          child.once('close', (code) => resolve({ code, output }));
        });
      const declined = await onTerminal('n');
      expect(declined.output).toContain('Apply: 0 to create, 1 to update');
      expect(declined.output).toContain('\u001b[33m~ update');
      expect(declined.code).toBe(1);
      expect((await byTitle('RSA Warm-up')).content).not.toContain('really');
      const accepted = await onTerminal('y');
      expect(accepted.code).toBe(0);
      expect((await byTitle('RSA Warm-up')).content).toContain('really');
    },
  );

  it('login saves the credentials the other commands then use', async () => {
    const login = await runCli(
      ['login', '--url', platform.url, '--token', env.FLAGPOLE_TOKEN ?? ''],
      { FLAGPOLE_CONFIG_DIR: env.FLAGPOLE_CONFIG_DIR ?? '' },
      work,
    );
    expect(login.code).toBe(0);
    const whoami = await runCli(
      ['whoami'],
      { FLAGPOLE_CONFIG_DIR: env.FLAGPOLE_CONFIG_DIR ?? '', FLAGPOLE_URL: '', FLAGPOLE_TOKEN: '' },
      work,
    );
    expect(whoami.stdout).toContain('admin (Admin)');
  });
});
