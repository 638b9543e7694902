import { describe, expect, it } from 'vitest';
import { normaliseDetectedLanguage, pickLanguage } from './detect';

describe('normaliseDetectedLanguage', () => {
  it('maps exact and prefix matches to supported languages', () => {
    expect(normaliseDetectedLanguage('en-US')).toBe('en-US');
    expect(normaliseDetectedLanguage('ja')).toBe('ja-JP');
    expect(normaliseDetectedLanguage('de-AT')).toBe('de-DE');
    expect(normaliseDetectedLanguage('zh-Hant-HK')).toBe('zh-TW');
    expect(normaliseDetectedLanguage('zh')).toBe('zh-CN');
    expect(normaliseDetectedLanguage('FR_ca')).toBe('fr-FR');
  });

  it('keeps unsupported plain tags so the next source is tried', () => {
    expect(normaliseDetectedLanguage('nl-NL')).toBe('nl-NL');
  });

  it('drops values that look like injected markup or script', () => {
    expect(normaliseDetectedLanguage('<script>alert(1)</script>')).toBe('');
    expect(normaliseDetectedLanguage('en" onmouseover="x()')).toBe('');
    expect(normaliseDetectedLanguage('javascript:alert(1)')).toBe('');
  });
});

describe('pickLanguage', () => {
  it('takes the first supported candidate', () => {
    expect(pickLanguage(['nl', 'ko-KR', 'en-US'])).toBe('ko-KR');
  });

  it('falls back to en-US when nothing is supported or the input is unsafe', () => {
    expect(pickLanguage(['nl', 'sv-SE'])).toBe('en-US');
    expect(pickLanguage(['<img src=x onerror=alert(1)>'])).toBe('en-US');
    expect(pickLanguage([null, undefined, ''])).toBe('en-US');
  });
});
