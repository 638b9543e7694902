import type { GlobalConfig } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '@/lib/theme/contrast';
import { palettes } from '@/lib/theme/create-theme';
import { domainListLines, normaliseDomainList, platformFormValues, toGlobalConfig } from './settings-form';

const current: GlobalConfig = {
  title: 'Flagpole',
  slogan: 'Hack for fun not for profit',
  description: null,
  footerInfo: null,
  aboutText: null,
  defaultLanguage: 'ko-KR',
  customTheme: 'not-a-colour',
  apiEncryption: true,
  logoHash: 'abc',
  faviconHash: 'def',
};

describe('platform settings form', () => {
  it('treats an invalid stored colour as no custom colour', () => {
    expect(platformFormValues(current)).toMatchObject({
      useCustomTheme: false,
      customTheme: '',
      description: '',
      aboutText: '',
      defaultLanguage: 'ko-KR',
    });
    expect(platformFormValues({ ...current, customTheme: '#12ab34' })).toMatchObject({
      useCustomTheme: true,
      customTheme: '#12ab34',
    });
  });

  it('trims texts, sends blank optional texts as null and leaves out fields it does not edit', () => {
    const saved = toGlobalConfig({
      title: '  Spring CTF ',
      slogan: 'Go',
      description: '   ',
      footerInfo: ' **Hosted by us** ',
      aboutText: '\n## Who we are\n',
      defaultLanguage: 'de-DE',
      useCustomTheme: true,
      customTheme: '#AB12CD',
    });
    expect(saved).toEqual({
      title: 'Spring CTF',
      slogan: 'Go',
      description: null,
      footerInfo: '**Hosted by us**',
      aboutText: '## Who we are',
      defaultLanguage: 'de-DE',
      customTheme: '#ab12cd',
    });
  });

  it('saves a colour too pale for the light scheme as a darker one that stands out on both (issue 32)', () => {
    const values = { ...platformFormValues(current), useCustomTheme: true, customTheme: '#fff59d' };
    const saved = toGlobalConfig(values).customTheme ?? '';
    expect(saved).not.toBe('#fff59d');
    expect(contrastRatio(saved, palettes.gray[0])).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(saved, palettes.dark[8])).toBeGreaterThanOrEqual(3);
  });

  it('clears the colour when the custom colour is switched off', () => {
    const values = { ...platformFormValues(current), useCustomTheme: false, customTheme: '#123456' };
    expect(toGlobalConfig(values).customTheme).toBeNull();
  });
});

describe('allowed e-mail domains', () => {
  it('normalises pasted lists to lower-case, comma-separated, unique domains', () => {
    expect(normaliseDomainList(' Example.edu\n@students.example.org; example.edu , ,other.net ')).toBe(
      'example.edu,students.example.org,other.net',
    );
    expect(normaliseDomainList('   ')).toBe('');
  });

  it('shows the stored list one domain per line', () => {
    expect(domainListLines('a.org,b.org')).toBe('a.org\nb.org');
    expect(domainListLines('')).toBe('');
  });
});
