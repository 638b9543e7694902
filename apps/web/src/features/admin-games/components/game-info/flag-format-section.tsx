import { FLAG_FORMAT_PATTERN, flagPlaceholder } from '@flagpole/contract';
import { Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { monoInput } from '@/lib/mono-input';
import type { GameFormValues } from '../../game-form';

/** Empty (no format) or a prefix the contract accepts. */
export const validateFlagFormat = (t: (key: 'adminGames.flagFormat.invalid') => string) => (value: string) =>
  value.trim() === '' || FLAG_FORMAT_PATTERN.test(value.trim()) ? null : t('adminGames.flagFormat.invalid');

/** The game's flag format: the prefix players see in the flag input and the optional check before sending. */
export function FlagFormatSection({ form }: { form: UseFormReturnType<GameFormValues> }) {
  const { t } = useTranslation();
  const prefix = form.values.flagFormat.trim();
  return (
    <SectionCard compact title={t('adminGames.flagFormat.title')}>
      <TextInput
        label={t('adminGames.flagFormat.prefix')}
        description={t('adminGames.flagFormat.prefixHint', { example: flagPlaceholder(prefix || null) })}
        placeholder="flag"
        maxLength={32}
        autoComplete="off"
        spellCheck={false}
        styles={monoInput}
        {...form.getInputProps('flagFormat')}
      />
      <Switch
        label={t('adminGames.flagFormat.check')}
        description={t('adminGames.flagFormat.checkHint')}
        disabled={prefix === ''}
        {...form.getInputProps('flagFormatCheck', { type: 'checkbox' })}
      />
    </SectionCard>
  );
}
