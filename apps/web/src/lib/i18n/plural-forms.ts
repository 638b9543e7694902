type Dictionary = { [key: string]: unknown };

const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

/**
 * A safety net under the translation files: every plural form a language uses and its file lacks is filled with
 * the language's own `_other` text, never English. The files write every form they need (Russian one, few, many;
 * `locale-plurals.test.ts` checks it); what is left to fill is French and Spanish "many", used only for millions.
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
