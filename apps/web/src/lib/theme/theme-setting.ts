import { isHexColor } from '@flagpole/contract';

export type ThemeProvider = 'Managed' | 'Default' | 'Custom';

export interface ThemeSetting {
  provider: ThemeProvider;
  /** Only meaningful for Custom. */
  color: string;
}

export const THEME_SETTING_KEY = 'theme-color';
export const MANAGED_SETTING: ThemeSetting = { provider: 'Managed', color: '' };

const PROVIDERS: readonly ThemeProvider[] = ['Managed', 'Default', 'Custom'];

/** A stored setting; anything unreadable, or Custom with a bad colour, counts as Managed. */
export function parseThemeSetting(raw: string | null): ThemeSetting {
  if (!raw) return MANAGED_SETTING;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return MANAGED_SETTING;
    const { provider, color } = value as Record<string, unknown>;
    if (!PROVIDERS.includes(provider as ThemeProvider)) return MANAGED_SETTING;
    if (provider === 'Custom') return isHexColor(color) ? { provider, color } : MANAGED_SETTING;
    return { provider: provider as ThemeProvider, color: '' };
  } catch {
    return MANAGED_SETTING;
  }
}

/**
 * The setting to keep after the user saves `next`: a Custom choice with an invalid colour is ignored,
 * so the current setting stays.
 */
export function settingToSave(current: ThemeSetting, next: ThemeSetting): ThemeSetting {
  if (next.provider !== 'Custom') return { provider: next.provider, color: '' };
  return isHexColor(next.color) ? { provider: 'Custom', color: next.color.toLowerCase() } : current;
}

/** The primary colour to build a palette from, or null for the built-in brand palette. */
export function resolvePrimaryColor(
  setting: ThemeSetting,
  serverCustomTheme: string | null | undefined,
): string | null {
  switch (setting.provider) {
    case 'Default':
      return null;
    case 'Custom':
      if (isHexColor(setting.color)) return setting.color;
      return isHexColor(serverCustomTheme) ? serverCustomTheme : null;
    case 'Managed':
      return isHexColor(serverCustomTheme) ? serverCustomTheme : null;
  }
}
