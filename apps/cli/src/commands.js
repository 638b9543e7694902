// @ts-check
// One function per command; each returns the exit status and writes its own output.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { applyPlan, readGame } from './apply.js';
import { resolveCredentials, save } from './credentials.js';
import { duplicateNames, toDesired } from './desired.js';
import { exportGame } from './export.js';
import { formatProblem, loadFolder } from './load.js';
import { describePlan, palette, planJson } from './output.js';
import { hasChanges, planSync, summarise } from './plan.js';
import { createClient } from './remote.js';
import { schemaOf } from './schema.js';

const out = (/** @type {string} */ text) => process.stdout.write(`${text}\n`);
const err = (/** @type {string} */ text) => process.stderr.write(`${text}\n`);

/** @param {string} dir */
function assertFolder(dir) {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new Error(`${dir} is not a folder`);
}

/** @param {string | undefined} game */
function gameId(game) {
  if (game === undefined) throw new Error('--game ID is required (see `flagpole games`)');
  if (!/^\d+$/.test(game)) throw new Error(`--game must be a number, not "${game}"`);
  return Number(game);
}

/**
 * Refuses a token whose issuer is not an administrator before anything else is attempted: the edit API is
 * theirs alone, and a clear sentence beats a 403 half-way.
 * @param {import('./remote.js').Client} client
 */
async function requireAdmin(client) {
  const me = await client.profile();
  if (me.role !== 'Admin') {
    throw new Error(
      `this token acts as ${me.userName ?? me.userId}, whose role is ${me.role}: editing challenges needs a token issued by an Admin`,
    );
  }
  return me;
}

/**
 * Loads the folder and turns each file into the state it asks for, gathering every problem and note.
 * @param {string} dir
 */
function mapFolder(dir) {
  assertFolder(dir);
  const { files, problems, count } = loadFolder(dir);
  const wanted = [];
  const notes = [];
  const mapped = [];
  for (const loaded of files) {
    const result = toDesired(loaded);
    problems.push(...result.problems);
    notes.push(...result.notes);
    if (result.desired) mapped.push({ loaded, desired: result.desired });
    if (result.desired && result.problems.length === 0) wanted.push({ file: loaded.file, desired: result.desired });
  }
  problems.push(...duplicateNames(mapped));
  return { files, count, wanted, notes, problems };
}

/** The folder's wanted state for sync, verify and the like; a folder without a challenge file is an error. @param {string} dir */
function readFolder(dir) {
  const { files, wanted, notes, problems } = mapFolder(dir);
  if (files.length === 0 && problems.length === 0) {
    throw new Error(`no challenge.yml or noctf.yaml under ${dir}`);
  }
  return { wanted, notes, problems };
}

/** @param {string} dir @param {Record<string, any>} values */
export function runLint(dir, values) {
  const { problems, count, notes } = mapFolder(dir);
  if (values.json) out(JSON.stringify({ files: count, problems, notes }));
  else {
    for (const problem of problems) err(formatProblem(problem));
    const c = palette(process.stdout);
    const summary = `${count} file(s), ${problems.length} problem(s)`;
    out(problems.length > 0 ? c.red(summary) : c.green(summary));
  }
  return problems.length > 0 ? 1 : 0;
}

/** @param {Record<string, any>} values */
export function runSchema(values) {
  if (values.format !== 'ctfcli' && values.format !== 'noctf') throw new Error('--format is ctfcli or noctf');
  out(JSON.stringify(schemaOf(values.format), null, 2));
  return 0;
}

/**
 * `sync` and `verify`: the same plan; verify never applies it.
 * @param {'sync' | 'verify'} command @param {string} dir @param {Record<string, any>} values
 */
