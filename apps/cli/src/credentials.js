// @ts-check
// Where the server address and token come from: flags, then environment variables, then what
// `flagpole login` saved (a file readable by its owner only).
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

export function credentialsFile() {
  const dir =
    process.env.FLAGPOLE_CONFIG_DIR ??
    path.join(process.env.XDG_CONFIG_HOME ?? path.join(homedir(), '.config'), 'flagpole');
  return path.join(dir, 'credentials.json');
}

/** @returns {{ url?: string, token?: string }} */
export function readSaved() {
  try {
    return JSON.parse(readFileSync(credentialsFile(), 'utf8'));
  } catch {
    return {};
  }
}

/** @param {{ url: string, token: string }} credentials */
export function save(credentials) {
  const file = credentialsFile();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}

/** @param {{ url?: string, token?: string }} flags */
export function resolveCredentials(flags) {
  const saved = readSaved();
  const url = flags.url || process.env.FLAGPOLE_URL || saved.url;
  const token = flags.token || process.env.FLAGPOLE_TOKEN || saved.token;
  if (!url) throw new Error('no server: pass --url, set FLAGPOLE_URL, or run `flagpole login`');
  if (!token)
    throw new Error(
      'no API token: pass --token, set FLAGPOLE_TOKEN, or run `flagpole login` (an administrator issues tokens under Admin → API tokens)',
    );
  return { url, token };
}
