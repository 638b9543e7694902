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

/**
 * Plural keys differ by language on purpose (`_one`/`_other` in English, `_one`/`_few`/`_many`/`_other` in Russian,
 * `_other` alone in Japanese): keys are compared by their base, and `lib/i18n/locale-plurals.test.ts` checks that
 * each language has the forms its grammar needs.
 */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const baseKeys = (keys: Iterable<string>) =>
  [...new Set([...keys].map((key) => key.replace(PLURAL_SUFFIX, '')))].sort();
/** The English text a translated key answers to: the same key, or for a plural form English lacks, its "other". */
function englishFor(key: string): unknown {
  if (reference.has(key)) return reference.get(key);
  return PLURAL_SUFFIX.test(key) ? reference.get(key.replace(PLURAL_SUFFIX, '_other')) : undefined;
}

describe.each(SUPPORTED_LANGUAGES.map((language) => [language]))('translation %s', (language) => {
  const leaves = flatten(load(language));

  it('has exactly the keys of en-US (plural forms as its grammar needs)', () => {
    expect(baseKeys(leaves.keys())).toEqual(baseKeys(reference.keys()));
  });

  it('has a non-empty text for every key', () => {
    const empty = [...leaves].filter(([, value]) => typeof value !== 'string' || value.trim() === '');
    expect(empty.map(([key]) => key)).toEqual([]);
  });

  it('uses the same interpolation placeholders as en-US', () => {
    // A plural form may write the number out ("Solo: 1 player") instead of {{count}}.
    const compared = (key: string, text: string) =>
      placeholders(text)
        .filter((name) => !(PLURAL_SUFFIX.test(key) && name === 'count'))
        .join();
    const mismatched = [...leaves]
      .filter(([key, translated]) => {
        const english = englishFor(key);
        return typeof english === 'string' && typeof translated === 'string'
          ? compared(key, english) !== compared(key, translated)
          : false;
      })
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  // Names, loanwords and CTF terms may stay as in English; a language mostly in English is untranslated.
  it.runIf(language !== 'en-US')('is actually translated (at least 85 % of texts differ from en-US)', () => {
    const same = [...leaves].filter(([key, value]) => englishFor(key) === value).length;
    expect(1 - same / leaves.size).toBeGreaterThanOrEqual(0.85);
  });
});
