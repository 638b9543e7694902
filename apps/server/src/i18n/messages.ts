import { readFileSync } from 'node:fs';
import { DEFAULT_LANGUAGE, type Language, SUPPORTED_LANGUAGES } from '@flagpole/contract';
import english from './locales/en-US.json' with { type: 'json' };

/** A key of the server's message catalogue; en-US defines the set. */
export type MessageKey = keyof typeof english;
export type MessageParams = Record<string, string | number>;

function loadCatalogue(language: Language): Partial<Record<MessageKey, string>> {
  if (language === DEFAULT_LANGUAGE) return english;
  try {
    const url = new URL(`./locales/${language}.json`, import.meta.url);
    return JSON.parse(readFileSync(url, 'utf8')) as Partial<Record<MessageKey, string>>;
  } catch {
    return {};
  }
}

const catalogues = new Map<Language, Partial<Record<MessageKey, string>>>(
  SUPPORTED_LANGUAGES.map((language) => [language, loadCatalogue(language)]),
);

/** The message in the given language (English when missing), with `{name}` placeholders filled. */
export function translate(language: Language, key: MessageKey, params?: MessageParams): string {
  const template = catalogues.get(language)?.[key] ?? english[key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

export function catalogueKeys(language: Language): string[] {
  return Object.keys(catalogues.get(language) ?? {});
}
