/** The interface languages; en-US is the default and the fallback. */
export const SUPPORTED_LANGUAGES = [
  'en-US',
  'zh-CN',
  'zh-TW',
  'ja-JP',
  'id-ID',
  'ko-KR',
  'ru-RU',
  'vi-VN',
  'de-DE',
  'fr-FR',
  'es-ES',
] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-US';

/** Languages whose translation was produced by machine; choosing one asks for confirmation. */
export const MACHINE_TRANSLATED_LANGUAGES: readonly Language[] = ['de-DE', 'fr-FR', 'es-ES'];

/** Display names in their own language, for the language picker. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'en-US': 'English',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  'ja-JP': '日本語',
  'id-ID': 'Bahasa Indonesia',
  'ko-KR': '한국어',
  'ru-RU': 'Русский',
  'vi-VN': 'Tiếng Việt',
  'de-DE': 'Deutsch',
  'fr-FR': 'Français',
  'es-ES': 'Español',
};

const SAFE_TAG = /^[A-Za-z]{2,8}(?:[-_][A-Za-z0-9]{1,8})*$/;

/**
 * Maps any language tag to a supported language, or null.
 * An exact match (case-insensitive) wins; otherwise a tag sharing the primary subtag matches
 * (zh-Hant/zh-HK/zh-MO go to zh-TW). Values that are not plain language tags (for example
 * an injected script) are dropped.
 */
export function matchLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const trimmed = tag.trim();
  if (!SAFE_TAG.test(trimmed)) return null;
  const normalized = trimmed.replace('_', '-').toLowerCase();
  const exact = SUPPORTED_LANGUAGES.find((l) => l.toLowerCase() === normalized);
  if (exact) return exact;
  const [primary, ...rest] = normalized.split('-');
  if (primary === 'zh') {
    return rest.some((p) => p === 'hant' || p === 'tw' || p === 'hk' || p === 'mo') ? 'zh-TW' : 'zh-CN';
  }
  return SUPPORTED_LANGUAGES.find((l) => l.toLowerCase().split('-')[0] === primary) ?? null;
}

/** Picks the best supported language from an Accept-Language header (quality values respected). */
export function languageFromAcceptHeader(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag, quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const entry of ranked) {
    const match = matchLanguage(entry.tag);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}
