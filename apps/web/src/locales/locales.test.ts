import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SUPPORTED_LANGUAGES } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';

const directory = path.dirname(fileURLToPath(import.meta.url));

type Dictionary = { [key: string]: string | Dictionary };

function load(language: string): Dictionary {
  return JSON.parse(readFileSync(path.join(directory, `${language}.json`), 'utf8')) as Dictionary;
}

/** Every leaf as "a.b.c" → value; a non-string leaf is reported as such. */
function flatten(dictionary: Dictionary, prefix = ''): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  for (const [key, value] of Object.entries(dictionary)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [leaf, leafValue] of flatten(value, name)) leaves.set(leaf, leafValue);
    } else leaves.set(name, value);
  }
  return leaves;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.-]+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1] ?? '').sort();
}

const reference = flatten(load('en-US'));

describe.each(SUPPORTED_LANGUAGES.map((language) => [language]))('translation %s', (language) => {
  const leaves = flatten(load(language));

  it('has exactly the keys of en-US', () => {
    expect([...leaves.keys()].sort()).toEqual([...reference.keys()].sort());
  });

  it('has a non-empty text for every key', () => {
    const empty = [...leaves].filter(([, value]) => typeof value !== 'string' || value.trim() === '');
    expect(empty.map(([key]) => key)).toEqual([]);
  });

  it('uses the same interpolation placeholders as en-US', () => {
    const mismatched = [...reference]
      .filter(([key, value]) => {
        const translated = leaves.get(key);
        return typeof value === 'string' && typeof translated === 'string'
          ? placeholders(value).join() !== placeholders(translated).join()
          : false;
      })
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  // Names, loanwords and CTF terms may stay as in English; a language mostly in English is untranslated.
  it.runIf(language !== 'en-US')('is actually translated (at least 85 % of texts differ from en-US)', () => {
    const same = [...reference].filter(([key, value]) => leaves.get(key) === value).length;
    expect(1 - same / reference.size).toBeGreaterThanOrEqual(0.85);
  });
});
