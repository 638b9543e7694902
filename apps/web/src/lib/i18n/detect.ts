import { DEFAULT_LANGUAGE, type Language, matchLanguage } from '@flagpole/contract';

/** Where the interface language comes from, first match wins. */
export const DETECTION_ORDER = ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'];
export const DETECTION_CACHE_KEY = 'i18nextLng';
/** The user's explicit choice in the language menu. */
export const CHOSEN_LANGUAGE_KEY = 'language';

/**
 * Maps one detected value to a supported language. Unsupported values come back unchanged, so i18next
 * skips them and tries the next source; values that look like markup or script are replaced by an
 * empty string, which i18next also skips.
 */
export function normaliseDetectedLanguage(value: string): string {
  const match = matchLanguage(value);
  if (match) return match;
  return /^[A-Za-z0-9_-]{1,35}$/.test(value) ? value : '';
}

/** The language to use for a list of detected values, in order of preference. */
export function pickLanguage(candidates: readonly (string | null | undefined)[]): Language {
  for (const candidate of candidates) {
    const match = matchLanguage(candidate);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}