export async function runSync(command, dir, values) {
  const game = gameId(values.game);
  const folder = readFolder(dir);
  if (folder.problems.length > 0) {
    const message = `${folder.problems.length} problem(s) in the folder: nothing was changed`;
    for (const problem of folder.problems) err(formatProblem(problem));
    if (values.json) {
      out(JSON.stringify({ error: message, problems: folder.problems }));
      err(`flagpole ${command}: ${message}`);
      return 1;
    }
    throw new Error(message);
  }
  const client = createClient(resolveCredentials(values));
  await requireAdmin(client);
  await client.game(game);
  const remote = await readGame(client, game);
  const phases = await client.phases(game);
  const plan = planSync(folder.wanted, remote, { prune: command === 'sync' ? values.prune : true, phases });
  plan.notes.unshift(...folder.notes);
  for (const problem of plan.errors) err(`${problem.file}: ${problem.field}: ${problem.message}`);
  if (plan.errors.length > 0) throw new Error(`${plan.errors.length} problem(s): nothing was changed`);

  const c = palette(process.stdout);
  const counts = summarise(plan);
  const summary = `${counts.create} to create, ${counts.update} to update, ${counts.unchanged} unchanged, ${counts.delete} to delete${counts.keep ? `, ${counts.keep} not in the folder` : ''}`;
  const changes = hasChanges(plan);
  if (!values.json) {
    out(
      c.bold(
        `${command === 'verify' ? 'Drift' : 'Plan'} for game ${game} (${folder.wanted.length} challenge file(s) in ${dir}):`,
      ),
    );
    for (const line of describePlan(plan, c, { verify: command === 'verify' })) out(line);
    out('');
  }
  if (command === 'verify') {
    if (values.json) out(JSON.stringify({ game, drift: changes, ...planJson(plan) }));
    else {
      const drift = summary.replace('to delete', 'only in the game');
      out(changes ? c.yellow(`The game differs from the folder: ${drift}.`) : c.green('The game matches the folder.'));
    }
    return changes ? 2 : 0;
  }
  if (!changes) {
    if (values.json) out(JSON.stringify({ game, changed: false, applied: false, ...planJson(plan) }));
    else out(c.green(`Nothing to change: ${summary}.`));
    return 0;
  }
  if (values['dry-run']) {
    if (values.json) out(JSON.stringify({ game, changed: true, applied: false, ...planJson(plan) }));
    else out(c.yellow(`Dry run: ${summary}. Nothing was changed.`));
    return 2;
  }
  if (!values.yes) {
    if (!process.stdin.isTTY) throw new Error('not on a terminal: pass --yes to apply the plan above');
    const rl = createInterface({ input: process.stdin, output: process.stderr });
    const answer = await rl.question(`Apply: ${summary}? [y/N] `);
    rl.close();
    if (!/^y(es)?$/i.test(answer.trim())) {
      out('Nothing was changed.');
      return 1;
    }
  }
  const progress = values.json ? () => {} : (/** @type {string} */ message) => err(c.dim(message));
  await applyPlan(client, game, plan, progress);
  if (values.json) out(JSON.stringify({ game, changed: true, applied: true, ...planJson(plan) }));
  else out(c.green(`Done: ${summary}.`));
  return 0;
}

/** @param {string} dir @param {Record<string, any>} values */
export async function runExport(dir, values) {
  const game = gameId(values.game);
  if (existsSync(dir) && readdirSync(dir).length > 0)
    throw new Error(`${dir} is not empty: export writes into a new or empty folder`);
  const client = createClient(resolveCredentials(values));
  await requireAdmin(client);
  await client.game(game);
  const challenges = await readGame(client, game);
  const progress = values.json ? () => {} : (/** @type {string} */ message) => err(message);
  const files = await exportGame(client, challenges, dir, progress, await client.phases(game));
  if (values.json) out(JSON.stringify({ game, files }));
  else out(`Wrote ${files.length} challenge file(s) under ${dir}.`);
  return 0;
}

/** @param {Record<string, any>} values */
export async function runGames(values) {
  const client = createClient(resolveCredentials(values));
  await requireAdmin(client);
  const games = await client.games();
  if (values.json) {
    out(JSON.stringify(games.map(({ id, title, hidden, start, end }) => ({ id, title, hidden, start, end }))));
    return 0;
  }
  if (games.length === 0) out('No games.');
  for (const game of games) {
    const when = `${new Date(game.start).toISOString()} → ${new Date(game.end).toISOString()}`;
    out(`${String(game.id).padStart(5)}  ${game.title}${game.hidden ? ' (hidden)' : ''}  ${when}`);
  }
  return 0;
}

/** @param {Record<string, any>} values */
export async function runWhoami(values) {
  const credentials = resolveCredentials(values);
  const me = await createClient(credentials).profile();
  const canEdit = me.role === 'Admin';
  if (values.json)
    out(JSON.stringify({ url: credentials.url, userId: me.userId, userName: me.userName, role: me.role, canEdit }));
  else {
    out(`${me.userName ?? me.userId} (${me.role}) on ${credentials.url}`);
    out(
      canEdit
        ? 'This token can sync, verify and export games.'
        : 'This token cannot edit games: sync, verify and export need an Admin token.',
    );
  }
  return 0;
}

/** @param {Record<string, any>} values */
export async function runLogin(values) {
  const url = values.url ?? process.env.FLAGPOLE_URL;
  if (!url) throw new Error('--url is required');
  let token = values.token ?? process.env.FLAGPOLE_TOKEN;
  if (!token && process.stdin.isTTY) {
    const rl = createInterface({ input: process.stdin, output: process.stderr });
    token = (await rl.question('API token: ')).trim();
    rl.close();
  }
  if (!token) throw new Error('--token is required (or FLAGPOLE_TOKEN)');
  const me = await createClient({ url, token }).profile();
  const file = save({ url, token });
  if (values.json) out(JSON.stringify({ saved: file, userName: me.userName, role: me.role }));
  else out(`Logged in to ${url} as ${me.userName ?? me.userId} (${me.role}); saved to ${file}.`);
  return 0;
}
