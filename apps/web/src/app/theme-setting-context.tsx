import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { parseThemeSetting, settingToSave, THEME_SETTING_KEY, type ThemeSetting } from '@/lib/theme/theme-setting';

interface ThemeSettingContextValue {
  setting: ThemeSetting;
  /** Returns false when the choice was ignored (Custom with an invalid colour). */
  save: (next: ThemeSetting) => boolean;
}

const ThemeSettingContext = createContext<ThemeSettingContextValue | null>(null);

function readSetting(): ThemeSetting {
  try {
    return parseThemeSetting(localStorage.getItem(THEME_SETTING_KEY));
  } catch {
    return parseThemeSetting(null);
  }
}

export function ThemeSettingProvider({ children }: { children: ReactNode }) {
  const [setting, setSetting] = useState(readSetting);

  const save = useCallback(
    (next: ThemeSetting) => {
      const kept = settingToSave(setting, next);
      if (kept === setting) return next.provider === setting.provider && next.color === setting.color;
      setSetting(kept);
      try {
        localStorage.setItem(THEME_SETTING_KEY, JSON.stringify(kept));
      } catch {
        // Storage disabled: the colour lasts for this visit only.
      }
      return true;
    },
    [setting],
  );

  const value = useMemo(() => ({ setting, save }), [setting, save]);
  return <ThemeSettingContext.Provider value={value}>{children}</ThemeSettingContext.Provider>;
}

export function useThemeSetting(): ThemeSettingContextValue {
  const value = useContext(ThemeSettingContext);
  if (!value) throw new Error('useThemeSetting must be used inside ThemeSettingProvider');
  return value;
}
