import type { AccountPolicy, GlobalConfig, Language } from '@flagpole/contract';
import { isHexColor } from '@flagpole/contract';
import { checkSchemeColor } from '@/lib/theme/theme-color-check';

export interface PlatformFormValues {
  title: string;
  slogan: string;
  description: string;
  footerInfo: string;
  aboutText: string;
  defaultLanguage: Language;
  useCustomTheme: boolean;
  customTheme: string;
}

export function platformFormValues(config: GlobalConfig): PlatformFormValues {
  return {
    title: config.title,
    slogan: config.slogan,
    description: config.description ?? '',
    footerInfo: config.footerInfo ?? '',
    aboutText: config.aboutText ?? '',
    defaultLanguage: config.defaultLanguage,
    useCustomTheme: isHexColor(config.customTheme),
    customTheme: isHexColor(config.customTheme) ? config.customTheme : '',
  };
}

/**
 * The global section to save: trimmed texts, blank optional texts as null, and the theme colour only when the
 * custom colour is switched on, moved to a readable lightness when it is too pale or too dark for one scheme
 * (the form warns before saving). Fields the form does not edit (logo, encryption) are left out, so they keep
 * their stored values.
 */
export function toGlobalConfig(values: PlatformFormValues): Partial<GlobalConfig> {
  return {
    title: values.title.trim(),
    slogan: values.slogan.trim(),
    description: values.description.trim() || null,
    footerInfo: values.footerInfo.trim() || null,
    aboutText: values.aboutText.trim() || null,
    defaultLanguage: values.defaultLanguage,
    customTheme: values.useCustomTheme ? checkSchemeColor(values.customTheme.trim()).adjusted : null,
  };
}

/**
 * The allowed e-mail domains as the server stores them: comma-separated, lower case, without `@`, duplicates and
 * blanks removed; admins may paste them one per line, separated by commas, semicolons or spaces.
 */
export function normaliseDomainList(text: string): string {
  const domains = text
    .split(/[\s,;]+/)
    .map((domain) => domain.trim().replace(/^@+/, '').toLowerCase())
    .filter(Boolean);
  return [...new Set(domains)].join(',');
}

/** The stored list shown one domain per line for editing. */
export function domainListLines(stored: string): string {
  return stored.split(',').filter(Boolean).join('\n');
}

export function toAccountPolicy(values: AccountPolicy): AccountPolicy {
  return { ...values, emailDomainList: normaliseDomainList(values.emailDomainList) };
}
