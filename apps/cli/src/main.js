// @ts-check
// `flagpole`: keeps a Flagpole game in step with a folder of challenge files. Exit status: 0 done, 1 error,
// 2 when `sync --dry-run` or `verify` finds the game differs from the folder.
import { parseArgs } from 'node:util';
import { runExport, runGames, runLint, runLogin, runSchema, runSync, runWhoami } from './commands.js';
import { HELP, USAGE } from './help.js';
import { runRehearse } from './rehearse/command.js';

/** Options every command accepts, and each command's own. */
const COMMON = /** @type {const} */ ({
  url: { type: 'string' },
  token: { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
});
const OPTIONS = /** @type {const} */ ({
  sync: {
    ...COMMON,
    game: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    prune: { type: 'boolean', default: false },
    yes: { type: 'boolean', short: 'y', default: false },
  },
  verify: { ...COMMON, game: { type: 'string' }, prune: { type: 'boolean', default: false } },
  export: { ...COMMON, game: { type: 'string' } },
  lint: { ...COMMON },
  schema: { ...COMMON, format: { type: 'string', default: 'ctfcli' } },
  games: { ...COMMON },
  whoami: { ...COMMON },
  login: { ...COMMON },
  rehearse: {
    ...COMMON,
    game: { type: 'string' },
    teams: { type: 'string' },
    minutes: { type: 'string' },
    ramp: { type: 'string' },
    think: { type: 'string' },
    planned: { type: 'string' },
    report: { type: 'string' },
    'metrics-token': { type: 'string' },
  },
});

export class UsageError extends Error {}

/** @param {string[]} argv @returns {Promise<number>} exit status */
export async function main(argv) {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(USAGE);
    return command ? 0 : 1;
  }
  if (command === '--version' || command === '-v') {
    process.stdout.write('flagpole 0.1.0\n');
    return 0;
  }
  if (!(command in OPTIONS)) {
    process.stderr.write(`flagpole: unknown command "${command}"\n\n${USAGE}`);
    return 1;
  }
  const name = /** @type {keyof typeof OPTIONS} */ (command);
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: OPTIONS[name], allowPositionals: true, strict: true });
  } catch (error) {
    process.stderr.write(`flagpole ${name}: ${/** @type {Error} */ (error).message}\n\n${HELP[name]}`);
    return 1;
  }
  const values = /** @type {Record<string, any>} */ (parsed.values);
  if (values.help) {
    process.stdout.write(HELP[name]);
    return 0;
  }
  try {
    switch (name) {
      case 'sync':
      case 'verify':
        return await runSync(name, oneFolder(parsed.positionals), values);
      case 'export':
        return await runExport(oneFolder(parsed.positionals), values);
      case 'lint':
        return runLint(oneFolder(parsed.positionals), values);
      case 'schema':
        return runSchema(values);
      case 'games':
        return await runGames(values);
      case 'whoami':
        return await runWhoami(values);
      case 'login':
        return await runLogin(values);
      case 'rehearse':
        return await runRehearse(values, (line) => process.stderr.write(`${line}\n`));
    }
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`flagpole ${name}: ${error.message}\n\n${HELP[name]}`);
      return 1;
    }
    const message = error instanceof Error ? error.message : String(error);
    if (values.json) process.stdout.write(`${JSON.stringify({ error: message })}\n`);
    process.stderr.write(`flagpole ${name}: ${message}\n`);
    return 1;
  }
  return 1;
}

/** @param {string[]} positionals */
function oneFolder(positionals) {
  if (positionals.length !== 1) throw new UsageError(`expects one folder, got ${positionals.length}`);
  return /** @type {string} */ (positionals[0]);
}
