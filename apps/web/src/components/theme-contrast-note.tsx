import { isHexColor } from '@flagpole/contract';
import { useTranslation } from 'react-i18next';
import { checkSchemeColor } from '@/lib/theme/theme-color-check';

/**
 * Says whether a picked theme colour reads in both schemes, or which colour saving uses instead; shown as the
 * colour field's description, so a screen reader reads it with the field.
 */
export function ThemeContrastNote({ color }: { color: string }) {
  const { t } = useTranslation();
  if (!isHexColor(color)) return null;
  const check = checkSchemeColor(color);
  if (!check.readable) return t('theme.contrastAdjusted', { color: check.adjusted });
  return t('theme.contrastOk', { light: check.onLight.toFixed(1), dark: check.onDark.toFixed(1) });
}
