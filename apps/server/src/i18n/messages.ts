import type { Language } from '@flagpole/contract';
import deDE from './locales/de-DE.json' with { type: 'json' };
import english from './locales/en-US.json' with { type: 'json' };
import esES from './locales/es-ES.json' with { type: 'json' };
import frFR from './locales/fr-FR.json' with { type: 'json' };
import idID from './locales/id-ID.json' with { type: 'json' };
import jaJP from './locales/ja-JP.json' with { type: 'json' };
import koKR from './locales/ko-KR.json' with { type: 'json' };
import ruRU from './locales/ru-RU.json' with { type: 'json' };
import viVN from './locales/vi-VN.json' with { type: 'json' };
import zhCN from './locales/zh-CN.json' with { type: 'json' };
import zhTW from './locales/zh-TW.json' with { type: 'json' };

/** A key of the server's message catalogue; en-US defines the set. */
export type MessageKey = keyof typeof english;
export type MessageParams = Record<string, string | number>;

/**
 * Every catalogue, imported so that the bundler puts them into the build (`npm start` runs the bundle in
 * dist/, where no locale files lie beside the code). The record type makes a new language a compile error
 * until its catalogue is added here.
 */
const catalogues: Record<Language, Partial<Record<MessageKey, string>>> = {
  'en-US': english,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  'ja-JP': jaJP,
  'id-ID': idID,
  'ko-KR': koKR,
  'ru-RU': ruRU,
  'vi-VN': viVN,
  'de-DE': deDE,
  'fr-FR': frFR,
  'es-ES': esES,
};

/** The message in the given language (English when missing), with `{name}` placeholders filled. */
export function translate(language: Language, key: MessageKey, params?: MessageParams): string {
  const template = catalogues[language]?.[key] ?? english[key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

export function catalogueKeys(language: Language): string[] {
  return Object.keys(catalogues[language] ?? {});
}
