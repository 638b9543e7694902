import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from '@flagpole/contract';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/locales');
type Dictionary = { [key: string]: string | Dictionary };

/** A text of the web application in the given language, by its dotted key. */
export function text(language: Language, key: string): string {
  const dictionary = JSON.parse(readFileSync(path.join(localesDir, `${language}.json`), 'utf8')) as Dictionary;
  let node: string | Dictionary | undefined = dictionary;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no text ${key} in ${language}`);
  return node;
}
