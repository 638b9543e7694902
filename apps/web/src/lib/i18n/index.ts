import manifest from 'virtual:i18n-manifest';
import { DEFAULT_LANGUAGE, type Language, matchLanguage, SUPPORTED_LANGUAGES } from '@flagpole/contract';
import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { setRequestLanguage } from '../http';
import { applyDayjsLocale } from './dayjs-locales';
import { CHOSEN_LANGUAGE_KEY, DETECTION_CACHE_KEY, DETECTION_ORDER, normaliseDetectedLanguage } from './detect';
import { completePluralForms } from './plural-forms';

/** Loads `/static/<lang>.<hash>.json`; a language without a file gets an empty dictionary. */
const hashedFileBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    const file = manifest[language.toLowerCase()];
    if (!file) {
      callback(null, {});
      return;
    }
    fetch(`/static/${file}`)
      .then((response) => {
        if (!response.ok) throw new Error(`Translation ${file}: HTTP ${response.status}`);
        return response.json();
      })
      .then(
        (dictionary) => callback(null, completePluralForms(dictionary, language)),
        (error: unknown) => callback(error instanceof Error ? error.message : String(error), false),
      );
  },
};

export function currentLanguage(): Language {
  return matchLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
}

function applyLanguage(): void {
  const language = currentLanguage();
  document.documentElement.lang = language;
  applyDayjsLocale(language);
  setRequestLanguage(language);
}

export async function initI18n(): Promise<void> {
  i18n.on('languageChanged', applyLanguage);
  await i18n
    .use(hashedFileBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: [...SUPPORTED_LANGUAGES],
      fallbackLng: DEFAULT_LANGUAGE,
      load: 'currentOnly',
      // React escapes text itself.
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      detection: {
        order: DETECTION_ORDER,
        lookupQuerystring: 'lng',
        lookupCookie: 'i18next',
        lookupLocalStorage: DETECTION_CACHE_KEY,
        lookupSessionStorage: DETECTION_CACHE_KEY,
        caches: ['localStorage'],
        convertDetectedLanguage: normaliseDetectedLanguage,
      },
    })
    .catch(() => {
      // A failed translation download leaves keys visible but must not stop the app.
    });
  applyLanguage();
}

/** The user picked a language in the menu. */
export async function chooseLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(CHOSEN_LANGUAGE_KEY, language);
  } catch {
    // Storage disabled: the choice lasts for this visit only.
  }
  await i18n.changeLanguage(language);
}

export { i18n };
