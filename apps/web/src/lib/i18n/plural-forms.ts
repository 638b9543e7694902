type Dictionary = { [key: string]: unknown };

const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

/**
 * Translation files carry the English plural forms (`_one`, `_other`). Languages with more forms
 * (Russian: few, many) would otherwise fall back to English for those counts, so every form the
 * language uses and the file lacks is filled with the language's own `_other` text.
 */
export function completePluralForms(dictionary: Dictionary, language: string): Dictionary {
  const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const result: Dictionary = {};
  for (const [key, value] of Object.entries(dictionary)) {
    result[key] =
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? completePluralForms(value as Dictionary, language)
        : value;
  }
  for (const [key, value] of Object.entries(dictionary)) {
    if (!key.endsWith('_other') || typeof value !== 'string') continue;
    const base = key.slice(0, -'_other'.length);
    for (const category of needed) {
      if (!PLURAL_SUFFIXES.includes(category)) continue;
      const form = `${base}_${category}`;
      if (!(form in result)) result[form] = value;
    }
  }
  return result;
}
