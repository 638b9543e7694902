import { checkThemeColor, type ThemeColorCheck } from './contrast';
import { palettes } from './create-theme';

/** A picked theme colour checked against the two page backgrounds of the product (light and dark scheme). */
export function checkSchemeColor(color: string): ThemeColorCheck {
  return checkThemeColor(color, palettes.gray[0], palettes.dark[8]);
}
