#!/usr/bin/env node
// Merges translation keys from a draft file into the locale files, so that several people (or
// helpers) working at once never overwrite each other's keys by rewriting a whole file.
// Usage: flock /tmp/flagpole-locales.lock node scripts/merge-locale-keys.mjs <draft.json> [web|server]
// The draft maps a language to its keys: { "en-US": { "admin": { "users": { "title": "Users" } } }, ... }
// (nested objects for the web application, flat dotted keys for the server's catalogue).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const [draftPath, target = 'web'] = process.argv.slice(2);
if (!draftPath || !['web', 'server'].includes(target)) {
  console.error('usage: merge-locale-keys.mjs <draft.json> [web|server]');
  process.exit(2);
}
const directory = path.join(root, target === 'web' ? 'apps/web/src/locales' : 'apps/server/src/i18n/locales');
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

function deepMerge(into, from) {
  for (const [key, value] of Object.entries(from)) {
    into[key] = isObject(value) && isObject(into[key]) ? deepMerge(into[key], value) : value;
  }
  return into;
}

const draft = JSON.parse(readFileSync(draftPath, 'utf8'));
for (const [language, keys] of Object.entries(draft)) {
  const file = path.join(directory, `${language}.json`);
  const current = JSON.parse(readFileSync(file, 'utf8'));
  writeFileSync(file, `${JSON.stringify(deepMerge(current, keys), null, 2)}\n`);
  console.log(`${language}: merged`);
}
