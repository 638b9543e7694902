import type { FlagMatchType } from '@flagpole/contract';
import { useTranslation } from 'react-i18next';
import type { FlagKindChoice } from '../../flag-match';

/** Translated names of the form's choices and of each stored match type. */
export function useFlagKindLabels(): { choice: Record<FlagKindChoice, string>; type: Record<FlagMatchType, string> } {
  const { t } = useTranslation();
  return {
    choice: {
      Exact: t('adminGames.flags.matchExact'),
      IgnoreCase: t('adminGames.flags.matchIgnoreCase'),
      Regex: t('adminGames.flags.matchRegex'),
    },
    type: {
      Exact: t('adminGames.flags.matchTypes.Exact'),
      IgnoreCase: t('adminGames.flags.matchTypes.IgnoreCase'),
      Regex: t('adminGames.flags.matchTypes.Regex'),
      RegexIgnoreCase: t('adminGames.flags.matchTypes.RegexIgnoreCase'),
    },
  };
}
