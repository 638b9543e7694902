import { existsSync, readFileSync } from 'node:fs';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from '@flagpole/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import english from './locales/en-US.json' with { type: 'json' };
import { catalogueKeys, translate } from './messages';

const catalogueUrl = (language: string) => new URL(`./locales/${language}.json`, import.meta.url);
const placeholders = (text: string) => [...new Set(text.match(/\{\w+\}/g) ?? [])].sort();
const englishEntries = Object.entries(english as Record<string, string>);
const englishKeys = Object.keys(english).sort();

describe.each(SUPPORTED_LANGUAGES)('message catalogue %s', (language) => {
  const load = () => JSON.parse(readFileSync(catalogueUrl(language), 'utf8')) as Record<string, unknown>;

  it('exists and has exactly the keys of en-US', () => {
    expect(existsSync(catalogueUrl(language))).toBe(true);
    expect(Object.keys(load()).sort()).toEqual(englishKeys);
  });

  it('has non-empty strings with the same placeholders and line breaks as en-US', () => {
    const catalogue = load();
    for (const [key, source] of englishEntries) {
      const value = catalogue[key];
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
      expect(placeholders(value as string), key).toEqual(placeholders(source));
      expect((value as string).split('\n').length, key).toBe(source.split('\n').length);
    }
  });

  it.skipIf(language === DEFAULT_LANGUAGE)('is actually translated', () => {
    const catalogue = load();
    const translated = englishEntries.filter(([key, source]) => catalogue[key] !== source).length;
    expect(translated / englishEntries.length).toBeGreaterThanOrEqual(0.9);
  });
});

describe('translate', () => {
  it('returns the German text with parameters filled', () => {
    expect(translate('de-DE', 'error.rateLimited', { seconds: 30 })).toBe(
      'Zu viele Anfragen; bitte versuchen Sie es in 30 Sekunden erneut.',
    );
    expect(translate('de-DE', 'error.missingField', { field: 'email' })).toBe('„email“ ist erforderlich.');
  });

  it('returns English for en-US and the template unchanged without parameters', () => {
    expect(translate('en-US', 'error.rateLimited', { seconds: 5 })).toBe(
      'Too many requests; please try again in 5 seconds.',
    );
    expect(translate('de-DE', 'error.rateLimited')).toContain('{seconds}');
  });

  it('leaves placeholders without a parameter as they are', () => {
    expect(translate('de-DE', 'mail.verify.subject', { userName: 'alice' })).toBe(
      '{title}: Bestätigen Sie Ihre E-Mail-Adresse',
    );
  });

  it('loads every catalogue completely', () => {
    for (const language of SUPPORTED_LANGUAGES) expect(catalogueKeys(language).sort()).toEqual(englishKeys);
  });
});

describe('translate with an incomplete catalogue', () => {
  afterEach(() => {
    vi.doUnmock('./locales/de-DE.json');
    vi.resetModules();
  });

  it('falls back to English for keys the language lacks', async () => {
    vi.resetModules();
    vi.doMock('./locales/de-DE.json', () => ({ default: { 'error.notFound': 'Nicht gefunden.' } }));
    const messages = await import('./messages');
    expect(messages.translate('de-DE', 'error.notFound')).toBe('Nicht gefunden.');
    expect(messages.translate('de-DE', 'error.rateLimited', { seconds: 7 })).toBe(
      'Too many requests; please try again in 7 seconds.',
    );
    expect(messages.catalogueKeys('de-DE')).toEqual(['error.notFound']);
  });
});
