import { describe, expect, it } from 'vitest';
import { languageFromAcceptHeader, matchLanguage } from './languages';

describe('matchLanguage', () => {
  it('matches exact tags case-insensitively', () => {
    expect(matchLanguage('ja-jp')).toBe('ja-JP');
    expect(matchLanguage('EN-us')).toBe('en-US');
  });

  it('matches by primary subtag', () => {
    expect(matchLanguage('de')).toBe('de-DE');
    expect(matchLanguage('fr-CA')).toBe('fr-FR');
    expect(matchLanguage('en-GB')).toBe('en-US');
    expect(matchLanguage('ru_RU')).toBe('ru-RU');
  });

  it('sends traditional Chinese variants to zh-TW and others to zh-CN', () => {
    expect(matchLanguage('zh-Hant')).toBe('zh-TW');
    expect(matchLanguage('zh-HK')).toBe('zh-TW');
    expect(matchLanguage('zh')).toBe('zh-CN');
    expect(matchLanguage('zh-Hans-SG')).toBe('zh-CN');
  });

  it('drops unsupported and injection-looking values', () => {
    expect(matchLanguage('pt-BR')).toBeNull();
    expect(matchLanguage('<script>alert(1)</script>')).toBeNull();
    expect(matchLanguage('en"><img src=x onerror=alert(1)>')).toBeNull();
    expect(matchLanguage('javascript:alert(1)')).toBeNull();
    expect(matchLanguage('')).toBeNull();
    expect(matchLanguage(undefined)).toBeNull();
  });
});

describe('languageFromAcceptHeader', () => {
  it('honours quality values and order', () => {
    expect(languageFromAcceptHeader('pt-BR,ko;q=0.8,ja;q=0.9')).toBe('ja-JP');
    expect(languageFromAcceptHeader('vi-VN')).toBe('vi-VN');
  });

  it('falls back to en-US', () => {
    expect(languageFromAcceptHeader(undefined)).toBe('en-US');
    expect(languageFromAcceptHeader('pt-BR, *;q=0.1')).toBe('en-US');
    expect(languageFromAcceptHeader('ko;q=0')).toBe('en-US');
  });
});
