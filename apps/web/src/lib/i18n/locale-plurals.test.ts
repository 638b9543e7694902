import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SUPPORTED_LANGUAGES } from '@flagpole/contract';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

const localesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../locales');
type Dictionary = { [key: string]: string | Dictionary };

function flatten(dictionary: Dictionary, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(dictionary)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const locales = new Map(
  readdirSync(localesDir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => [
      file.replace('.json', ''),
      flatten(JSON.parse(readFileSync(path.join(localesDir, file), 'utf8')) as Dictionary),
    ]),
);
const PLURAL = /_(zero|one|two|few|many|other)$/;

describe('plural forms in every language', () => {
  it('has a file for each supported language', () => {
    expect([...locales.keys()].sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
  });

  it.each([...SUPPORTED_LANGUAGES])('%s writes every plural form its grammar uses', (language) => {
    const texts = locales.get(language) ?? new Map<string, string>();
    const english = locales.get('en-US') ?? new Map<string, string>();
    const bases = new Set([...english.keys()].filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, '')));
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const missing: string[] = [];
    for (const base of bases) {
      for (const category of categories) {
        // French and Spanish "many" is for millions ("1 000 000 de…"): the "other" text stands in (plural-forms.ts).
        if (category === 'many' && (language === 'fr-FR' || language === 'es-ES')) continue;
        if (!texts.has(`${base}_${category}`)) missing.push(`${base}_${category}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it.each([...SUPPORTED_LANGUAGES])('%s has no "(s)"-style counts left', (language) => {
    const texts = locales.get(language) ?? new Map<string, string>();
    // "flag(s)", "Zeile(n)", "ajouté(s)", "dépasse(nt)", "infractor(es)", "einreichende(s)": a plural form does it.
    const hedged = [...texts].filter(([, text]) => /\p{L}\((s|n|e|en|es|nt|x)\)/u.test(text)).map(([key]) => key);
    expect(hedged).toEqual([]);
  });
});

describe('the translation library picks the right form', () => {
  it('in English, Russian and Japanese', async () => {
    const resources = Object.fromEntries(
      ['en-US', 'ru-RU', 'ja-JP'].map((language) => [
        language,
        { translation: JSON.parse(readFileSync(path.join(localesDir, `${language}.json`), 'utf8')) as Dictionary },
      ]),
    );
    const i18n = i18next.createInstance();
    await i18n.init({ resources, lng: 'en-US', interpolation: { escapeValue: false } });
    const added = (language: string, count: number) =>
      i18n.getFixedT(language)('adminGames.flags.added', { count }) as string;
    expect(added('en-US', 1)).toBe('1 flag added.');
    expect(added('en-US', 2)).toBe('2 flags added.');
    expect([1, 2, 5, 21, 22, 25].map((n) => added('ru-RU', n))).toEqual([
      'Добавлен 1 флаг.',
      'Добавлено 2 флага.',
      'Добавлено 5 флагов.',
      'Добавлен 21 флаг.',
      'Добавлено 22 флага.',
      'Добавлено 25 флагов.',
    ]);
    expect(added('ja-JP', 1)).toBe('1 個のフラグを追加しました。');
    expect(added('ja-JP', 3)).toBe('3 個のフラグを追加しました。');
  });
});

describe('one term per concept', () => {
  it.each([...SUPPORTED_LANGUAGES])('%s names the categories on the home page as the board does', (language) => {
    const texts = locales.get(language) ?? new Map<string, string>();
    const prose = texts.get('home.highlights.play.text') ?? '';
    for (const category of ['Web', 'Crypto', 'Reverse', 'Pwn']) {
      const name = texts.get(`challenges.categories.${category}.name`) ?? '';
      expect(prose, `${category} in ${language}`).toContain(name);
      // The editor's list uses the same name as the board.
      expect(texts.get(`adminGames.category.${category}`)).toBe(name);
    }
  });
});
