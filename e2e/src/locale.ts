import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from '@flagpole/contract';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const localesDir = path.join(repoRoot, 'apps/web/src/locales');
const serverLocalesDir = path.join(repoRoot, 'apps/server/src/i18n/locales');
type Dictionary = { [key: string]: string | Dictionary };
type Values = Record<string, string | number>;

const dictionaries = new Map<Language, Dictionary>();
function dictionaryOf(language: Language): Dictionary {
  let dictionary = dictionaries.get(language);
  if (!dictionary) {
    dictionary = JSON.parse(readFileSync(path.join(localesDir, `${language}.json`), 'utf8')) as Dictionary;
    dictionaries.set(language, dictionary);
  }
  return dictionary;
}

function lookup(language: Language, key: string): string | undefined {
  let node: string | Dictionary | undefined = dictionaryOf(language);
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** The raw template of a key; with a `count` the plural form the language's rules pick, as i18next does. */
function template(language: Language, key: string, values: Values): string {
  const plural =
    typeof values.count === 'number'
      ? lookup(language, `${key}_${new Intl.PluralRules(language).select(values.count)}`)
      : undefined;
  const found = plural ?? lookup(language, key);
  if (found === undefined) throw new Error(`no text ${key} in ${language}`);
  return found;
}

/** A text of the web application in the given language, by its dotted key, with `{{name}}` values filled in. */
export function text(language: Language, key: string, values: Values = {}): string {
  return template(language, key, values).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/**
 * The same text as a whole-string pattern, for texts with a part the test cannot predict (a formatted time):
 * given values are matched literally, the others match anything.
 */
export function textPattern(language: Language, key: string, values: Values = {}): RegExp {
  const literal = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const source = template(language, key, values)
    .split(/(\{\{\w+\}\})/)
    .map((part) => {
      const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
      if (name === undefined) return literal(part);
      return name in values ? literal(String(values[name])) : '.+';
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/** The tests' browsers run in American English: a text of that locale file. */
export const en = (key: string, values: Values = {}): string => text('en-US', key, values);

/** An error title the server sends in American English (its catalogue is flat, with `{name}` placeholders). */
export function serverEn(key: string, values: Values = {}): string {
  const catalogue = JSON.parse(readFileSync(path.join(serverLocalesDir, 'en-US.json'), 'utf8')) as Record<
    string,
    string
  >;
  const found = catalogue[key];
  if (found === undefined) throw new Error(`no server message ${key}`);
  return found.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}
